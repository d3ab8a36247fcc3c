import { z } from "zod";
import { ApiError } from "@/lib/api/errors";

export const MAX_CONTACTS_PER_KIND = 3;
const E164 = /^\+[1-9]\d{1,14}$/;
const emailSchema = z.email();

/** Rejects the first invalid address by name: contacts are never silently dropped. */
export function validateEmails(emails: string[], field = "emails"): string[] {
  const cleaned = emails.map((email) => email.trim());
  for (const email of cleaned) {
    if (!emailSchema.safeParse(email).success) {
      throw new ApiError(4008, `The value of \`${field}\` is invalid: "${email}" is not an e-mail address.`);
    }
  }
  return [...new Set(cleaned)];
}

export function validatePhones(phones: string[], field = "smses"): string[] {
  const cleaned = phones.map((phone) => phone.replace(/[\s()-]/g, ""));
  for (const [index, phone] of cleaned.entries()) {
    if (!E164.test(phone)) {
      throw new ApiError(4008, `The value of \`${field}\` is invalid: "${phones[index]}" is not a phone number in E.164 form (e.g. +14155550123).`);
    }
  }
  return [...new Set(cleaned)];
}

export function assertAtMost(values: unknown[], field: string, max = MAX_CONTACTS_PER_KIND): void {
  if (values.length > max) {
    throw new ApiError(4008, `The value of \`${field}\` is invalid: at most ${max} entries are allowed.`);
  }
}
