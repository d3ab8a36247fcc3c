import type { AuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { getDb } from "@/db/client";
import { getMembership } from "@/lib/accounts/get-membership";
import { endSessions, sessionStamp } from "@/lib/accounts/session-stamp";
import { normalizeEmail } from "@/lib/accounts/user-email";
import { verifyCredentials } from "@/lib/accounts/verify-credentials";
import { letNextAuthTrustHost } from "@/lib/env";
import { localPath } from "./local-path";
import { nextAuthSecret } from "./nextauth-secret";
import { clientAddressOf } from "@/lib/http/client-address";
import { takeSignInAttempt } from "./sign-in-attempts";

const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

export async function authorize(credentials: Record<"email" | "password", string> | undefined, request: { headers?: Record<string, unknown> }) {
  if (!credentials?.email || !credentials.password) return null;
  const email = normalizeEmail(credentials.email);
  const refund = await takeSignInAttempt(email, clientAddressOf((request.headers ?? {}) as Record<string, string>));
  const db = await getDb();
  const user = await verifyCredentials(db, email, credentials.password);
  // An account that belongs to no organisation has nothing to show.
  if (!user || !(await getMembership(db, user.id))) return null;
  await refund();
  return { id: user.id, email: user.email, name: user.name, stamp: sessionStamp(user) };
}

let options: AuthOptions | undefined;

/** next-auth's configuration, built on first use (the secret may have to be read from disk). */
export function authOptions(): AuthOptions {
  letNextAuthTrustHost();
  options ??= {
    secret: nextAuthSecret(),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: "/sign-in" },
    providers: [
      CredentialsProvider({
        name: "E-mail and password",
        credentials: { email: { label: "E-mail", type: "email" }, password: { label: "Password", type: "password" } },
        authorize,
      }),
    ],
    events: {
      // Signing out ends the user's other sessions too (a shared or lost device).
      async signOut({ token }) {
        if (token?.sub) await endSessions(await getDb(), token.sub);
      },
    },
    callbacks: {
      // Only ever back to a page of this site, whatever callbackUrl asked for (open redirects).
      redirect({ url, baseUrl }) {
        const path = url.startsWith(`${baseUrl}/`) ? url.slice(baseUrl.length) : url;
        return `${baseUrl}${localPath(path)}`;
      },
      jwt({ token, user }) {
        if (user) token.stamp = user.stamp;
        return token;
      },
      session({ session, token }) {
        return { ...session, userId: token.sub, stamp: token.stamp };
      },
    },
  };
  return options;
}
