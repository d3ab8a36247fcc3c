import { z } from "zod";
import { type EventTime, splitIsoDateTime } from "@/lib/carriers/event-time";
import { type CheckpointDraft, deriveShipmentFacts, finalizeCheckpoints } from "@/lib/carriers/normalize";
import { type AccessToken } from "@/lib/carriers/oauth-token-cache";
import { CarrierError, type TrackResult } from "@/lib/carriers/types";
import { parseXml } from "@/lib/carriers/xml";
import { dpdEventStatus } from "./status-map";

/** An empty element (`<location/>`) arrives as "": it means the same as an absent one. */
const optional = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

/** DPD's `ContentLine`: one text with formatting flags. */
const contentLine = z.object({ content: z.string().optional() });
/** DPD's `ContentItem`: one or several lines (the XML reader gives a single line as an object). */
const contentItem = z.object({ content: optional(z.union([contentLine, z.array(contentLine)])) });

const statusInfo = z.object({
  status: z.string(),
  label: optional(contentLine),
  description: optional(contentItem),
  statusHasBeenReached: z.string().optional(),
  location: optional(contentLine),
  date: optional(contentLine),
});

const trackingAnswer = z.object({
  Envelope: z.object({
    Body: z.object({
      getTrackingDataResponse: z.object({
        trackingresult: optional(
          z.object({
            shipmentInfo: optional(z.object({ serviceDescription: optional(contentItem) })),
            statusInfo: z.array(statusInfo).optional(),
          }),
        ),
      }),
    }),
  }),
});

const loginAnswer = z.object({
  Envelope: z.object({
    Body: z.object({ getAuthResponse: z.object({ return: z.object({ authToken: z.string().min(1), authTokenExpires: z.string().optional() }) }) }),
  }),
});

const faultAnswer = z.object({
  Envelope: z.object({
    Body: z.object({
      Fault: z.object({
        faultcode: z.string().optional(),
        faultstring: z.string().optional(),
        detail: optional(
          z.object({
            // The Authentication/2.0 fault: wrong delisId or password at login, or a token DPD no longer accepts.
            authenticationFault: optional(z.object({ errorCode: z.string().optional(), errorMessage: z.string().optional() })),
            // ParcelLifeCycleService's own fault about the request, i.e. the parcel number.
            faults: optional(z.object({ faultCode: z.string().optional(), message: z.string().optional() })),
          }),
        ),
      }),
    }),
  }),
});

export interface DpdFault {
  kind: "auth" | "parcel" | "other";
  detail: string;
}

const joined = (...parts: Array<string | undefined>) => parts.filter(Boolean).join(" ");

/** A SOAP answer as objects, or null when the body is not XML (a gateway's HTML or plain-text error). */
export function readSoap(body: unknown): Record<string, unknown> | null {
  if (typeof body !== "string") return null;
  try {
    return parseXml(body, { arrays: ["statusInfo"] });
  } catch {
    return null;
  }
}

/** The SOAP fault of an answer, sorted by what it is about; null when the answer is not a fault. */
export function dpdFault(envelope: Record<string, unknown>): DpdFault | null {
  const parsed = faultAnswer.safeParse(envelope);
  if (!parsed.success) return null;
  const { faultcode, faultstring, detail } = parsed.data.Envelope.Body.Fault;
  if (detail?.authenticationFault) return { kind: "auth", detail: joined(detail.authenticationFault.errorCode, detail.authenticationFault.errorMessage) };
  if (detail?.faults) return { kind: "parcel", detail: joined(detail.faults.faultCode, detail.faults.message) };
  return { kind: "other", detail: joined(faultcode, faultstring) };
}

/** DPD tokens live a day; a shorter life is assumed when `authTokenExpires` cannot be read. */
const FALLBACK_TOKEN_LIFETIME_MS = 12 * 3_600_000;

/** The token of a `getAuth` answer and when it expires. */
export function dpdLoginToken(envelope: Record<string, unknown>, nowMs: number): AccessToken {
  const parsed = loginAnswer.safeParse(envelope);
  if (!parsed.success) throw new CarrierError("unavailable", "DPD sent a login answer without a token");
  const { authToken, authTokenExpires } = parsed.data.Envelope.Body.getAuthResponse.return;
  // `2026-03-11T13:02:56.06` has no offset: read as Central European summer time, the latest DPD's clocks can be,
  // so a token is never kept past its end.
  const local = authTokenExpires ? splitIsoDateTime(authTokenExpires)?.local : undefined;
  const expiresAtMs = local ? Date.parse(`${local}+02:00`) : nowMs + FALLBACK_TOKEN_LIFETIME_MS;
  return { value: authToken, expiresAtMs };
}

const US_DATE_TIME = /^(\d{1,2})\/(\d{1,2})\/(\d{4}) (\d{1,2}):(\d{2})(?::(\d{2}))?(?: ?([AP]M))?$/i;
const pad = (value: string | number) => String(value).padStart(2, "0");

/**
 * `8/17/2021 7:11:26 PM` → `2021-08-17T19:11:26`. DPD gives the scan's local wall-clock time without an
 * offset, and its scans happen all over Europe, so the instant stays unknown (`occurredAt` null).
 */
export function dpdEventTime(value: string): EventTime | null {
  const match = US_DATE_TIME.exec(value.trim());
  if (!match) return null;
  const [, month, day, year, hour, minute, second = "00", half] = match;
  let hours = Number(hour);
  if (half) {
    if (hours < 1 || hours > 12) return null;
    // 12:05 AM is five past midnight, 12:05 PM five past noon.
    hours = (hours % 12) + (half.toUpperCase() === "PM" ? 12 : 0);
  }
  const split = splitIsoDateTime(`${year}-${pad(month!)}-${pad(day!)}T${pad(hours)}:${minute}:${second}`);
  return split ? { checkpointTime: split.local, occurredAt: null } : null;
}

/** "Puurs (BE)" → the depot's town and country; other text is kept as the location. */
function place(value: string | undefined): Pick<CheckpointDraft, "location" | "city" | "country"> {
  const match = /^(.+?)\s*\(([A-Z]{2})\)$/.exec(value?.trim() ?? "");
  return match ? { location: value!.trim(), city: match[1], country: match[2] } : { location: value?.trim() || null };
}

function texts(item: z.infer<typeof contentItem> | undefined): string {
  const lines = item?.content === undefined ? [] : Array.isArray(item.content) ? item.content : [item.content];
  return lines
    .map((line) => line.content?.trim())
    .filter(Boolean)
    .join(" ");
}

/** A `getTrackingData` answer: the stages DPD has reached, or not found when it has reached none. */
export function parseDpdTracking(envelope: Record<string, unknown>): TrackResult {
  const parsed = trackingAnswer.safeParse(envelope);
  if (!parsed.success) throw new CarrierError("unavailable", `DPD sent an unreadable answer: ${parsed.error.message}`);
  const result = parsed.data.Envelope.Body.getTrackingDataResponse.trackingresult;
  const drafts: CheckpointDraft[] = [];
  for (const info of result?.statusInfo ?? []) {
    // DPD also lists the stages still ahead (not reached, no date): only reached ones are scans.
    if (info.statusHasBeenReached !== "true") continue;
    const time = info.date?.content ? dpdEventTime(info.date.content) : null;
    if (!time) continue;
    drafts.push({
      ...time,
      ...place(info.location?.content),
      message: texts(info.description) || info.label?.content || info.status,
      status: dpdEventStatus(info.status),
      rawTag: info.status,
    });
  }
  if (drafts.length === 0) return { kind: "not_found", message: "DPD has no scans for this parcel yet" };
  // DPD lists oldest first; the normaliser takes the carrier's newest-first order as the tie-break.
  const checkpoints = finalizeCheckpoints(drafts.reverse());
  const service = texts(result?.shipmentInfo?.serviceDescription) || null;
  const shipment = deriveShipmentFacts(checkpoints, {
    serviceType: service,
    shipmentType: service,
    originCountryIso3: checkpoints.find((checkpoint) => checkpoint.countryIso3)?.countryIso3 ?? null,
  });
  return { kind: "found", checkpoints, shipment };
}
