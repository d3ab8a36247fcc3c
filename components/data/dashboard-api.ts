import type { ProviderKeyView } from "@/lib/connections/list-provider-keys";
import type {
  ApiKeyView,
  AttentionEntryView,
  ConnectionCourierOption,
  ConnectionSummary,
  CourierOption,
  CourierSuggestion,
  InsightsView,
  InvitationView,
  MemberView,
  MessagePreview,
  MessageTemplateView,
  TrackingDetail,
  TrackingPage,
  TrackingPageView,
} from "@/lib/dashboard/types";
import type { NotificationMessageView } from "@/lib/notifications/notification-message-view";
import type { KlaviyoView } from "@/lib/notifications/klaviyo/klaviyo-settings";
import type { ImportView, StoreView } from "@/lib/dashboard/store-views";
import type { AwaitingOrder } from "@/lib/stores/awaiting-shipment";
import type { WebhookDeliveryDetailView, WebhookDeliveryView, WebhookEndpointView, WebhookSecretView } from "@/lib/webhooks/webhook-views";
import { fetchJson } from "./fetch-json";

/**
 * One dashboard endpoint: where it answers, the react-query key its answers are cached under (a
 * prefix of it invalidates every page and variant), and what a GET answers (`TView`).
 */
export interface Endpoint<TView = unknown> {
  key: readonly unknown[];
  url: string;
  /** Only carries the view's type. */
  readonly view?: TView;
}

const endpoint = <TView = unknown>(key: readonly unknown[], url: string): Endpoint<TView> => ({ key, url });
const at = (path: string, id: string) => `${path}/${encodeURIComponent(id)}`;
const query = (params: string) => (params ? `?${params}` : "");
/** A page of a list: its filters and the cursor of the page (none: the first); the cursor also keys the cache. */
const paged = (path: string, params: string, cursor: string | null | undefined) => {
  const search = new URLSearchParams(params);
  if (cursor) search.set("cursor", cursor);
  return `${path}${query(search.toString())}`;
};

type Page<TName extends string, TItem> = Record<TName, TItem[]> & { nextCursor: string | null };

/** Every endpoint the dashboard calls, the one list of them. */
export const dashboardApi = {
  apiKeys: endpoint<{ apiKeys: ApiKeyView[] }>(["api-keys"], "/api/dashboard/api-keys"),
  apiKey: (id: string) => endpoint(["api-keys", id], at("/api/dashboard/api-keys", id)),
  webhookEndpoints: endpoint<{ endpoints: WebhookEndpointView[] }>(["webhook-endpoints"], "/api/dashboard/webhooks/endpoints"),
  webhookEndpoint: (id: string) => endpoint(["webhook-endpoints", id], at("/api/dashboard/webhooks/endpoints", id)),
  webhookEndpointTest: (id: string) => endpoint(["webhook-endpoints", id, "test"], `${at("/api/dashboard/webhooks/endpoints", id)}/test`),
  webhookSecret: endpoint<{ secret: WebhookSecretView }>(["webhook-secret"], "/api/dashboard/webhooks/secret"),
  webhookSecretRotation: endpoint<{ secret: WebhookSecretView }>(["webhook-secret"], "/api/dashboard/webhooks/secret/rotate"),
  webhookDeliveries: (params: string, cursor?: string | null) =>
    endpoint<Page<"deliveries", WebhookDeliveryView>>(
      ["webhook-deliveries", params, cursor ?? null],
      paged("/api/dashboard/webhooks/deliveries", params, cursor),
    ),
  webhookDelivery: (id: string) => endpoint<{ delivery: WebhookDeliveryDetailView }>(["webhook-delivery", id], at("/api/dashboard/webhooks/deliveries", id)),
  webhookRedelivery: (id: string) => endpoint(["webhook-deliveries"], `${at("/api/dashboard/webhooks/deliveries", id)}/redeliver`),
  members: endpoint<{ members: MemberView[] }>(["members"], "/api/dashboard/members"),
  member: (userId: string) => endpoint(["members", userId], at("/api/dashboard/members", userId)),
  invitations: endpoint<{ invitations: InvitationView[] }>(["invitations"], "/api/dashboard/invitations"),
  password: endpoint(["account"], "/api/dashboard/account/password"),
  organization: endpoint(["organization"], "/api/dashboard/organization"),
  connections: endpoint<{ connections: ConnectionSummary[] }>(["connections"], "/api/dashboard/connections"),
  connection: (id: string) => endpoint(["connections", id], at("/api/dashboard/connections", id)),
  connectionTest: endpoint(["connections", "test"], "/api/dashboard/connections/test"),
  connectionCouriers: endpoint<{ couriers: ConnectionCourierOption[] }>(["connection-couriers"], "/api/dashboard/connections/couriers"),
  trackingProviders: endpoint<{ providers: ProviderKeyView[] }>(["providers"], "/api/dashboard/tracking-providers"),
  trackingProvider: (provider: string) =>
    endpoint<{ providers: ProviderKeyView[] }>(["providers", provider], at("/api/dashboard/tracking-providers", provider)),
  preferredCouriers: endpoint<{ slugs: string[] }>(["preferred-couriers"], "/api/dashboard/settings/preferred-couriers"),
  couriers: endpoint<{ couriers: CourierOption[] }>(["couriers"], "/api/dashboard/couriers"),
  courierDetection: endpoint<{ couriers: CourierSuggestion[] }>(["detect"], "/api/dashboard/couriers/detect"),
  trackingPage: endpoint<{ page: TrackingPageView }>(["tracking-page"], "/api/dashboard/settings/tracking-page"),
  trackingPageLogo: endpoint(["tracking-page"], "/api/dashboard/settings/tracking-page/logo"),
  stores: endpoint<{ stores: StoreView[] }>(["stores"], "/api/dashboard/stores"),
  klaviyo: endpoint<KlaviyoView>(["klaviyo"], "/api/dashboard/settings/integrations/klaviyo"),
  klaviyoCheck: endpoint<KlaviyoView>(["klaviyo", "check"], "/api/dashboard/settings/integrations/klaviyo/check"),
  store: (id: string) => endpoint<{ stores: StoreView[] }>(["stores", id], at("/api/dashboard/stores", id)),
  imports: endpoint<{ imports: ImportView[] }>(["imports"], "/api/dashboard/imports"),
  awaitingShipment: endpoint<{ orders: AwaitingOrder[] }>(["awaiting-shipment"], "/api/dashboard/awaiting-shipment"),
  trackingPageDomainProof: endpoint<{ page: TrackingPageView }>(["tracking-page"], "/api/dashboard/settings/tracking-page/domain-proof"),
  messageTemplate: (trigger: string, language: string) =>
    endpoint<MessageTemplateView>(
      ["message-template", trigger, language],
      `/api/dashboard/settings/notification-templates?trigger=${trigger}&language=${language}`,
    ),
  messageTemplates: endpoint<MessageTemplateView>(["message-template"], "/api/dashboard/settings/notification-templates"),
  messagePreview: endpoint<{ preview: MessagePreview }>(["message-preview"], "/api/dashboard/settings/notification-templates/preview"),
  messageTriggers: endpoint(["message-template"], "/api/dashboard/settings/notification-templates/triggers"),
  notificationMessages: (params: string, cursor?: string | null) =>
    endpoint<Page<"messages", NotificationMessageView>>(
      ["notification-messages", params, cursor ?? null],
      paged("/api/dashboard/notifications/messages", params, cursor),
    ),
  trackings: (params: string, cursor?: string | null) =>
    endpoint<TrackingPage>(["trackings", params, cursor ?? null], paged("/api/dashboard/trackings", params, cursor)),
  trackingsExport: (params: string) => endpoint(["trackings", params, "csv"], `/api/dashboard/trackings/export${query(params)}`),
  newTracking: endpoint<TrackingDetail>(["trackings"], "/api/dashboard/trackings"),
  tracking: (id: string) => endpoint<TrackingDetail>(["tracking", id], at("/api/dashboard/trackings", id)),
  trackingAction: (id: string, path: string) => endpoint<TrackingDetail>(["tracking", id], `${at("/api/dashboard/trackings", id)}${path}`),
  trackingContacts: (id: string) => endpoint(["tracking", id], `${at("/api/dashboard/trackings", id)}/contacts`),
  trackingImport: endpoint(["trackings"], "/api/dashboard/trackings/import"),
  attentionQueue: endpoint<{ entries: AttentionEntryView[] }>(["attention-queue"], "/api/dashboard/attention"),
  attentionEntry: (trackingId: string) => endpoint(["attention-queue", trackingId], at("/api/dashboard/attention", trackingId)),
  insights: (params: string) => endpoint<InsightsView>(["insights", params], `/api/dashboard/insights${query(params)}`),
  lowRatingRule: endpoint<{ attentionOnLowRating: boolean }>(["insights", "low-rating"], "/api/dashboard/insights/low-rating"),
  insightsCsv: (table: string, params: string) =>
    endpoint(["insights", params, table], `/api/dashboard/insights/csv?table=${table}${params ? `&${params}` : ""}`),
  firstAdmin: endpoint(["first-admin"], "/api/auth/first-admin"),
  invitationAcceptance: endpoint(["invitation"], "/api/auth/invitations"),
};

/** Cache keys that cover every page and variant of a list, to invalidate it whole after a change. */
export const everyPageOf = {
  trackings: ["trackings"],
  webhookDeliveries: ["webhook-deliveries"],
  messageTemplates: ["message-template"],
} as const;

/** Sends a file (a CSV, a logo) as the request's body. */
export function upload<TResult = unknown>(target: Endpoint, method: "POST" | "PUT", body: Blob | string, type: string): Promise<TResult> {
  return fetchJson<TResult>(target.url, { method, file: { body, type } });
}

/** Reads an endpoint's view. */
export function read<TView>(target: Endpoint<TView>, signal?: AbortSignal): Promise<TView> {
  return fetchJson<TView>(target.url, { signal });
}

/** Sends a change to an endpoint; `TResult` is what that change answers. */
export function send<TResult = unknown>(target: Endpoint, method: "POST" | "PUT" | "PATCH" | "DELETE", body?: unknown, signal?: AbortSignal): Promise<TResult> {
  return fetchJson<TResult>(target.url, { method, body, signal });
}
