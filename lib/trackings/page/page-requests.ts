import { getDb, type Database } from "@/db/client";
import { clientAddressOf } from "@/lib/http/client-address";
import { isOperatorHost } from "@/lib/http/operator-hosts";
import { requestOrigin } from "@/lib/http/request-origin";
import { BodyTooLarge, readLimitedText } from "@/lib/read-limited-body";
import { findOrganizationByDomain, findPageOrganization, type PageOrganization } from "./find-page-organization";
import { merchantDomainOwner } from "./merchant-domains";
import { LookupThrottled, takeLookup } from "./lookup-attempts";
import { loadPageTracking, lookUpTracking, type PageLookup } from "./look-up-tracking";
import { DomainError } from "@/lib/domain-errors";
import type { Tracking } from "@/db/schema";
import type { PageLanguage } from "../shopper-texts";
import { feedbackOf, type GivenFeedback } from "../feedback/feedback-of";
import { loadPageOrder, siblingOrderToken } from "./order-page";
import type { PageShipmentOptions } from "./page-view";
import { giveFeedback } from "../feedback/give-feedback";
import { FeedbackThrottled, takeFeedbackAttempt } from "./feedback-attempts";
import { readOrderPageToken, readTrackingPageToken } from "./token";
import { loadLogo } from "./page-brand";
import { offeredLanguages, pageLanguage } from "./page-language";
import { SHOPPER_TEXTS } from "../shopper-texts";

/** The tracking page's requests, for its thin route files: each opens the database itself. */
export type { PageOrganization } from "./find-page-organization";

export const pageOrganizationFor = async (handleOrId: string) => findPageOrganization(await getDb(), handleOrId);
/** The organisation whose own, proven domain `host` is; never for the operator's own hosts. */
export const domainOrganizationFor = async (host: string | null) => (host && !isOperatorHost(host) ? findOrganizationByDomain(await getDb(), host) : null);

/** On a merchant's own domain only that merchant's pages are served; on Waybill's own address, every merchant's. */
export async function pageServedOnHost(organizationId: string, host: string | null): Promise<boolean> {
  if (!host || isOperatorHost(host)) return true;
  const owner = await merchantDomainOwner(host);
  return !owner || owner === organizationId;
}

const hostOf = (request: Request) => new URL(requestOrigin(request)).host;
export const pageTrackingFor = async (organizationId: string, token: string) => loadPageTracking(await getDb(), organizationId, token);
export const pageOrderFor = async (organizationId: string, token: string, language: PageLanguage, options: PageShipmentOptions) =>
  loadPageOrder(await getDb(), organizationId, token, language, options);
/** For a parcel's full view: its order's page when the order has other parcels, and any answer its shopper gave. */
export async function parcelExtras(tracking: Tracking): Promise<{ orderToken: string | null; feedback: GivenFeedback | null }> {
  const db = await getDb();
  const [orderToken, feedback] = await Promise.all([siblingOrderToken(db, tracking), feedbackOf(db, tracking.organizationId, [tracking.id])]);
  return { orderToken, feedback: feedback.get(tracking.id) ?? null };
}

/** A lookup is a few short fields: anything past 4 KB is refused while it streams. */
const MAX_LOOKUP_BYTES = 4 * 1024;

const field = (form: URLSearchParams, name: string) => form.get(name) ?? "";

/** The lookup form's fields (a plain HTML form posts them URL-encoded); another body reads as empty. */
async function readLookupForm(request: Request): Promise<URLSearchParams> {
  const text = await readLimitedText(request, MAX_LOOKUP_BYTES);
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  return type === "application/x-www-form-urlencoded" ? new URLSearchParams(text) : new URLSearchParams();
}

/** The fields of a form post, or the 413 answer to a body past 4 KB. */
async function formOf(request: Request): Promise<URLSearchParams | Response> {
  try {
    return await readLookupForm(request);
  } catch (error) {
    if (error instanceof BodyTooLarge) return new Response(error.message, { status: 413, headers: { "content-type": "text/plain; charset=utf-8" } });
    return new URLSearchParams();
  }
}

/** The organisation a `/t/<handle>` request is for, when this host serves its pages (null: 404). */
async function servedOrganization(db: Database, request: Request, handleOrId: string): Promise<PageOrganization | null> {
  const organization = await findPageOrganization(db, handleOrId);
  return organization && (await pageServedOnHost(organization.id, hostOf(request))) ? organization : null;
}

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
  const organization = await servedOrganization(db, request, handleOrId);
  if (!organization) return new Response("Not found", { status: 404 });
  const handle = encodeURIComponent(organization.handle ?? organization.id);
  const languages = offeredLanguages(organization.trackingPage.languages);
  // The throttle first: a refused address gets its answer before a byte of its body is read.
  let attempt;
  try {
    attempt = await takeLookup(clientAddressOf(request.headers));
  } catch (error) {
    if (!(error instanceof LookupThrottled)) throw error;
    const language = pageLanguage(languages, new URL(request.url).searchParams.get("lang") ?? "", request.headers.get("accept-language"));
    return throttled(SHOPPER_TEXTS[language].tooMany, `/t/${handle}?lang=${language}`, error.retryAfterSeconds);
  }
  const form = await formOf(request);
  if (form instanceof Response) return form;
  const language = pageLanguage(languages, field(form, "lang"), request.headers.get("accept-language"));
  const back = `/t/${handle}?lang=${language}`;
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
export async function answerLogo(request: Request, handleOrId: string): Promise<Response> {
  const db = await getDb();
  const organization = await servedOrganization(db, request, handleOrId);
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

/**
 * A shopper's answer to "How was your delivery?" (a plain form post from a parcel's full view or
 * its order's page): saved, or refused, it leads back to where it was given, saying which.
 */
export async function answerFeedback(request: Request, handleOrId: string, token: string): Promise<Response> {
  const db = await getDb();
  const organization = await servedOrganization(db, request, handleOrId);
  if (!organization) return new Response("Not found", { status: 404 });
  const handle = encodeURIComponent(organization.handle ?? organization.id);
  const opened = readTrackingPageToken(organization.id, token);
  // Only the merchant's link (or a lookup with the order's contact) may answer: not a number typed in.
  if (!opened || opened.kind !== "full") return new Response("Not found", { status: 404 });
  const form = await formOf(request);
  if (form instanceof Response) return form;
  const languages = offeredLanguages(organization.trackingPage.languages);
  const language = pageLanguage(languages, field(form, "lang"), request.headers.get("accept-language"));
  const back = field(form, "back");
  // Back to the order's page only for a genuine order token of this organisation.
  const page = `/t/${handle}/${back.startsWith("order/") && readOrderPageToken(organization.id, back.slice("order/".length)) ? back : token}`;
  const answer = (outcome: string) =>
    new Response(null, {
      status: 303,
      headers: { location: `${page}?lang=${language}&feedback=${outcome}&parcel=${opened.trackingId}#feedback-${opened.trackingId}` },
    });
  try {
    await takeFeedbackAttempt(clientAddressOf(request.headers));
  } catch (error) {
    if (!(error instanceof FeedbackThrottled)) throw error;
    return throttled(SHOPPER_TEXTS[language].tooMany, page, error.retryAfterSeconds);
  }
  try {
    await giveFeedback(db, organization.id, opened.trackingId, { rating: field(form, "rating"), comment: field(form, "comment") }, new Date());
  } catch (error) {
    if (error instanceof DomainError) return answer("failed");
    throw error;
  }
  return answer("saved");
}
