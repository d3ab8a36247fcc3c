import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Executor } from "@/db/client";
import { type Organization, organizationLogos, organizations, type TrackingPageSettings } from "@/db/schema";
import { forgetAllApiKeys } from "@/lib/accounts/authenticate-api-key";
import { ConflictError, InvalidError } from "@/lib/domain-errors";
import { rememberPageHandle } from "@/lib/trackings/page/links";
import { PAGE_LANGUAGES } from "@/lib/trackings/shopper-texts";
import { isOperatorHost } from "@/lib/http/operator-hosts";
import { isUniqueViolation } from "@/db/unique-violation";
import { domainClaim } from "@/lib/trackings/page/domain-proof";
import { forgetMerchantDomain } from "@/lib/trackings/page/merchant-domains";

/**
 * 3 to 30 characters: never as long as an organisation id (32), so a handle can never shadow the
 * id-based links made before an organisation had one.
 */
const HANDLE = /^[a-z0-9](?:[a-z0-9-]{1,28})[a-z0-9]$/;
const HOST = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const HEX_COLOR = /^#[0-9a-f]{6}$/;

/** WCAG relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const channel = parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => value || undefined)
    .optional();

export const trackingPageInput = z.object({
  handle: z
    .string()
    .trim()
    .toLowerCase()
    .transform((value) => value || null)
    .refine((value) => value === null || HANDLE.test(value), "3 to 30 lower-case letters, digits or hyphens, not starting or ending with a hyphen.")
    .nullable(),
  displayName: optionalText(80),
  accentColor: z
    .string()
    .trim()
    .toLowerCase()
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || HEX_COLOR.test(value), "a colour as #rrggbb.")
    // White text sits on the accent: it must stay readable (WCAG AA, contrast at least 4.5:1).
    .refine((value) => value === undefined || 1.05 / (luminance(value) + 0.05) >= 4.5, "too light for white text on it; choose a darker colour.")
    .optional(),
  supportEmail: z
    .string()
    .trim()
    .transform((value) => value || undefined)
    .pipe(z.string().email("an e-mail address.").max(200).optional())
    .optional(),
  links: z
    .array(
      z.object({
        label: z.string().trim().min(1).max(60),
        url: z
          .string()
          .trim()
          .max(500)
          .url()
          .regex(/^https?:\/\//i, "a web address (http or https)."),
      }),
    )
    .max(5)
    .default([]),
  languages: z.array(z.enum(PAGE_LANGUAGES)).min(1, "at least one language.").default(["en"]),
  hideCourier: z.boolean().default(false),
  hideOrigin: z.boolean().default(false),
  scanWording: z.enum(["both", "translated", "original"]).default("both"),
  customDomain: z
    .string()
    .trim()
    .toLowerCase()
    .transform((value) => value || null)
    .refine((value) => value === null || HOST.test(value), "a host name such as track.example.com.")
    .refine(
      (value) => value === null || !isOperatorHost(value),
      "that is this Waybill server's own address; use a domain of your shop, such as track.yourshop.com.",
    )
    .nullable(),
});
export type TrackingPageInput = z.input<typeof trackingPageInput>;

/**
 * Saves the tracking page's address and look; a handle another organisation has is refused. A new
 * domain is only claimed: it is served once the merchant proves it (`proveCustomDomain`).
 */
export async function updateTrackingPage(db: Executor, organization: Organization, input: unknown): Promise<Organization> {
  const parsed = trackingPageInput.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join(".") || "trackingPage";
    throw new InvalidError(field, "invalid", `${field}: ${issue.message}`);
  }
  const { handle, customDomain, ...look } = parsed.data;
  const trackingPage: TrackingPageSettings = { ...look, links: look.links, languages: [...new Set(look.languages)] };
  try {
    const [row] = await db
      .update(organizations)
      .set({ handle, ...domainClaim(organization, customDomain), trackingPage, updatedAt: new Date() })
      .where(eq(organizations.id, organization.id))
      .returning();
    rememberPageHandle(row!);
    if (organization.customDomain) forgetMerchantDomain(organization.customDomain);
    // The API caches each key with its organisation: drop them so links use the new handle at once.
    forgetAllApiKeys();
    return row!;
  } catch (error) {
    if (isUniqueViolation(error, "organizations_handle_idx")) throw new ConflictError("handle", `The handle "${handle}" is taken: choose another.`);
    throw error;
  }
}

const MAX_LOGO_BYTES = 200 * 1024;
/** Image types told by their first bytes, not by what the upload claims. */
const SIGNATURES: Array<[string, number[]]> = [
  ["image/png", [0x89, 0x50, 0x4e, 0x47]],
  ["image/jpeg", [0xff, 0xd8, 0xff]],
  ["image/gif", [0x47, 0x49, 0x46, 0x38]],
];

function imageType(bytes: Uint8Array): string | null {
  const webp = bytes.length > 12 && String.fromCharCode(...bytes.slice(0, 4)) === "RIFF" && String.fromCharCode(...bytes.slice(8, 12)) === "WEBP";
  if (webp) return "image/webp";
  return SIGNATURES.find(([, magic]) => magic.every((byte, index) => bytes[index] === byte))?.[0] ?? null;
}

/** Stores the page's logo: PNG, JPEG, GIF or WebP up to 200 KB (no SVG: it can carry scripts). */
export async function setOrganizationLogo(db: Executor, organizationId: string, bytes: Uint8Array): Promise<void> {
  if (bytes.length === 0) throw new InvalidError("logo", "missing", "Choose an image file.");
  if (bytes.length > MAX_LOGO_BYTES) throw new InvalidError("logo", "invalid", "The logo may be at most 200 KB.");
  const contentType = imageType(bytes);
  if (!contentType) throw new InvalidError("logo", "format", "The logo must be a PNG, JPEG, GIF or WebP image.");
  const data = Buffer.from(bytes).toString("base64");
  await db
    .insert(organizationLogos)
    .values({ organizationId, contentType, data, updatedAt: new Date() })
    .onConflictDoUpdate({ target: organizationLogos.organizationId, set: { contentType, data, updatedAt: new Date() } });
}

export async function removeOrganizationLogo(db: Executor, organizationId: string): Promise<void> {
  await db.delete(organizationLogos).where(eq(organizationLogos.organizationId, organizationId));
}
