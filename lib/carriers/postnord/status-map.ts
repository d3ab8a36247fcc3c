import { lookupStatus, type TagSubtag } from "@/lib/carriers/subtags";

/**
 * PostNord's event status (`items[].events[].status`), read before anything else. Null: an
 * informational event (notices, texts sent to the recipient) that keeps the status before it.
 * `eventCode` stays the checkpoint's raw tag, but PostNord publishes no list of its values.
 */
export const POSTNORD_EVENT_STATUSES: Record<string, TagSubtag | null> = {
  CREATED: ["InfoReceived", "InfoReceived_001"],
  INFORMED: ["InfoReceived", "InfoReceived_001"],
  EN_ROUTE: ["InTransit", "InTransit_001"],
  AVAILABLE_FOR_DELIVERY: ["AvailableForPickup", "AvailableForPickup_001"],
  DELIVERED: ["Delivered", "Delivered_001"],
  DELIVERY_IMPOSSIBLE: ["AttemptFail", "AttemptFail_001"],
  DELIVERY_REFUSED: ["Exception", "Exception_003"],
  RETURNED: ["Exception", "Exception_010"],
  DELAYED: ["Exception", "Exception_005"],
  EXPECTED_DELAY: ["Exception", "Exception_005"],
  STOPPED: ["Exception", "Exception_001"],
  OTHER: null,
};

export interface DescriptionRule {
  /** The event statuses the rule refines. */
  when: readonly string[];
  /** PostNord's English description (the client asks for `locale=en`), lower-cased. */
  match: RegExp;
  to: TagSubtag;
}

/**
 * EN_ROUTE and STOPPED cover several milestones PostNord gives no code of their own (out for
 * delivery, acceptance, a customs hold), so its English wording refines them.
 */
export const POSTNORD_DESCRIPTION_RULES: readonly DescriptionRule[] = [
  { when: ["EN_ROUTE"], match: /delivery of the shipment item is in progress/, to: ["OutForDelivery", "OutForDelivery_001"] },
  {
    when: ["EN_ROUTE"],
    match: /dropped off by sender|dropped off after latest drop-off time|picked-up for transportation/,
    to: ["InTransit", "InTransit_002"],
  },
  { when: ["EN_ROUTE"], match: /arrived at the distribution terminal/, to: ["InTransit", "InTransit_003"] },
  { when: ["EN_ROUTE"], match: /has been loaded/, to: ["InTransit", "InTransit_007"] },
  { when: ["STOPPED"], match: /being customs cleared/, to: ["InTransit", "InTransit_006"] },
];

/** An event's status; null for informational events and statuses we do not know, which inherit the one before. */
export function postnordEventStatus(status: string | null | undefined, description: string | null | undefined): TagSubtag | null {
  const code = status?.toUpperCase();
  const text = description?.toLowerCase() ?? "";
  const rule = POSTNORD_DESCRIPTION_RULES.find((candidate) => code && candidate.when.includes(code) && candidate.match.test(text));
  return rule?.to ?? lookupStatus(POSTNORD_EVENT_STATUSES, code) ?? null;
}
