import { carrierSettings } from "@/lib/env";
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

/**
 * Client-side quotas per connection when `<CARRIER>_RATE_LIMIT` is unset: the carriers'
 * documented defaults (DHL Starter 1/s, FedEx 1,400 per 10 s, USPS about 60 per hour; UPS,
 * Royal Mail, Australia Post, PostNord, the Correios, PostNL, DPD and Purolator publish none;
 * GLS 500 a day; La Poste's plan 10/s; Canada Post 840 a minute per key;
 * Delhivery about 750 per 5 minutes; InPost none, so a courtesy 5/s for its public tracking). `<CARRIER>_RATE_LIMIT=off` turns the limit off, e.g. against a fake server.
 */
const DEFAULT_RATE_LIMITS = {
  DHL: "1/1",
  UPS: "off",
  FEDEX: "1400/10",
  USPS: "60/3600",
  LAPOSTE: "10/1",
  ROYALMAIL: "off",
  CANADAPOST: "840/60",
  AUSPOST: "off",
  POSTNORD: "off",
  INPOST: "5/1",
  DELHIVERY: "750/300",
  CORREIOS: "off",
  POSTNL: "off",
  GLS: "500/86400",
  DPD: "off",
  PUROLATOR: "off",
  TRACK17: "3/1",
  SHIP24: "10/1",
} as const;

function common(env: CarrierEnv, carrier: keyof typeof DEFAULT_RATE_LIMITS, options: RegistryOptions) {
  const timeoutMs = Number(env.CARRIER_TIMEOUT_MS);
  return {
    baseUrl: env[`${carrier}_API_BASE_URL`] || undefined,
    rateLimit: parseRateLimit(env[`${carrier}_RATE_LIMIT`] ?? DEFAULT_RATE_LIMITS[carrier]),
    timeoutMs: Number.isFinite(timeoutMs) && timeoutMs > 0 ? timeoutMs : undefined,
    fetch: options.fetch,
    clock: options.clock,
  };
}

function buildAdapters(options: RegistryOptions): CarrierAdapter[] {
  const env = options.env ?? carrierSettings();
  return [
    createTestingCourierAdapter(),
    createDhlAdapter({ ...common(env, "DHL", options), apiKey: env.DHL_API_KEY }),
    createUpsAdapter({
      ...common(env, "UPS", options),
      clientId: env.UPS_CLIENT_ID,
      clientSecret: env.UPS_CLIENT_SECRET,
      accountNumber: env.UPS_ACCOUNT_NUMBER,
    }),
    createFedexAdapter({
      ...common(env, "FEDEX", options),
      clientId: env.FEDEX_CLIENT_ID,
      clientSecret: env.FEDEX_CLIENT_SECRET,
    }),
    createUspsAdapter({
      ...common(env, "USPS", options),
      clientId: env.USPS_CLIENT_ID,
      clientSecret: env.USPS_CLIENT_SECRET,
    }),
    createLaposteAdapter({ ...common(env, "LAPOSTE", options), apiKey: env.LAPOSTE_API_KEY }),
    createRoyalmailAdapter({ ...common(env, "ROYALMAIL", options), clientId: env.ROYALMAIL_CLIENT_ID, clientSecret: env.ROYALMAIL_CLIENT_SECRET }),
    createCanadapostAdapter({ ...common(env, "CANADAPOST", options), username: env.CANADAPOST_USERNAME, password: env.CANADAPOST_PASSWORD }),
    createAuspostAdapter({
      ...common(env, "AUSPOST", options),
      apiKey: env.AUSPOST_API_KEY,
      password: env.AUSPOST_PASSWORD,
      accountNumber: env.AUSPOST_ACCOUNT_NUMBER,
    }),
    createPostnordAdapter({ ...common(env, "POSTNORD", options), apiKey: env.POSTNORD_API_KEY }),
    createInpostAdapter({ ...common(env, "INPOST", options), token: env.INPOST_API_TOKEN }),
    createDelhiveryAdapter({ ...common(env, "DELHIVERY", options), token: env.DELHIVERY_API_TOKEN }),
    createCorreiosAdapter({
      ...common(env, "CORREIOS", options),
      username: env.CORREIOS_USERNAME,
      accessCode: env.CORREIOS_ACCESS_CODE,
      postingCard: env.CORREIOS_POSTING_CARD,
    }),
    createPostnlAdapter({ ...common(env, "POSTNL", options), apiKey: env.POSTNL_API_KEY }),
    createGlsAdapter({ ...common(env, "GLS", options), clientId: env.GLS_CLIENT_ID, clientSecret: env.GLS_CLIENT_SECRET }),
    createDpdAdapter({ ...common(env, "DPD", options), delisId: env.DPD_DELIS_ID, password: env.DPD_PASSWORD }),
    createPurolatorAdapter({
      ...common(env, "PUROLATOR", options),
      apiKey: env.PUROLATOR_API_KEY,
      password: env.PUROLATOR_PASSWORD,
      userToken: env.PUROLATOR_USER_TOKEN,
    }),
  ];
}

/** A tracking provider's adapter: polls numbers of many couriers and follows their lifecycle. */
export type ProviderAdapter = CarrierAdapter & { provider: ProviderCalls };

function buildProviderAdapters(options: RegistryOptions): Partial<Record<TrackingProvider, ProviderAdapter>> {
  const env = options.env ?? carrierSettings();
  const track17 = createTrack17Adapter({ ...common(env, "TRACK17", options), apiKey: env.TRACK17_API_KEY });
  const ship24 = createShip24Adapter({ ...common(env, "SHIP24", options), apiKey: env.SHIP24_API_KEY });
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
