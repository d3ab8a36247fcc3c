import { Resolver } from "node:dns/promises";
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { type Organization, organizations } from "@/db/schema";
import { isUniqueViolation } from "@/db/unique-violation";
import { env } from "@/lib/env";
import { ConflictError, InvalidError } from "@/lib/domain-errors";
import { forgetMerchantDomain } from "./merchant-domains";

/** The TXT records of a name, each as its strings (what `dns.resolveTxt` answers). */
export type TxtResolver = (name: string) => Promise<string[][]>;

function systemResolver(): TxtResolver {
  const resolver = new Resolver({ timeout: 3_000, tries: 2 });
  // An operator may name the resolvers to ask (a split-horizon DNS; tests point it at a local server).
  const servers = env()
    .DNS_SERVERS?.split(",")
    .map((server) => server.trim())
    .filter(Boolean);
  if (servers?.length) resolver.setServers(servers);
  return (name) => resolver.resolveTxt(name);
}

let resolveTxt: TxtResolver | null = null;

/** Tests hand in their own DNS answers; null goes back to the system's resolver. */
export function setTxtResolver(resolver: TxtResolver | null): void {
  resolveTxt = resolver;
}

/** The record a merchant adds to prove a domain: its name and the value it must hold. */
export function domainChallenge(domain: string, token: string): { name: string; value: string } {
  return { name: `_waybill-challenge.${domain}`, value: `waybill-verify=${token}` };
}

export const newDomainToken = () => randomBytes(16).toString("hex");

/** The domain's claim after a save: a new domain gets a new token and counts only once proven again. */
export function domainClaim(current: Organization, customDomain: string | null) {
  if (customDomain === current.customDomain && current.customDomainToken) return {};
  return { customDomain, customDomainToken: customDomain ? newDomainToken() : null, customDomainVerifiedAt: null };
}

async function recordsOf(name: string): Promise<string[]> {
  try {
    const records = await (resolveTxt ?? systemResolver())(name);
    return records.map((parts) => parts.join(""));
  } catch (error) {
    const code = (error as { code?: string }).code;
    // No such name, or no TXT at it: not found yet, which the page explains.
    if (code === "ENOTFOUND" || code === "ENODATA") return [];
    throw new InvalidError("customDomain", "unknown", `DNS did not answer for ${name} (${code ?? "error"}); try again in a minute.`);
  }
}

/**
 * Looks for the domain's TXT record now and, when it holds the token, makes the domain the
 * organisation's: from then on it is served at `/` and no other organisation can prove it.
 */
export async function proveCustomDomain(db: Executor, organization: Organization, now: Date): Promise<Organization> {
  const { customDomain: domain, customDomainToken: token } = organization;
  if (!domain || !token) throw new InvalidError("customDomain", "missing", "Save your domain first, then add the DNS record shown.");
  if (organization.customDomainVerifiedAt) return organization;
  const challenge = domainChallenge(domain, token);
  const found = await recordsOf(challenge.name);
  if (!found.some((record) => record.trim() === challenge.value))
    throw new InvalidError(
      "customDomain",
      "invalid",
      found.length
        ? `${challenge.name} holds ${found.map((record) => `"${record}"`).join(", ")}, not "${challenge.value}".`
        : `No TXT record at ${challenge.name} yet. Add one with the value "${challenge.value}"; DNS changes can take a few minutes to show.`,
    );
  try {
    const [row] = await db
      .update(organizations)
      .set({ customDomainVerifiedAt: now, updatedAt: now })
      .where(and(eq(organizations.id, organization.id), eq(organizations.customDomainToken, token)))
      .returning();
    forgetMerchantDomain(domain);
    return row ?? organization;
  } catch (error) {
    if (isUniqueViolation(error, "organizations_custom_domain_idx"))
      throw new ConflictError("customDomain", `${domain} is already proven by another organisation.`);
    throw error;
  }
}
