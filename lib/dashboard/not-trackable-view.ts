import type { Executor } from "@/db/client";
import type { Tracking } from "@/db/schema";
import { canPollDirectly } from "@/lib/carriers/registry";
import { courierName, PROVIDER_NAMES } from "@/lib/trackings/not-trackable";
import { providersCovering, routesOf, type NotTrackableCode } from "@/lib/trackings/poll-route";
import type { NotTrackableView } from "./types";
import { credentialFieldsFor } from "@/lib/carriers/descriptors";

export const COURIER_CONNECTIONS_PATH = "/settings/connections";
export const TRACKING_PROVIDERS_PATH = "/settings/tracking-providers";

/** What the dashboard tells the merchant about a tracking nobody can follow, and what to do about it. */
export function notTrackableView(slug: string, reason: NotTrackableCode): NotTrackableView {
  const name = courierName(slug);
  const providers = providersCovering(slug).map((provider) => PROVIDER_NAMES[provider]);
  const addProvider = { label: "add a tracking provider", href: TRACKING_PROVIDERS_PATH };
  // A connection helps only where Waybill can ask the courier itself.
  const connectable = canPollDirectly(slug, true) && credentialFieldsFor(slug).length > 0;
  const connect = { label: `Connect ${name}`, href: COURIER_CONNECTIONS_PATH };
  const viaProviders = providers.length ? ` ${providers.join(" or ")} can follow ${name} with your key.` : "";
  if (reason === "no_credentials") {
    return {
      reason,
      message: `Nobody asks ${name} about this shipment: this server has no ${name} credentials and your organisation has no ${name} connection.${viaProviders}`,
      actions: connectable
        ? [connect, ...(providers.length ? [addProvider] : [])]
        : providers.length
          ? [{ ...addProvider, label: "Add a tracking provider" }]
          : [],
    };
  }
  if (reason === "no_provider") {
    return {
      reason,
      message: `Waybill cannot ask ${name} directly, and your organisation has no tracking provider to ask it.${viaProviders}`,
      actions: [{ ...addProvider, label: "Add a tracking provider" }],
    };
  }
  return {
    reason,
    message: `Neither Waybill nor a tracking provider can follow ${name}: this shipment stays Pending until it expires. Mark it completed when it arrives.`,
    actions: [],
  };
}

/** For each tracking, in order: what to tell the merchant while nobody can follow it, else null (one look-up of the organisations' provider keys). */
export async function notTrackableViews(db: Executor, rows: readonly Tracking[]): Promise<Array<NotTrackableView | null>> {
  const decisions = await routesOf(db, rows);
  return rows.map((row, index) => {
    const decision = decisions[index]!;
    return row.active && decision.route === "untrackable" ? notTrackableView(row.slug, decision.reason) : null;
  });
}
