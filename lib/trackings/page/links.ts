import { publicBaseUrl } from "@/lib/http/public-address";
import type { Organization } from "@/db/schema";
import { trackingPageToken } from "./token";

/**
 * The latest handle seen for each organisation, so serializers (which see trackings, not organisations)
 * can write page links. Without one the organisation's id stands in: `/t/<id>/…` redirects to the handle,
 * so a link made before a handle changed, or on another instance, still opens the page.
 */
const handles = new Map<string, string>();

export function rememberPageHandle(organization: Pick<Organization, "id" | "handle">): void {
  if (organization.handle) handles.set(organization.id, organization.handle);
  else handles.delete(organization.id);
}

/** The path segment of the organisation's page: its handle, else its id. */
export function pageHandleOf(organizationId: string): string {
  return handles.get(organizationId) ?? organizationId;
}

/** The tracking's own page: the link the merchant sends its customer. */
export function trackingPageUrl(organizationId: string, trackingId: string): string {
  return `${publicBaseUrl()}/t/${encodeURIComponent(pageHandleOf(organizationId))}/${trackingPageToken(organizationId, trackingId)}`;
}

/** The lookup form with the order number filled in (the shopper adds the e-mail or postal code); null without an order. */
export function trackingOrderUrl(organizationId: string, orderNumber: string | null): string | null {
  if (!orderNumber) return null;
  return `${publicBaseUrl()}/t/${encodeURIComponent(pageHandleOf(organizationId))}?order=${encodeURIComponent(orderNumber)}`;
}
