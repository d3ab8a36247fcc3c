import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { z } from "zod";
import { InvalidError } from "@/lib/domain-errors";

export const MAX_CONTACTS_PER_KIND = 3;
const emailSchema = z.email();

/** Rejects the first invalid address by name: contacts are never silently dropped. */
export function validateEmails(emails: string[], field = "emails"): string[] {
  const cleaned = emails.map((email) => email.trim());
  for (const email of cleaned) {
    if (!emailSchema.safeParse(email).success) {
      throw new InvalidError(field, "invalid", `The value of \`${field}\` is invalid: "${email}" is not an e-mail address.`);
    }
  }
  return [...new Set(cleaned)];
}

/**
 * International numbers only (SMS goes to any country, so there is no default region), checked
 * against the numbering plan of their country and stored in E.164 form.
 */
export function validatePhones(phones: string[], field = "smses"): string[] {
  const cleaned = phones.map((phone) => {
    const parsed = parsePhoneNumberFromString(phone.trim());
    if (!parsed?.isValid()) {
      throw new InvalidError(
        field,
        "invalid",
        `The value of \`${field}\` is invalid: "${phone}" is not a valid phone number in international form (e.g. +14155550123).`,
      );
    }
    return parsed.number;
  });
  return [...new Set(cleaned)];
}

export function assertAtMost(values: unknown[], field: string, max = MAX_CONTACTS_PER_KIND): void {
  if (values.length > max) {
    throw new InvalidError(field, "invalid", `The value of \`${field}\` is invalid: at most ${max} entries are allowed.`);
  }
}

function reachable(check: (values: string[]) => string[], value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    return check([value])[0] ?? null;
  } catch {
    return null;
  }
}

/**
 * A contact taken from elsewhere (a store's order, an imported tracking) in stored form, or null
 * when no message could reach it (a local phone number): left out rather than refusing the rest.
 */
export const reachableEmail = (value: string | null | undefined) => reachable(validateEmails, value);
export const reachablePhone = (value: string | null | undefined) => reachable(validatePhones, value);
