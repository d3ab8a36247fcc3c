import { BlockList, isIP } from "node:net";

// Loopback, private, link-local, shared (CGNAT), unspecified, multicast and reserved ranges: nothing
// a merchant's public receiver lives on, and everything an SSRF would aim at.
const blocked = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  // Site-local (deprecated, still routed inside some networks) and the local-use NAT64 prefix.
  ["fec0::", 10],
  ["64:ff9b:1::", 48],
  ["ff00::", 8],
] as const) {
  blocked.addSubnet(network, prefix, "ipv6");
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted quad read as two), or undefined. */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.toLowerCase();
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail, ...rest] = text.split("::");
  if (rest.length) return undefined;
  const left = head ? head.split(":") : [];
  const right = tail !== undefined && tail !== "" ? tail.split(":") : [];
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return undefined;
  const groups = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill("0"), ...right].map((group) => parseInt(group, 16));
  return groups.length === 8 && groups.every((group) => group >= 0 && group <= 0xffff) ? groups : undefined;
}

const dotted = (high: number, low: number) => [high >> 8, high & 255, low >> 8, low & 255].join(".");

/**
 * The IPv4 addresses an IPv6 address reaches: IPv4-mapped and -compatible (`::7f00:1` too), NAT64
 * (64:ff9b::/96), 6to4 (2002::/16) and Teredo (2001::/32, server and obfuscated client).
 */
function embeddedIpv4(groups: number[]): string[] {
  const zeros = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
  const last = dotted(groups[6]!, groups[7]!);
  if (zeros(0, 5) && (groups[5] === 0xffff || groups[5] === 0)) return groups[5] === 0 && zeros(5, 8) ? [] : [last];
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6)) return [last];
  if (groups[0] === 0x2002) return [dotted(groups[1]!, groups[2]!)];
  if (groups[0] === 0x2001 && groups[1] === 0) return [dotted(groups[2]!, groups[3]!), dotted(groups[6]! ^ 0xffff, groups[7]! ^ 0xffff)];
  return [];
}

/** True for an address a webhook must not reach unless WEBHOOK_ALLOW_PRIVATE is set; also for non-addresses. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, "ipv4");
  if (family !== 6) return true;
  const groups = ipv6Groups(bare);
  if (!groups) return true;
  if (embeddedIpv4(groups).some((ipv4) => blocked.check(ipv4, "ipv4"))) return true;
  return blocked.check(bare, "ipv6");
}
