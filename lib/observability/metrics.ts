import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/**
 * The process's Prometheus metrics (served at /metrics). Labels name routes, carriers, outcomes and
 * functions, never a tracking number, an organisation or anything a tenant typed.
 */
function createMetrics() {
  const registry = new Registry();
  // The process's own figures too (resident memory, heap by space, event-loop lag, handles): what an
  // operator of a small server watches first.
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    apiRequests: new Counter({
      name: "waybill_api_requests_total",
      help: "API requests by route template and status.",
      labelNames: ["route", "status"],
      registers,
    }),
    apiDuration: new Histogram({
      name: "waybill_api_request_duration_seconds",
      help: "API request latency by route template.",
      labelNames: ["route"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    }),
    polls: new Counter({
      name: "waybill_polls_total",
      help: "Trackings polled, by carrier or provider and outcome.",
      labelNames: ["carrier", "outcome"],
      registers,
    }),
    providerQuota: new Gauge({
      name: "waybill_provider_quota_remaining",
      help: "Quota a tracking provider last said is left, by whose key (the server's, or an organisation's).",
      labelNames: ["provider", "key"],
      registers,
    }),
    webhookDeliveries: new Counter({
      name: "waybill_webhook_attempts_total",
      help: "Webhook delivery attempts by outcome.",
      labelNames: ["outcome"],
      registers,
    }),
    webhookDuration: new Histogram({
      name: "waybill_webhook_attempt_duration_seconds",
      help: "Webhook receivers' answer time.",
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15],
      registers,
    }),
    notifications: new Counter({
      name: "waybill_notifications_total",
      help: "Customer notifications by channel and outcome.",
      labelNames: ["channel", "outcome"],
      registers,
    }),
    queueDepth: new Gauge({ name: "waybill_queue_depth", help: "Background runs waiting or running, by function.", labelNames: ["function"], registers }),
    queueOldestDue: new Gauge({
      name: "waybill_queue_oldest_due_age_seconds",
      help: "How long the most overdue run of each function has waited past its due time.",
      labelNames: ["function"],
      registers,
    }),
    embeddedDatabaseMemory: new Gauge({
      name: "waybill_embedded_database_memory_bytes",
      help: "The embedded database's thread: PostgreSQL's WebAssembly memory (it grows, never shrinks) and the thread's JavaScript heap.",
      labelNames: ["part"],
      registers,
    }),
    attentionOpen: new Gauge({
      name: "waybill_attention_flags_open",
      help: "Shipments' open needs-attention flags, by reason.",
      labelNames: ["reason"],
      registers,
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

// On globalThis: Next.js may load this module once per bundle, but a process has one set of series.
const slot = globalThis as unknown as { __waybillMetrics?: Metrics };

export function metrics(): Metrics {
  slot.__waybillMetrics ??= createMetrics();
  return slot.__waybillMetrics;
}
