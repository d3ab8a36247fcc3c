import { describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/client-address";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { handleProviderPush, PUSHES_PER_ADDRESS_PER_MINUTE } from "./provider-push";

setupTestDatabase();

const push = (address: string) =>
  handleProviderPush(
    new Request("http://waybill.test/webhooks/providers/17track", {
      method: "POST",
      headers: { [CLIENT_ADDRESS_HEADER]: address, sign: "0".repeat(64) },
      body: "{}",
    }),
    "17track",
  );

describe("provider pushes", () => {
  it("are limited per address: past the budget an address waits (429), while another is still heard", async () => {
    const flooder = `203.0.113.${Math.floor(Math.random() * 250)}`;
    const statuses = new Set<number>();
    for (let index = 0; index < PUSHES_PER_ADDRESS_PER_MINUTE; index += 1) statuses.add((await push(flooder)).status);
    expect([...statuses]).toEqual([401]);
    const refused = await push(flooder);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await push("198.51.100.7")).status).toBe(401);
  });
});
