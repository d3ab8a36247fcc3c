/** Why a shipment needs a person. */
export type AttentionReason = "stalled" | "no_first_scan" | "estimate_passed" | "failed_attempt" | "returning_to_sender" | "exception";

/** Each reason as the queue and the digest say it. */
export const ATTENTION_REASON_TEXT: Record<AttentionReason, string> = {
  stalled: "No news for longer than usual on its lane",
  no_first_scan: "Label created, never scanned",
  estimate_passed: "Estimated delivery date passed",
  failed_attempt: "Delivery attempt failed",
  returning_to_sender: "Returning to sender",
  exception: "Exception at the courier",
};
