import { auspostCarrier } from "@/lib/carriers/auspost/descriptor";
import { canadapostCarrier } from "@/lib/carriers/canadapost/descriptor";
import { correiosCarrier } from "@/lib/carriers/correios/descriptor";
import { delhiveryCarrier } from "@/lib/carriers/delhivery/descriptor";
import type { CarrierDescriptor, CredentialField } from "@/lib/carriers/descriptor";
import { dhlCarrier } from "@/lib/carriers/dhl/descriptor";
import { dpdCarrier } from "@/lib/carriers/dpd/descriptor";
import { fedexCarrier } from "@/lib/carriers/fedex/descriptor";
import { glsCarrier } from "@/lib/carriers/gls/descriptor";
import { inpostCarrier } from "@/lib/carriers/inpost/descriptor";
import { laposteCarrier } from "@/lib/carriers/laposte/descriptor";
import { postnlCarrier } from "@/lib/carriers/postnl/descriptor";
import { postnordCarrier } from "@/lib/carriers/postnord/descriptor";
import { purolatorCarrier } from "@/lib/carriers/purolator/descriptor";
import { royalmailCarrier } from "@/lib/carriers/royalmail/descriptor";
import { upsCarrier } from "@/lib/carriers/ups/descriptor";
import { uspsCarrier } from "@/lib/carriers/usps/descriptor";

/** The carrier APIs Waybill asks directly, the one list of them (the registry builds an adapter for each). */
export const DIRECT_CARRIERS = {
  dhl: dhlCarrier,
  ups: upsCarrier,
  fedex: fedexCarrier,
  usps: uspsCarrier,
  laposte: laposteCarrier,
  royalmail: royalmailCarrier,
  canadapost: canadapostCarrier,
  auspost: auspostCarrier,
  postnord: postnordCarrier,
  inpost: inpostCarrier,
  delhivery: delhiveryCarrier,
  correios: correiosCarrier,
  postnl: postnlCarrier,
  gls: glsCarrier,
  dpd: dpdCarrier,
  purolator: purolatorCarrier,
} satisfies Record<string, CarrierDescriptor>;

export type DirectCarrier = keyof typeof DIRECT_CARRIERS;

const CREDENTIALS_BY_SLUG: ReadonlyMap<string, CredentialField[]> = new Map(
  Object.values(DIRECT_CARRIERS).flatMap((carrier) =>
    [...carrier.slugs, ...(carrier.alsoConnectable ?? [])].map((slug) => [slug, carrier.credentials] as const),
  ),
);

/** What a courier connection of this courier needs; empty when it takes none. */
export function credentialFieldsFor(slug: string): CredentialField[] {
  return CREDENTIALS_BY_SLUG.get(slug) ?? [];
}

/** The direct carrier APIs' names, for pages that say whom Waybill asks itself. */
export function directCarrierNames(): string[] {
  return Object.values(DIRECT_CARRIERS).map((carrier) => carrier.name);
}
