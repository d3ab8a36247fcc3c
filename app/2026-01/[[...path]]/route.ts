import { versionRoute } from "@/lib/api/serve";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = versionRoute("2026-01");
