import { handleStoreWebhook } from "@/lib/api/store-webhooks";

export const POST = async (request: Request, context: { params: Promise<{ storeId: string }> }) =>
  handleStoreWebhook(request, "woocommerce", (await context.params).storeId);
