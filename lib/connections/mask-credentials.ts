import type { Courier } from "@/lib/couriers/types";
import type { Credentials } from "./credentials-cipher";
import { credentialFieldsFor } from "@/lib/carriers/descriptors";

export const MASK = "••••";
// The last four characters of a short secret would give away too much of it.
const MIN_LENGTH_FOR_TAIL = 12;

export function maskSecret(value: string): string {
  return value.length >= MIN_LENGTH_FOR_TAIL ? `${MASK}${value.slice(-4)}` : MASK;
}

/** Credentials as the API shows them: secret fields masked ("••••1234"), the others as stored. */
export function maskCredentials(courier: Courier | undefined, credentials: Credentials): Credentials {
  // A field the courier no longer describes (or a courier no longer known) is treated as secret.
  const visible = new Set((courier ? credentialFieldsFor(courier.slug) : []).filter((field) => !field.secret).map((field) => field.name));
  return Object.fromEntries(Object.entries(credentials).map(([name, value]) => [name, visible.has(name) ? value : maskSecret(value)]));
}
