import { describe, expect, it } from "vitest";
import { isPrivateAddress } from "./private-address";

describe("isPrivateAddress", () => {
  it.each([
    "127.0.0.1",
    "127.255.0.9",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "0.0.0.0",
    "100.64.0.1",
    "224.0.0.1",
    "::1",
    "::",
    "[::1]",
    "fc00::1",
    "fd12:3456::1",
    "fe80::1",
    "fe80::1%eth0",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.0.0.1",
    "64:ff9b::a9fe:a9fe",
    // IPv4-compatible, local-use NAT64, 6to4, Teredo and site-local forms of private places.
    "::7f00:1",
    "::127.0.0.1",
    "::a00:1",
    "64:ff9b:1::1",
    "64:ff9b:1:a00:1::",
    "2002:7f00:1::1",
    "2002:c0a8:101::1",
    "2001:0:4136:e378:8000:63bf:80ff:fffe",
    "2001:0:a00:1:8000:63bf:f7f7:f7f7",
    "fec0::1",
    "fefe::1",
    "1:2:3",
    "1::2::3",
    "not-an-address",
  ])("refuses %s", (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each([
    "8.8.8.8",
    "172.32.0.1",
    "172.15.255.255",
    "192.169.0.1",
    "1.1.1.1",
    "2606:4700:4700::1111",
    "::ffff:8.8.8.8",
    "2001:db8::1",
    "::808:808",
    "2002:808:808::1",
    "2001:0:4136:e378:8000:63bf:f7f7:f7f7",
    "64:ff9b::808:808",
  ])("allows %s", (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });
});
