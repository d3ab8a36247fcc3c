import type { AuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { getDb } from "@/db/client";
import { getMembership } from "@/lib/accounts/get-membership";
import { passwordStamp } from "@/lib/accounts/hash-password";
import { normalizeEmail } from "@/lib/accounts/user-email";
import { verifyCredentials } from "@/lib/accounts/verify-credentials";
import { nextAuthSecret } from "./nextauth-secret";
import { clearSignInFailures, recordSignInFailure, signInBlockedMinutes } from "./sign-in-attempts";

const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

async function authorize(credentials: Record<"email" | "password", string> | undefined) {
  if (!credentials?.email || !credentials.password) return null;
  const email = normalizeEmail(credentials.email);
  const waitMinutes = await signInBlockedMinutes(email);
  if (waitMinutes > 0) throw new Error(`Too many wrong passwords for this address. Try again in ${waitMinutes} minutes.`);
  const db = await getDb();
  const user = await verifyCredentials(db, email, credentials.password);
  // An account that belongs to no organisation has nothing to show.
  if (!user || !(await getMembership(db, user.id))) {
    await recordSignInFailure(email);
    return null;
  }
  await clearSignInFailures(email);
  return { id: user.id, email: user.email, name: user.name, stamp: passwordStamp(user.passwordHash) };
}

let options: AuthOptions | undefined;

/** next-auth's configuration, built on first use (the secret may have to be read from disk). */
export function authOptions(): AuthOptions {
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
    callbacks: {
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
