import { answerFeedback } from "@/lib/trackings/page/page-requests";

export const POST = async (request: Request, { params }: { params: Promise<{ handle: string; token: string }> }) => {
  const { handle, token } = await params;
  return answerFeedback(request, decodeURIComponent(handle), decodeURIComponent(token));
};
