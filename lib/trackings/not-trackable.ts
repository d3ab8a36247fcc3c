import { getCourier } from "@/lib/couriers/get-courier";
import type { TrackingProvider } from "@/lib/couriers/providers/provider-codes";
import type { NotTrackableCode } from "./poll-route";

export const PROVIDER_NAMES: Readonly<Record<TrackingProvider, string>> = { track17: "17TRACK", ship24: "Ship24" };

const PREFIX = "Not trackable: ";

export const courierName = (slug: string) => getCourier(slug)?.name ?? slug;

/** A Pending tracking's subtag message while nobody can follow it: why, in a line. */
export function notTrackableMessage(slug: string, code: NotTrackableCode): string {
  const name = courierName(slug);
  if (code === "no_credentials") return `${PREFIX}no ${name} connection and no server credentials for ${name}`;
  if (code === "no_provider") return `${PREFIX}no tracking provider is set up to follow ${name}`;
  return `${PREFIX}no direct integration or tracking provider follows ${name}`;
}

/** Whether a subtag message is one of ours (so a tracking that becomes trackable gets the plain one back). */
export function isNotTrackableMessage(message: string | null): boolean {
  return message?.startsWith(PREFIX) ?? false;
}
