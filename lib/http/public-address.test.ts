import { afterEach, describe, expect, it, vi } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { configuredOrigins, publicBaseUrl, startAddresses, startBaseUrl, withRequestOrigin } from "./public-address";

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnvForTests();
});

const withSettings = (values: Record<string, string>) => {
  for (const name of ["PUBLIC_BASE_URL", "NEXTAUTH_URL", "PORT", "HOST"]) vi.stubEnv(name, values[name]);
  resetEnvForTests();
};

describe("the public address", () => {
  it("is the configured one first, whatever address the caller used", () => {
    withSettings({ PUBLIC_BASE_URL: "https://track.shop.example/", NEXTAUTH_URL: "https://waybill.shop.example" });
    expect(withRequestOrigin("http://10.0.0.5:3000", publicBaseUrl)).toBe("https://track.shop.example");
  });

  it("is the address of the request being answered when none is configured, and only within that request", () => {
    withSettings({ PORT: "3555", HOST: "127.0.0.1" });
    expect(withRequestOrigin("http://127.0.0.1:4123", publicBaseUrl)).toBe("http://127.0.0.1:4123");
    expect(publicBaseUrl()).toBe("http://127.0.0.1:3555");
  });

  it("prefers the request's address to NEXTAUTH_URL, which still serves work done without a request", () => {
    withSettings({ NEXTAUTH_URL: "https://waybill.shop.example" });
    expect(withRequestOrigin("http://192.168.1.20:3000", publicBaseUrl)).toBe("http://192.168.1.20:3000");
    expect(publicBaseUrl()).toBe("https://waybill.shop.example");
    expect(configuredOrigins()).toEqual(["https://waybill.shop.example"]);
  });

  it("without a request or a setting, is where the start said the server answers", () => {
    withSettings({ PORT: "3401" });
    const { local, network } = startAddresses();
    expect(local).toBe("http://localhost:3401");
    if (network) expect(network).toMatch(/^http:\/\/\d+\.\d+\.\d+\.\d+:3401$/);
    expect(publicBaseUrl()).toBe(startBaseUrl());
    expect(startBaseUrl()).toBe(network ?? local);
  });

  it("names a server bound to one address by that address only", () => {
    withSettings({ PORT: "3217", HOST: "::1" });
    expect(startAddresses()).toEqual({ local: "http://[::1]:3217", network: null });
  });
});
