import { checkpointPlace } from "@/lib/trackings/checkpoint-place";
import { courierName } from "@/lib/trackings/not-trackable";
import type { StoredChange } from "@/lib/trackings/changes/read-changes";
import { estimateOf } from "@/lib/trackings/insights/contribution";
import { trackingPageUrl } from "@/lib/trackings/page/links";
import type { KlaviyoEvent } from "./klaviyo-client";

/** The shopper the event is about: the tracking's first e-mail (and phone), from either field the API fills. */
function profileOf(change: StoredChange): KlaviyoEvent["profile"] | null {
  const { tracking } = change.record;
  const email = tracking.emails[0] ?? tracking.customers.find((customer) => customer.email)?.email;
  if (!email) return null;
  const phone = tracking.smses[0] ?? tracking.customers.find((customer) => customer.phone_number)?.phone_number;
  return phone ? { email, phone_number: phone } : { email };
}

/**
 * The Klaviyo event for a change, or null when its tracking has no customer e-mail. Its properties
 * are what a flow's message needs; its unique id is the change's, so a resend is the same event.
 */
export function klaviyoEventOf(change: StoredChange, metric: string): KlaviyoEvent | null {
  const profile = profileOf(change);
  if (!profile) return null;
  const { tracking, checkpoints } = change.record;
  const last = checkpoints.at(-1);
  return {
    metric,
    uniqueId: change.id,
    time: change.occurredAt.toISOString(),
    profile,
    properties: {
      tracking_number: tracking.trackingNumber,
      courier: tracking.slug,
      courier_name: courierName(tracking.slug),
      status: tracking.tag,
      status_detail: tracking.subtagMessage,
      estimated_delivery_date: estimateOf(tracking),
      tracking_page_url: trackingPageUrl(tracking.organizationId, tracking.id),
      order_number: tracking.orderNumber ?? tracking.orderId,
      title: tracking.title,
      last_scan: last ? { time: last.checkpointTime, message: last.message, location: checkpointPlace(last) } : null,
      ...(change.type === "tracking.attention_flagged" ? { attention_reasons: change.details.reasons } : {}),
    },
  };
}
