/** Why a shipment needs a person. */
export type AttentionReason = "stalled" | "no_first_scan" | "estimate_passed" | "failed_attempt" | "returning_to_sender" | "exception" | "low_rating";

/** Reasons the shopper gives rather than the rules: the evaluation neither adds nor removes them. */
export const SHOPPER_REASONS: ReadonlySet<string> = new Set<AttentionReason>(["low_rating"]);

/** Each reason as the queue and the digest say it. */
export const ATTENTION_REASON_TEXT: Record<AttentionReason, string> = {
  stalled: "No news for longer than usual on its lane",
  no_first_scan: "Label created, never scanned",
  estimate_passed: "Estimated delivery date passed",
  failed_attempt: "Delivery attempt failed",
  returning_to_sender: "Returning to sender",
  exception: "Exception at the courier",
  low_rating: "The shopper rated the delivery 1 or 2",
};
