import { adapterForSlug } from "@/lib/carriers/registry";
import { CarrierError } from "@/lib/carriers/types";
import type { Courier } from "@/lib/couriers/types";
import { InvalidError } from "@/lib/domain-errors";
import type { Credentials } from "./credentials-cipher";

/** What one call to the carrier said of a set of credentials. */
export interface CredentialCheck {
  /** `unknown`: the carrier could not tell (down, slow, rate limited, or no direct API to ask). */
  outcome: "accepted" | "refused" | "unknown";
  message: string;
}

/** Asks the carrier once, with one real call, whether it accepts these credentials. */
export async function checkCarrierCredentials(courier: Courier, credentials: Credentials): Promise<CredentialCheck> {
  const adapter = adapterForSlug(courier.slug);
  if (!adapter?.testCredentials) return { outcome: "unknown", message: `Waybill cannot ask ${courier.name} directly; the credentials are kept as given.` };
  try {
    await adapter.testCredentials(credentials);
    return { outcome: "accepted", message: `${courier.name} accepted the credentials.` };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (error instanceof CarrierError && error.kind === "auth") return { outcome: "refused", message: `${courier.name} refused the credentials: ${reason}` };
    return { outcome: "unknown", message: `${courier.name} could not tell: ${reason}` };
  }
}

/**
 * Asks the carrier once whether it accepts the credentials being saved, so a typo shows at once
 * rather than as failed polls later. Only a refusal stops the save: a carrier that is down, slow or
 * unreachable cannot tell, and the connection is kept (its polls report a refusal if there is one).
 */
export async function assertCarrierAcceptsCredentials(courier: Courier, credentials: Credentials): Promise<void> {
  const check = await checkCarrierCredentials(courier, credentials);
  if (check.outcome === "refused") {
    throw new InvalidError("credentials", "invalid", `The value of \`credentials\` is invalid: ${courier.name} refused them; check them and try again.`);
  }
}
