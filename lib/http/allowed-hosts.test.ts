import { describe, expect, it } from "vitest";
import { allowedHosts } from "./allowed-hosts";

describe("ALLOWED_HOSTS", () => {
  it("answers every host when unset", () => {
    expect(allowedHosts(undefined)).toBeNull();
    expect(allowedHosts(" , ")).toBeNull();
  });

  it("answers the listed names on any port, subdomains of a leading-dot entry, the operator's own names and loopback", () => {
    const allowed = allowedHosts("Waybill.Example, .shops.example", ["track.operator.example"])!;
    for (const host of [
      "waybill.example",
      "waybill.example:8443",
      "shops.example",
      "a.shops.example",
      "track.operator.example",
      "localhost:3000",
      "127.0.0.1:3217",
      "[::1]:3000",
    ]) {
      expect(allowed(host), host).toBe(true);
    }
    for (const host of ["evil.example", "waybill.example.evil.example", "xshops.example", "192.168.1.20:3000"]) {
      expect(allowed(host), host).toBe(false);
    }
  });
});
