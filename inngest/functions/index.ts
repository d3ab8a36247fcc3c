import type { InngestFunction } from "inngest";
import { emailAttentionDigests } from "./email-attention-digests";
import { runProviderCall } from "./run-provider-call";
import { deliverWebhook } from "./deliver-webhook";
import { dispatchPolls } from "./dispatch-polls";
import { estimateDelivery } from "./estimate-delivery";
import { evaluateAttentionHourly } from "./evaluate-attention-hourly";
import { fanOutWebhooks } from "./fan-out-webhooks";
import { flagAttentionNow } from "./flag-attention-now";
import { notifyContacts } from "./notify-contacts";
import { pollTrackings } from "./poll-trackings";
import { sweepFollowUpsFunction } from "./sweep-follow-ups";
import { backfillStores } from "./backfill-stores";
import { syncStoreOrders } from "./sync-store-orders";
import { tellStores } from "./tell-stores";
import { importTrackingsFunction } from "./import-trackings";
import { pruneChangesDaily } from "./prune-changes";
import { foldTrackingCountsHourly } from "./fold-tracking-counts";
import { sendToKlaviyo, sweepKlaviyo } from "./send-to-klaviyo";

/** Every background function, served to Inngest by /api/inngest and run by the embedded runner: add yours here. */
export const functions: InngestFunction.Any[] = [
  dispatchPolls,
  pollTrackings,
  estimateDelivery,
  fanOutWebhooks,
  deliverWebhook,
  notifyContacts,
  runProviderCall,
  sweepFollowUpsFunction,
  evaluateAttentionHourly,
  emailAttentionDigests,
  flagAttentionNow,
  syncStoreOrders,
  tellStores,
  backfillStores,
  importTrackingsFunction,
  pruneChangesDaily,
  foldTrackingCountsHourly,
  sendToKlaviyo,
  sweepKlaviyo,
];
