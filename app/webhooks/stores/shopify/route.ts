import { handleStoreWebhook } from "@/lib/api/store-webhooks";

export const POST = (request: Request) => handleStoreWebhook(request, "shopify");
