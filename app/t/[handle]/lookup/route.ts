import { answerLookup } from "@/lib/trackings/page/page-requests";

export const POST = async (request: Request, { params }: { params: Promise<{ handle: string }> }) =>
  answerLookup(request, decodeURIComponent((await params).handle));
