import { readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startFakeRoyalmailServer } from "@/testing/carriers/fake-royalmail-server";
import { startFakeDnsServer } from "@/testing/fake-dns-server";
import { freePort, startWaybill } from "./fixtures/server";

export const E2E_ADMIN = { email: "admin@waybill.test", password: "correct-horse-battery" };

/**
 * Starts the production build on a fresh embedded data directory, as `npm start` would, and
 * hands the tests its address and the demo API key it prints on first start.
 */
export default async function globalSetup() {
  // Royal Mail answers at a local fake, so "Test connection" makes a real call.
  const royalMail = await startFakeRoyalmailServer();
  // The server's DNS: tests publish TXT records (merchants' domain proofs) by writing this file.
  const dnsRecords = join(tmpdir(), `waybill-e2e-dns-${process.pid}.json`);
  writeFileSync(dnsRecords, "{}");
  const dns = await startFakeDnsServer(() => JSON.parse(readFileSync(dnsRecords, "utf8")));
  // The store tests start their fake Shopify on this port, which the server is told now.
  const shopifyPort = await freePort();
  // Likewise the Klaviyo test's fake Klaviyo.
  const klaviyoPort = await freePort();
  const server = await startWaybill({
    ROYALMAIL_API_BASE_URL: royalMail.url,
    DNS_SERVERS: dns.address,
    SHOPIFY_API_BASE_URL: `http://127.0.0.1:${shopifyPort}`,
    KLAVIYO_API_BASE_URL: `http://127.0.0.1:${klaviyoPort}`,
    WAYBILL_ADMIN_EMAIL: E2E_ADMIN.email,
    WAYBILL_ADMIN_PASSWORD: E2E_ADMIN.password,
    WEBHOOK_ALLOW_PRIVATE: "true",
    NEXTAUTH_SECRET: "e2e-secret-not-for-production",
  });
  const [, apiKey] = await server.waitFor(/API key: (\S+)/);
  const [, apiSecret] = await server.waitFor(/API secret: (\S+)/);

  process.env.WAYBILL_E2E_BASE_URL = server.baseURL;
  process.env.WAYBILL_E2E_API_KEY = apiKey;
  process.env.WAYBILL_E2E_API_SECRET = apiSecret;
  process.env.WAYBILL_E2E_DATA_DIR = server.dataDir;
  process.env.WAYBILL_E2E_DNS_RECORDS = dnsRecords;
  process.env.WAYBILL_E2E_SHOPIFY_PORT = String(shopifyPort);
  process.env.WAYBILL_E2E_KLAVIYO_PORT = String(klaviyoPort);

  return async () => {
    await server.stop();
    await royalMail.close();
    await dns.close();
  };
}
