import { answerLogo } from "@/lib/trackings/page/page-requests";

export const GET = async (_request: Request, { params }: { params: Promise<{ handle: string }> }) => answerLogo(decodeURIComponent((await params).handle));
