import { createHash, randomBytes } from "node:crypto";

/** An invitation link's secret, and the hash stored in its place. */
export function newInvitationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(24).toString("base64url");
  return { token, tokenHash: hashInvitationToken(token) };
}

export function hashInvitationToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}
