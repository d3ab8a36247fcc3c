import { handleProviderPush } from "@/lib/api/provider-push";

export const POST = async (request: Request, context: { params: Promise<{ provider: string }> }) =>
  handleProviderPush(request, (await context.params).provider);
