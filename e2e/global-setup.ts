import { startFakeRoyalmailServer } from "@/testing/carriers/fake-royalmail-server";
import { startWaybill } from "./fixtures/server";

export const E2E_ADMIN = { email: "admin@waybill.test", password: "correct-horse-battery" };

/**
 * Starts the production build on a fresh embedded data directory, as `npm start` would, and
 * hands the tests its address and the demo API key it prints on first start.
 */
export default async function globalSetup() {
  // Royal Mail answers at a local fake, so "Test connection" makes a real call.
  const royalMail = await startFakeRoyalmailServer();
  const server = await startWaybill({
    ROYALMAIL_API_BASE_URL: royalMail.url,
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

  return async () => {
    await server.stop();
    await royalMail.close();
  };
}
