import { trackingPrefixRoute } from "@/lib/api/serve";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = trackingPrefixRoute();
