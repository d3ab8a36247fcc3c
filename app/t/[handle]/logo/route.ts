import { answerLogo } from "@/lib/trackings/page/page-requests";

export const GET = async (request: Request, { params }: { params: Promise<{ handle: string }> }) =>
  answerLogo(request, decodeURIComponent((await params).handle));
