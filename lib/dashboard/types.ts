/*
 * What the dashboard's internal API returns: the 2025-04 serialisation (snake_case, as the public
 * API writes it) plus the few things only a person needs, such as the courier's name.
 */

export interface CheckpointView {
  checkpoint_time: string;
  created_at: string | null;
  message: string;
  location: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country_region: string | null;
  country_region_name: string | null;
  tag: string;
  subtag: string;
  subtag_message: string;
  source: string;
}

export interface EstimateView {
  estimated_delivery_date: string;
  estimated_delivery_date_min: string | null;
  estimated_delivery_date_max: string | null;
  confidence_code?: number | null;
}

/** Why nobody follows an active tracking, and links into Settings that fix it. */
export interface NotTrackableView {
  reason: "no_credentials" | "no_provider" | "not_covered";
  message: string;
  actions: Array<{ label: string; href: string }>;
}

export interface TrackingSummary {
  id: string;
  tracking_number: string;
  slug: string;
  courier_name: string;
  title: string;
  tag: string;
  subtag_message: string;
  active: boolean;
  order_id: string | null;
  order_number: string | null;
  customer_name: string | null;
  destination_country_region: string | null;
  created_at: string;
  updated_at: string;
  latest_checkpoint: { message: string; checkpoint_time: string; location: string | null } | null;
  latest_estimated_delivery: { datetime: string; source: string } | null;
  /** Set while nobody can follow the tracking (no connection, server credentials or tracking provider). */
  not_trackable: NotTrackableView | null;
}

export interface TrackingDetail extends TrackingSummary {
  subtag: string;
  note: string | null;
  source: string;
  language: string | null;
  order_date: string | null;
  order_promised_delivery_date: string | null;
  origin_country_region: string | null;
  destination_city: string | null;
  destination_state: string | null;
  destination_postal_code: string | null;
  tracking_account_number: string | null;
  tracking_key: string | null;
  tracking_ship_date: string | null;
  shipment_type: string | null;
  signed_by: string | null;
  shipment_pickup_date: string | null;
  shipment_delivery_date: string | null;
  transit_time: number | null;
  on_time_status: string | null;
  courier_tracking_link: string | null;
  waybill_estimated_delivery_date: EstimateView | null;
  courier_estimated_delivery_date: EstimateView | null;
  customers: { name: string | null; email: string | null; phone_number: string | null }[];
  /** Notification contacts: who hears about this shipment. */
  emails: string[];
  smses: string[];
  checkpoints: CheckpointView[];
  /** Fields the courier needs besides the number, under their 2025-04 names. */
  courier_required_fields: string[];
}

export interface TrackingPage {
  trackings: TrackingSummary[];
  total: number;
  hasNextPage: boolean;
  nextCursor: string | null;
}

/** How Waybill follows a courier for the organisation (Settings → Couriers). */
/** `connect`: Waybill has the courier's own API, and a courier connection would follow it directly. */
export type CourierFollowing = "direct" | "track17" | "ship24" | "connect" | "not_trackable";

export interface CourierOption {
  slug: string;
  name: string;
  required_fields: string[];
  following?: CourierFollowing;
}

export interface CourierSuggestion extends CourierOption {
  preferred: boolean;
  checksum_verified: boolean;
}

export interface ApiKeyView {
  id: string;
  name: string;
  keyStart: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export interface MemberView {
  userId: string;
  email: string;
  name: string | null;
  role: "admin" | "member";
  joinedAt: string;
}

export interface ImportRowError {
  /** The line as a spreadsheet numbers it: the header is row 1. */
  row: number;
  message: string;
}

export interface ImportResult {
  created: number;
  failed: ImportRowError[];
}

export interface ConnectionCourierOption {
  slug: string;
  name: string;
  fields: { name: string; required: boolean; secret: boolean }[];
}

/** The answer of "Test connection": what one call to the carrier said of the credentials typed. */
export interface CredentialCheckView {
  outcome: "accepted" | "refused" | "unknown";
  message: string;
}

export interface ConnectionSummary {
  id: string;
  courierSlug: string;
  courierName: string;
  /** Secret fields come back masked ("••••1234"); they are never shown again in full. */
  credentials: Record<string, string>;
  createdAt: string;
  updatedAt: string;
}

/** Settings → Tracking page. */
export interface TrackingPageView {
  handle: string | null;
  customDomain: string | null;
  /** The DNS record that proves the domain (name and value), and whether it was found. */
  customDomainProof: { proven: boolean; name: string; value: string } | null;
  displayName: string;
  accentColor: string;
  supportEmail: string;
  links: Array<{ label: string; url: string }>;
  languages: string[];
  hideCourier: boolean;
  hideOrigin: boolean;
  scanWording: "both" | "translated" | "original";
  /** The lookup form's public address. */
  pageUrl: string;
  logoUrl: string | null;
  organizationName: string;
}

/** Settings → Notifications → Messages. */
export interface MessageTemplateView {
  trigger: string;
  language: string;
  template: { subject: string; html: string; text: string; sms: string };
  /** The merchant wrote this one; otherwise it is Waybill's default. */
  customized: boolean;
  /** "trigger/language" of every template the merchant wrote. */
  customizedKeys: string[];
  triggers: string[];
  languages: string[];
  enabledTriggers: string[];
}

export interface MessagePreview {
  subject: string;
  html: string;
  text: string;
  sms: string;
}

/** A tracking in the needs-attention queue, with its open reasons, newest first. */
export interface AttentionEntryView {
  trackingId: string;
  trackingNumber: string;
  courierName: string;
  tag: string;
  title: string | null;
  orderId: string | null;
  flags: Array<{ reason: string; since: string; note: string | null }>;
}

/** The Insights page: shipments by status over time, courier scorecards, transit by lane. */
export interface InsightsView {
  filter: { from: string; to: string; slug?: string; origin?: string; destination?: string };
  statuses: Array<{ day: string } & Record<string, number | string>>;
  couriers: Array<{
    slug: string;
    name: string;
    shipments: number;
    delivered: number;
    deliveredShare: number | null;
    exceptionShare: number | null;
    failedAttemptShare: number | null;
    returnedShare: number | null;
    lost: number;
    damaged: number;
    onTimeFirstEstimate: number | null;
    onTimePromised: number | null;
    revisedShare: number | null;
    estimateAccuracy: number | null;
  }>;
  lanes: Array<{ slug: string; name: string; origin: string; destination: string; delivered: number; median: number; p90: number }>;
  /** Share of delivered shipments that arrived inside their estimated range. */
  estimateAccuracy: number | null;
  /** Shoppers' answers to "How was your delivery?" per courier and lane, and the newest comments. */
  satisfaction: Array<{ slug: string; name: string; origin: string; destination: string; answers: number; average: number; low: number }>;
  comments: Array<{ trackingId: string; trackingNumber: string; courier: string; rating: number; comment: string; answeredAt: string }>;
  /** Whether a rating of 1 or 2 puts the tracking in the needs-attention queue. */
  attentionOnLowRating: boolean;
}

export type MemberRole = "admin" | "member";

/** An invitation not yet taken. */
export interface InvitationView {
  id: string;
  email: string;
  role: MemberRole;
  expiresAt: string;
}

/** What inviting answers: the link is handed over when no SMTP server is set. */
export interface SentInvitation {
  email: string;
  emailed: boolean;
  link: string | null;
}
