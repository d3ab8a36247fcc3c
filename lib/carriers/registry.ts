import { carrierSettings } from "@/lib/env";
import { type CarrierDescriptor } from "@/lib/carriers/descriptor";
import { DIRECT_CARRIERS, type DirectCarrier } from "@/lib/carriers/descriptors";
import { ship24Carrier } from "@/lib/carriers/ship24/descriptor";
import { track17Carrier } from "@/lib/carriers/track17/descriptor";
import { createAuspostAdapter } from "@/lib/carriers/auspost/adapter";
import { createCanadapostAdapter } from "@/lib/carriers/canadapost/adapter";
import { createCorreiosAdapter } from "@/lib/carriers/correios/adapter";
import { createDelhiveryAdapter } from "@/lib/carriers/delhivery/adapter";
import { createDhlAdapter } from "@/lib/carriers/dhl/adapter";
import { createDpdAdapter } from "@/lib/carriers/dpd/adapter";
import { createFedexAdapter } from "@/lib/carriers/fedex/adapter";
import { createGlsAdapter } from "@/lib/carriers/gls/adapter";
import { createInpostAdapter } from "@/lib/carriers/inpost/adapter";
import { createLaposteAdapter } from "@/lib/carriers/laposte/adapter";
import { createPostnlAdapter } from "@/lib/carriers/postnl/adapter";
import { createPostnordAdapter } from "@/lib/carriers/postnord/adapter";
import { createPurolatorAdapter } from "@/lib/carriers/purolator/adapter";
import { createRoyalmailAdapter } from "@/lib/carriers/royalmail/adapter";
import { type FetchFunction } from "@/lib/carriers/http-client";
import { parseRateLimit } from "@/lib/carriers/request-throttle";
import { createTestingCourierAdapter } from "@/lib/carriers/testing-courier/adapter";
import { createShip24Adapter } from "@/lib/carriers/ship24/adapter";
import { createTrack17Adapter } from "@/lib/carriers/track17/adapter";
import { type CarrierAdapter, type ProviderCalls } from "@/lib/carriers/types";
import { createUpsAdapter } from "@/lib/carriers/ups/adapter";
import { createUspsAdapter } from "@/lib/carriers/usps/adapter";
import type { TrackingProvider } from "@/lib/couriers/providers/provider-codes";

export type CarrierEnv = Record<string, string | undefined>;

export interface RegistryOptions {
  /** Where configuration is read from; the process's settings when absent. */
  env?: CarrierEnv;
  /** Injected in tests. */
  fetch?: FetchFunction;
  /** Clock for token expiry; injected in tests. */
  clock?: () => number;
}

type Factory = (options: Record<string, unknown>) => CarrierAdapter;

// How each direct carrier's adapter is made; its facts are in its descriptor (lib/carriers/descriptors.ts).
const FACTORIES = {
  dhl: createDhlAdapter,
  ups: createUpsAdapter,
  fedex: createFedexAdapter,
  usps: createUspsAdapter,
  laposte: createLaposteAdapter,
  royalmail: createRoyalmailAdapter,
  canadapost: createCanadapostAdapter,
  auspost: createAuspostAdapter,
  postnord: createPostnordAdapter,
  inpost: createInpostAdapter,
  delhivery: createDelhiveryAdapter,
  correios: createCorreiosAdapter,
  postnl: createPostnlAdapter,
  gls: createGlsAdapter,
  dpd: createDpdAdapter,
  purolator: createPurolatorAdapter,
} satisfies Record<DirectCarrier, (options: never) => CarrierAdapter>;

/**
 * An adapter's options from the settings its descriptor names: base URL, client-side quota
 * (`<PREFIX>_RATE_LIMIT`, else the carrier's published limit; `off` turns it off, e.g. against a
 * fake server), timeout, and the server's own credentials.
 */
function optionsFor(descriptor: CarrierDescriptor, env: CarrierEnv, options: RegistryOptions): Record<string, unknown> {
  const prefix = descriptor.envPrefix;
  const timeoutMs = Number(env.CARRIER_TIMEOUT_MS);
  const credentials = Object.entries(descriptor.serverCredentials).map(([option, suffix]) => [option, env[`${prefix}_${suffix}`]]);
  return {
    baseUrl: env[`${prefix}_API_BASE_URL`] || undefined,
    rateLimit: parseRateLimit(env[`${prefix}_RATE_LIMIT`] ?? descriptor.defaultRateLimit),
    timeoutMs: Number.isFinite(timeoutMs) && timeoutMs > 0 ? timeoutMs : undefined,
    fetch: options.fetch,
    clock: options.clock,
    ...Object.fromEntries(credentials),
  };
}

function buildAdapters(options: RegistryOptions): CarrierAdapter[] {
  const env = options.env ?? carrierSettings();
  return [
    createTestingCourierAdapter(),
    ...(Object.keys(DIRECT_CARRIERS) as DirectCarrier[]).map((carrier) => (FACTORIES[carrier] as Factory)(optionsFor(DIRECT_CARRIERS[carrier], env, options))),
  ];
}

/** A tracking provider's adapter: polls numbers of many couriers and follows their lifecycle. */
export type ProviderAdapter = CarrierAdapter & { provider: ProviderCalls };

function buildProviderAdapters(options: RegistryOptions): Partial<Record<TrackingProvider, ProviderAdapter>> {
  const env = options.env ?? carrierSettings();
  const track17 = createTrack17Adapter(optionsFor(track17Carrier, env, options));
  const ship24 = createShip24Adapter(optionsFor(ship24Carrier, env, options));
  return { track17: track17 as ProviderAdapter, ship24: ship24 as ProviderAdapter };
}

// Adapters hold token caches and quotas, so they live as long as the options they were built from.
const DEFAULT_OPTIONS: RegistryOptions = {};
interface Registry {
  adapters: CarrierAdapter[];
  bySlug: Map<string, CarrierAdapter>;
  providers: Partial<Record<TrackingProvider, ProviderAdapter>>;
}
const built = new WeakMap<RegistryOptions, Registry>();

function registry(options: RegistryOptions): Registry {
  let entry = built.get(options);
  if (!entry) {
    const adapters = buildAdapters(options);
    entry = {
      adapters,
      bySlug: new Map(adapters.flatMap((adapter) => adapter.slugs.map((slug) => [slug, adapter]))),
      providers: buildProviderAdapters(options),
    };
    built.set(options, entry);
  }
  return entry;
}

/** Every carrier adapter, configured from the environment (or `options.env`). */
export function carrierAdapters(options: RegistryOptions = DEFAULT_OPTIONS): readonly CarrierAdapter[] {
  return registry(options).adapters;
}

/** The courier's own (direct) adapter, or null when Waybill cannot ask that courier directly. */
export function adapterForSlug(slug: string, options: RegistryOptions = DEFAULT_OPTIONS): CarrierAdapter | null {
  return registry(options).bySlug.get(slug) ?? null;
}

/**
 * Whether a tracking of this courier can be polled directly: it has an adapter, and a courier
 * connection or the server's own credentials for it.
 */
export function canPollDirectly(slug: string, hasConnection: boolean, options: RegistryOptions = DEFAULT_OPTIONS): boolean {
  const adapter = adapterForSlug(slug, options);
  return adapter !== null && (hasConnection || adapter.hasServerCredentials !== false);
}

/** A tracking provider's adapter (17TRACK, Ship24), pointed at `<PROVIDER>_API_BASE_URL`; null when none is built in. */
export function providerAdapter(provider: TrackingProvider, options: RegistryOptions = DEFAULT_OPTIONS): ProviderAdapter | null {
  return registry(options).providers[provider] ?? null;
}

/** Courier slugs that have a direct adapter. */
export function trackableSlugs(options: RegistryOptions = DEFAULT_OPTIONS): string[] {
  return [...registry(options).bySlug.keys()];
}
