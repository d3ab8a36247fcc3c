import { getDb } from "@/db/client";
import { activeEngine } from "@/inngest/embedded/active-engine";
import { embeddedFetch } from "@/inngest/embedded/transport";
import { log } from "@/lib/observability/log";
import { handWorkerProbe } from "@/lib/observability/serve-health";
import { handEmbeddedTransport } from "@/lib/events/client";
import { jobsMode } from "@/lib/events/mode";
import { bootstrapDemoOrganization } from "@/lib/accounts/bootstrap";
import { createFirstAdmin } from "@/lib/accounts/create-first-admin";
import { hasAnyUser } from "@/lib/accounts/has-any-user";
import { issueSetupToken } from "@/lib/accounts/setup-token";
import { allowedHosts } from "@/lib/http/allowed-hosts";
import { configuredOrigins } from "@/lib/http/public-address";
import { gateEveryRequest } from "@/lib/http/server-gate";
import { printAddresses } from "@/lib/http/print-addresses";
import { isMerchantDomain } from "@/lib/trackings/page/merchant-domains";
import { env } from "@/lib/env";
import { seedWebhooksFromEnv } from "@/lib/webhooks/seed-webhooks-from-env";
import { sealPlainWebhookSecrets } from "@/lib/webhooks/webhook-secret-cipher";
import { startAdminSocket } from "@/lib/operators/admin-socket";
import { startEmbeddedWorker } from "@/inngest/embedded/worker";
import { functions } from "@/inngest/functions";

const globalState = globalThis as unknown as { __waybillStarted?: Promise<void> };

async function start(): Promise<void> {
  if (jobsMode === "embedded") handEmbeddedTransport(embeddedFetch);
  handWorkerProbe(() => (jobsMode === "inngest" ? "external" : activeEngine() ? "ok" : "stopped"));
  const operatorHosts = configuredOrigins().map((origin) => new URL(origin).hostname);
  gateEveryRequest({
    trustedProxies: env().TRUSTED_PROXIES,
    hostAllowed: allowedHosts(env().ALLOWED_HOSTS, operatorHosts),
    otherHostAllowed: isMerchantDomain,
  });
  printAddresses();
  const db = await getDb();
  const sealed = await sealPlainWebhookSecrets(db);
  if (sealed) console.log(`Waybill: sealed ${sealed} webhook secret${sealed === 1 ? "" : "s"} stored in the clear by an earlier version.`);
  const demo = await bootstrapDemoOrganization(db);
  if (demo.apiKey) {
    console.log("Waybill: created the demo organisation. Its API key (and the secret for clients that sign requests) is shown only this once:");
    console.log(`API key: ${demo.apiKey}`);
    console.log(`API secret: ${demo.apiSecret}`);
  }
  const { WAYBILL_ADMIN_EMAIL, WAYBILL_ADMIN_PASSWORD, WAYBILL_WEBHOOK_URLS, WAYBILL_WEBHOOK_SECRET } = env();
  const webhooks = await seedWebhooksFromEnv(db, demo.organizationId, { urls: WAYBILL_WEBHOOK_URLS, secret: WAYBILL_WEBHOOK_SECRET });
  if (webhooks.endpoints.length) console.log(`Waybill: webhooks of the demo organisation go to ${webhooks.endpoints.join(", ")}.`);
  for (const refused of webhooks.refused) log().warn({ event: "webhook_url_refused", reason: refused }, "Waybill: a WAYBILL_WEBHOOK_URLS entry was not added");
  if (WAYBILL_ADMIN_EMAIL && WAYBILL_ADMIN_PASSWORD) {
    const admin = await createFirstAdmin(db, { organizationId: demo.organizationId, email: WAYBILL_ADMIN_EMAIL, password: WAYBILL_ADMIN_PASSWORD });
    if (admin) console.log(`Waybill: created the first admin, ${admin.email}.`);
  } else if (!(await hasAnyUser(db))) {
    // Only whoever can read this log may create the first admin from the sign-in page.
    console.log("Waybill: nobody has a dashboard account yet. Create the first admin on the sign-in page with this one-time token:");
    console.log(`Setup token: ${await issueSetupToken(db)}`);
  }
  if (!env().DATABASE_URL) await startAdminSocket(db);
  if (jobsMode === "embedded") await startEmbeddedWorker({ functions });
}

/** Runs once per server process, on the database lib/start-or-exit opened: seed on first start, start background work. */
export function startServices(): Promise<void> {
  globalState.__waybillStarted ??= start();
  return globalState.__waybillStarted;
}
