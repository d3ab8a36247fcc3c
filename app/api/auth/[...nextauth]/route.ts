import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptions } from "@/lib/dashboard/auth-options";

type RouteContext = { params: Promise<{ nextauth: string[] }> };

// The options are built on the first request: the secret may have to be read from the data directory.
function handler(request: NextRequest, context: RouteContext): Promise<Response> {
  return NextAuth(request, context, authOptions());
}

export { handler as GET, handler as POST };
