import { adapterForSlug } from "@/lib/carriers/registry";
import { CarrierError } from "@/lib/carriers/types";
import type { Courier } from "@/lib/couriers/types";
import { InvalidError } from "@/lib/domain-errors";
import type { Credentials } from "./credentials-cipher";

/**
 * Asks the carrier once whether it accepts the credentials being saved, so a typo shows at once
 * rather than as failed polls later. Only a refusal stops the save: a carrier that is down, slow or
 * unreachable cannot tell, and the connection is kept (its polls report a refusal if there is one).
 */
export async function assertCarrierAcceptsCredentials(courier: Courier, credentials: Credentials): Promise<void> {
  const adapter = adapterForSlug(courier.slug);
  if (!adapter?.testCredentials) return;
  try {
    await adapter.testCredentials(credentials);
  } catch (error) {
    if (error instanceof CarrierError && error.kind === "auth") {
      throw new InvalidError("credentials", "invalid", `The value of \`credentials\` is invalid: ${courier.name} refused them; check them and try again.`);
    }
  }
}
