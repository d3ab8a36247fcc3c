import { NextRequest } from "next/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetEnvForTests } from "@/lib/env";

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetEnvForTests();
  vi.resetModules();
});

async function loadRoute(env: Record<string, string>) {
  Object.assign(process.env, env);
  resetEnvForTests();
  vi.resetModules();
  return import("./route");
}

const request = (method: string) =>
  new NextRequest("http://localhost/api/inngest?fnId=waybill-x&stepId=step", { method, body: method === "GET" ? undefined : "{}" });

describe("/api/inngest", () => {
  it("answers 404 in embedded mode, so unsigned dev-mode execution is never exposed", async () => {
    const route = await loadRoute({ JOBS_MODE: "embedded" });
    for (const [method, handler] of [
      ["GET", route.GET],
      ["POST", route.POST],
      ["PUT", route.PUT],
    ] as const) {
      const response = await handler(request(method), undefined);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ meta: { code: 404, type: "NotFound" } });
    }
  });

  it("serves the functions to Inngest in inngest mode and refuses unsigned execution", async () => {
    const route = await loadRoute({ JOBS_MODE: "inngest", INNGEST_SIGNING_KEY: "signkey-prod-0123456789abcdef", INNGEST_EVENT_KEY: "event-key" });
    const response = await route.POST(request("POST"), undefined);
    expect({ status: response.status, body: await response.text() }).toMatchObject({ status: 401 });
  });
});
