import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Organization } from "@/db/schema";
import { resetEnvForTests } from "@/lib/env";
import { startFakeDnsServer, type FakeDnsServer } from "@/testing/fake-dns-server";
import { domainChallenge, proveCustomDomain } from "./domain-proof";

const records: Record<string, string[]> = {};
let dns: FakeDnsServer;
beforeAll(async () => {
  dns = await startFakeDnsServer(() => records);
  process.env.DNS_SERVERS = dns.address;
  resetEnvForTests();
});
afterAll(async () => {
  delete process.env.DNS_SERVERS;
  resetEnvForTests();
  await dns.close();
});

const claim = { id: "org", customDomain: "track.dns.example", customDomainToken: "0123abcd", customDomainVerifiedAt: null } as Organization;

describe("the system resolver", () => {
  it("asks the DNS servers the operator names, and tells a missing record from a wrong one", async () => {
    // Nothing is written before the record is found, so no database is needed to see the answers.
    await expect(proveCustomDomain({} as never, claim, new Date())).rejects.toThrow("No TXT record at _waybill-challenge.track.dns.example yet");
    records["_waybill-challenge.track.dns.example"] = ["v=spf1 -all"];
    await expect(proveCustomDomain({} as never, claim, new Date())).rejects.toThrow('holds "v=spf1 -all", not "waybill-verify=0123abcd"');
    expect(domainChallenge("track.dns.example", "0123abcd")).toEqual({ name: "_waybill-challenge.track.dns.example", value: "waybill-verify=0123abcd" });
  });
});
