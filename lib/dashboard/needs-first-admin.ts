import { getDb } from "@/db/client";
import { hasAnyUser } from "@/lib/accounts/has-any-user";

/** True until the first account exists: the sign-in page then offers to create the first admin. */
export async function needsFirstAdmin(): Promise<boolean> {
  return !(await hasAnyUser(await getDb()));
}
