import NextAuth from "next-auth";
import { NextRequest } from "next/server";
import { authOptions } from "@/lib/dashboard/auth-options";
import { errorJson } from "@/lib/dashboard/dashboard-route";
import { BodyTooLarge, readLimitedText } from "@/lib/read-limited-body";

type RouteContext = { params: Promise<{ nextauth: string[] }> };

/** Sign-in forms are a few hundred bytes: anything past 16 KB is refused while it streams. */
const MAX_AUTH_BODY_BYTES = 16 * 1024;

// The options are built on the first request: the secret may have to be read from the data directory.
function GET(request: NextRequest, context: RouteContext): Promise<Response> {
  return NextAuth(request, context, authOptions());
}

async function POST(request: NextRequest, context: RouteContext): Promise<Response> {
  let body: string;
  try {
    body = await readLimitedText(request, MAX_AUTH_BODY_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLarge) return errorJson(413, error.message);
    return errorJson(400, error instanceof Error ? error.message : "The request body could not be read.");
  }
  return NextAuth(new NextRequest(request.url, { method: "POST", headers: request.headers, body }), context, authOptions());
}

export { GET, POST };
