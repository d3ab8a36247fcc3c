import { afterEach, describe, expect, it, vi } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { publicBaseUrl, withRequestOrigin } from "./links";

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnvForTests();
});

const withSettings = (values: Record<string, string>) => {
  for (const name of ["PUBLIC_BASE_URL", "NEXTAUTH_URL"]) vi.stubEnv(name, values[name]);
  resetEnvForTests();
};

describe("the tracking page's public address", () => {
  it("is the configured one first, whatever address the caller used", () => {
    withSettings({ PUBLIC_BASE_URL: "https://track.shop.example/", NEXTAUTH_URL: "https://waybill.shop.example" });
    expect(withRequestOrigin("http://10.0.0.5:3000", publicBaseUrl)).toBe("https://track.shop.example");
  });

  it("is the address of the request being answered when none is configured, and only within that request", () => {
    withSettings({});
    expect(withRequestOrigin("http://127.0.0.1:4123", publicBaseUrl)).toBe("http://127.0.0.1:4123");
    expect(publicBaseUrl()).toBe("http://localhost:3000");
  });
});
