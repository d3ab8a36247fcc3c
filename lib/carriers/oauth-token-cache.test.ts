import { describe, expect, it } from "vitest";
import { expiresInSeconds, OAuthTokenCache } from "@/lib/carriers/oauth-token-cache";
import { CarrierError } from "@/lib/carriers/types";

describe("OAuth token cache", () => {
  it("asks the token endpoint once for concurrent callers and reuses the token until near expiry", async () => {
    let clockMs = 0;
    let issued = 0;
    const cache = new OAuthTokenCache(() => clockMs);
    const fetchToken = async () => ({ value: `token-${++issued}`, expiresAtMs: clockMs + 3_600_000 });
    const tokens = await Promise.all([cache.get("k", fetchToken), cache.get("k", fetchToken), cache.get("k", fetchToken)]);
    expect(tokens).toEqual(["token-1", "token-1", "token-1"]);
    clockMs = 3_200_000;
    expect(await cache.get("k", fetchToken)).toBe("token-1");
    // Inside the last five minutes of the hour: refreshed before the carrier would refuse it.
    clockMs = 3_400_000;
    expect(await cache.get("k", fetchToken)).toBe("token-2");
    expect(await cache.get("other", fetchToken)).toBe("token-3");
  });

  it("does not cache a failed token request", async () => {
    const cache = new OAuthTokenCache();
    let attempts = 0;
    const failing = async () => {
      attempts += 1;
      throw new CarrierError("unavailable", "down");
    };
    await expect(cache.get("k", failing)).rejects.toMatchObject({ kind: "unavailable" });
    await expect(cache.get("k", failing)).rejects.toMatchObject({ kind: "unavailable" });
    expect(attempts).toBe(2);
  });

  it("retries a call once with a new token after a 401, then gives up with an auth error", async () => {
    const cache = new OAuthTokenCache();
    let issued = 0;
    const fetchToken = async () => ({ value: `token-${++issued}`, expiresAtMs: Date.now() + 3_600_000 });
    const seen: string[] = [];
    const result = await cache.withToken("k", fetchToken, async (token) => {
      seen.push(token);
      return { status: token === "token-1" ? 401 : 200 };
    });
    expect(result.status).toBe(200);
    expect(seen).toEqual(["token-1", "token-2"]);
    await expect(cache.withToken("k", fetchToken, async () => ({ status: 401 }))).rejects.toMatchObject({ kind: "auth" });
  });

  it("reads expires_in given as a number or a string", () => {
    expect(expiresInSeconds("14399", 1)).toBe(14_399);
    expect(expiresInSeconds(3599, 1)).toBe(3_599);
    expect(expiresInSeconds(undefined, 60)).toBe(60);
    expect(expiresInSeconds("soon", 60)).toBe(60);
  });
});
