import { unversionedRoute } from "@/lib/api/serve";

// 2024-07 serves its EDD batch prediction without a version segment.
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = unversionedRoute("2024-07", ["estimated-delivery-date"]);
