import { describe, expect, it } from "vitest";
import type { WebhookSecret } from "@/db/schema";
import { buildWebhookBody } from "./build-webhook-body";
import { retryDelayMs } from "./retry-schedule";
import { parseWebhookUrlsSetting } from "./seed-webhooks-from-env";
import { signatureHeaders, signWebhookBody } from "./sign-webhook-body";

describe("the retry schedule", () => {
  it("follows the compatible API's table: 30 s before attempt 2, doubling to 122 880 s before attempt 14 (≈68 h in all)", () => {
    const delays = Array.from({ length: 14 }, (_, index) => retryDelayMs(index + 1, 30_000) / 1000);
    expect(delays).toEqual([0, 30, 60, 120, 240, 480, 960, 1920, 3840, 7680, 15360, 30720, 61440, 122880]);
    expect(delays.reduce((sum, delay) => sum + delay, 0)).toBe(245_730);
  });
});

describe("signatures", () => {
  it("are base64 HMAC-SHA256 of the body's UTF-8 bytes", () => {
    // RFC 4231 test case 2.
    expect(signWebhookBody("what do ya want for nothing?", "Jefe")).toBe(
      Buffer.from("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843", "hex").toString("base64"),
    );
  });

  it("carry the previous secret's signature beside the current one until it expires", () => {
    const secrets: WebhookSecret = {
      organizationId: "o",
      secret: "new-secret",
      previousSecret: "old-secret",
      previousExpiresAt: new Date("2030-01-02T00:00:00Z"),
      rotatedAt: new Date("2030-01-01T00:00:00Z"),
      createdAt: new Date("2029-01-01T00:00:00Z"),
    };
    expect(signatureHeaders("{}", secrets, "waybill-hmac-sha256", new Date("2030-01-01T23:59:59Z"))).toEqual({
      "waybill-hmac-sha256": signWebhookBody("{}", "new-secret"),
      "waybill-hmac-sha256-previous": signWebhookBody("{}", "old-secret"),
    });
    expect(signatureHeaders("{}", secrets, "aftership-hmac-sha256", new Date("2030-01-02T00:00:00Z"))).toEqual({
      "aftership-hmac-sha256": signWebhookBody("{}", "new-secret"),
    });
  });
});

describe("webhook bodies", () => {
  it("are compact JSON.stringify output in the spec's field order, unchanged by a parse and re-stringify", () => {
    const body = buildWebhookBody({
      ts: 1_700_000_000,
      msg: { title: 'Zürich → 東京 \u2028 "quoted"', weight: 0.1 + 0.2, tags: [], note: null },
      is_tracking_first_tag: false,
      event: "tracking_update",
      event_id: "3f645f5e-530b-4062-8695-db6a64420af8",
    });
    expect(body.startsWith('{"event_id":"3f645f5e-530b-4062-8695-db6a64420af8","event":"tracking_update","is_tracking_first_tag":false,"msg":{')).toBe(true);
    expect(body.endsWith(',"ts":1700000000}')).toBe(true);
    expect(JSON.stringify(JSON.parse(body))).toBe(body);
  });
});

describe("WAYBILL_WEBHOOK_URLS", () => {
  it("reads comma-separated URLs with an optional |version (v4 by default)", () => {
    expect(parseWebhookUrlsSetting(" https://a.example/hook , https://b.example/hook|2025-04,https://c.example|2024-07 ,, https://d.example|v9")).toEqual({
      urls: [
        { url: "https://a.example/hook", apiVersion: "v4" },
        { url: "https://b.example/hook", apiVersion: "2025-04" },
        { url: "https://c.example", apiVersion: "2024-07" },
      ],
      invalid: ["https://d.example|v9"],
    });
  });
});
