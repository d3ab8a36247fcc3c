import { getDb } from "@/db/client";
import { clientAddressOf } from "@/lib/http/client-address";
import { findOrganizationByDomain, findPageOrganization } from "./find-page-organization";
import { LookupThrottled, takeLookup } from "./lookup-attempts";
import { loadPageTracking, lookUpTracking, type PageLookup } from "./look-up-tracking";
import { loadLogo } from "./page-brand";
import { offeredLanguages, pageLanguage } from "./page-language";
import { SHOPPER_TEXTS } from "../shopper-texts";

/** The tracking page's requests, for its thin route files: each opens the database itself. */
export type { PageOrganization } from "./find-page-organization";

export const pageOrganizationFor = async (handleOrId: string) => findPageOrganization(await getDb(), handleOrId);
export const domainOrganizationFor = async (host: string | null) => findOrganizationByDomain(await getDb(), host);
export const pageTrackingFor = async (organizationId: string, token: string) => loadPageTracking(await getDb(), organizationId, token);

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** A refusal page in the shopper's language: it says to wait, and nothing about any order. */
function throttled(message: string, back: string, retryAfterSeconds: number): Response {
  const body = `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>429</title><p>${message}</p><p><a href="${back}">←</a></p></html>`;
  return new Response(body, { status: 429, headers: { "content-type": "text/html; charset=utf-8", "retry-after": String(retryAfterSeconds) } });
}

/**
 * A shopper's lookup (a plain form post): found, it leads to the shipment's page; not found, back to
 * the form with one message for every failure, so it tells nothing about which orders exist.
 */
export async function answerLookup(request: Request, handleOrId: string): Promise<Response> {
  const db = await getDb();
  const organization = await findPageOrganization(db, handleOrId);
  if (!organization) return new Response("Not found", { status: 404 });
  const handle = encodeURIComponent(organization.handle ?? organization.id);
  const form = await request.formData().catch(() => new FormData());
  const language = pageLanguage(offeredLanguages(organization.trackingPage.languages), field(form, "lang"), request.headers.get("accept-language"));
  const back = `/t/${handle}?lang=${language}`;
  let attempt;
  try {
    attempt = await takeLookup(clientAddressOf(request.headers));
  } catch (error) {
    if (error instanceof LookupThrottled) return throttled(SHOPPER_TEXTS[language].tooMany, back, error.retryAfterSeconds);
    throw error;
  }
  const number = field(form, "number");
  const lookup: PageLookup = number
    ? { kind: "number", trackingNumber: number }
    : { kind: "order", orderNumber: field(form, "order"), contact: field(form, "contact") };
  const token = await lookUpTracking(db, organization.id, lookup);
  if (!token) return new Response(null, { status: 303, headers: { location: `${back}&failed=1` } });
  await attempt.succeeded();
  return new Response(null, { status: 303, headers: { location: `/t/${handle}/${token}?lang=${language}` } });
}

/** The merchant's logo, served by Waybill itself so the page calls no other host. */
export async function answerLogo(handleOrId: string): Promise<Response> {
  const db = await getDb();
  const organization = await findPageOrganization(db, handleOrId);
  const logo = organization ? await loadLogo(db, organization.id) : null;
  if (!logo) return new Response(null, { status: 404 });
  return new Response(new Uint8Array(logo.bytes), {
    headers: {
      "content-type": logo.contentType,
      // The page asks for `?v=<updated>`: a new logo gets a new address.
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
    },
  });
}
