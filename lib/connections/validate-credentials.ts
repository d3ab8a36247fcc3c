import { InvalidError } from "@/lib/domain-errors";

const invalidValue = (field: string, detail: string) => new InvalidError(field, "invalid", `The value of \`${field}\` is invalid: ${detail}`);
const requiredValue = (field: string) => new InvalidError(field, "missing", `\`${field}\` is required.`);
import { getCourier } from "@/lib/couriers/get-courier";
import type { Courier } from "@/lib/couriers/types";
import type { Credentials } from "./credentials-cipher";
import { MASK } from "./mask-credentials";
import { credentialFieldsFor } from "@/lib/carriers/descriptors";

// Longer than any carrier's key or secret; keeps rows small.
const MAX_VALUE_LENGTH = 2048;

/** The courier of a connection: one Waybill knows and that publishes credential fields. */
export function connectionCourierOrThrow(slug: string): Courier {
  const courier = getCourier(slug.trim().toLowerCase());
  if (!courier) throw invalidValue("courier_slug", `no courier has the slug "${slug}".`);
  if (credentialFieldsFor(courier.slug).length === 0) {
    throw invalidValue("courier_slug", `${courier.slug} takes no connection credentials (its courier object lists no credentials.fields).`);
  }
  return courier;
}

/**
 * Checks credentials against the courier's `credentials.fields`: every field known and a string,
 * every required one present and non-blank. Returns the trimmed values, without empty optional ones.
 */
export function validateCredentials(courier: Courier, input: unknown): Credentials {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    throw invalidValue("credentials", "expected an object of credential fields.");
  }
  const fields = new Map(credentialFieldsFor(courier.slug).map((field) => [field.name, field]));
  const credentials: Credentials = {};
  for (const [name, value] of Object.entries(input)) {
    const path = `credentials.${name}`;
    if (!fields.has(name)) {
      throw invalidValue(path, `${courier.slug} takes ${[...fields.keys()].map((known) => `\`${known}\``).join(", ")}.`);
    }
    if (value === null || value === undefined) continue;
    if (typeof value !== "string") throw invalidValue(path, "expected a string.");
    if (value.startsWith(MASK)) throw invalidValue(path, "send the value itself, not the masked one read back.");
    if (value.length > MAX_VALUE_LENGTH) throw invalidValue(path, `at most ${MAX_VALUE_LENGTH} characters.`);
    if (value.trim()) credentials[name] = value.trim();
  }
  for (const field of credentialFieldsFor(courier.slug)) {
    if (field.required && !(field.name in credentials)) throw requiredValue(`credentials.${field.name}`);
  }
  return credentials;
}
