import type { AdditionalFields } from "@/lib/couriers/types";
import type { Tag } from "@/lib/tags";

/** A scan event normalised from a carrier's answer. */
export interface NormalizedCheckpoint {
  /** Local time at the scan's place, ISO 8601 without offset: "2024-03-01T14:05:00". */
  checkpointTime: string;
  /** The same instant with its offset when the carrier tells it (else null): sorts and dedupes. */
  occurredAt: string | null;
  message: string;
  location: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  countryIso3: string | null;
  countryName: string | null;
  coordinates: [number, number] | [];
  tag: Tag;
  subtag: string;
  subtagMessage: string;
  /** The carrier's own status code for this event. */
  rawTag: string | null;
  /** The courier of this leg when a tracking provider reports a hand-over (first or last mile); absent: the tracking's courier. */
  slug?: string;
}

/** Shipment-level facts a carrier reports beside its events. */
export interface ShipmentFacts {
  signedBy?: string | null;
  expectedDelivery?: string | null;
  shipmentType?: string | null;
  shipmentWeight?: number | null;
  shipmentWeightUnit?: string | null;
  shipmentPackageCount?: number | null;
  shipmentPickupDate?: string | null;
  shipmentDeliveryDate?: string | null;
  originCountryIso3?: string | null;
  destinationCountryIso3?: string | null;
  courierDestinationCountryIso3?: string | null;
  serviceType?: string | null;
  /** A hand-over between two couriers reported by a tracking provider: the other leg's number and courier. */
  lastMile?: { trackingNumber: string; slug: string | null } | null;
}

export interface TrackRequest {
  /** Our tracking id: results are keyed by it. */
  id: string;
  slug: string;
  trackingNumber: string;
  additionalFields: AdditionalFields;
  createdAt: Date;
  /** Decrypted connection credentials when the tracking uses a courier connection. */
  credentials?: Record<string, string>;
}

export type TrackResult = { kind: "found"; checkpoints: NormalizedCheckpoint[]; shipment: ShipmentFacts } | { kind: "not_found"; message: string };

export type CarrierErrorKind = "auth" | "rate_limited" | "unavailable" | "bad_request";

/** A failure of the whole call (not of one number): retried by the caller unless `kind` is final. */
export class CarrierError extends Error {
  constructor(
    readonly kind: CarrierErrorKind,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "CarrierError";
  }
}

/**
 * Calls of adapters that register numbers with a tracking provider (17TRACK, Ship24), made by the
 * verbs when a tracking's life changes. Each takes the tracking's request, credentials included.
 */
export interface ProviderCalls {
  /** Stop following these numbers (delivered, completed, deleted): the provider's pushes and quota stop. */
  stop(requests: TrackRequest[]): Promise<void>;
  /** Follow these numbers again after a retrack. */
  restart(requests: TrackRequest[]): Promise<void>;
  /** The merchant corrected the courier of a number registered under `previousSlug`. */
  changeCarrier(request: TrackRequest, previousSlug: string): Promise<void>;
  /** The account's quota; also how a key is tested when it is saved (CarrierError "auth" when refused). */
  quota(credentials: Record<string, string>): Promise<ProviderQuota>;
}

/** What a tracking provider's account allows and has left (17TRACK `getquota`, Ship24 subscription). */
export interface ProviderQuota {
  total: number | null;
  used: number | null;
  remaining: number | null;
  /** 0 or null: no daily cap. */
  dailyLimit: number | null;
  todayUsed: number | null;
}

/** One tracking's news in a provider's push, keyed as the provider keys it. */
export interface ProviderPushUpdate {
  trackingNumber: string;
  /** The provider's carrier code the number is registered under, when the push names it. */
  carrierCode: string | null;
  /** "stopped": the provider no longer follows the number (17TRACK TRACKING_STOPPED). */
  result: TrackResult | { kind: "stopped" };
}

/** Receiving a provider's push: the same parser as its polls. */
export interface ProviderPush {
  /** True when the raw body really comes from the provider (17TRACK's `sign` header, Ship24's bearer secret). */
  verify(rawBody: string, headers: Headers, secret: string): boolean;
  /** The updates the push carries; throws on a body that is not the provider's format. */
  parse(rawBody: string): ProviderPushUpdate[];
}

export interface CarrierAdapter {
  /** Courier slugs this adapter tracks. */
  slugs: string[];
  /** How many numbers one call may carry (FedEx: 30). */
  batchSize: number;
  track(requests: TrackRequest[], now: Date): Promise<Map<string, TrackResult>>;
  /**
   * Direct adapters: whether the server's own credentials are configured, so a tracking without a
   * courier connection can be polled (known without a failed call). Absent: it needs none (the testing courier).
   */
  hasServerCredentials?: boolean;
  /**
   * Direct adapters: checks a courier connection's credentials with one call to the carrier when they
   * are saved. Throws CarrierError("auth") when the carrier refuses them; other errors say it could not tell.
   */
  testCredentials?(credentials: Record<string, string>): Promise<void>;
  /** Present on tracking-provider adapters only. */
  provider?: ProviderCalls;
}
