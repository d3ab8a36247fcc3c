/** One field of a courier connection's credentials, as the connection form and the API (2025-04 `credentials.fields`) describe it. */
export interface CredentialField {
  name: string;
  type: "string";
  required: boolean;
  /** Secrets are encrypted at rest and masked when read back. */
  secret: boolean;
}

export function credentialField(name: string, options: { required?: boolean; secret?: boolean } = {}): CredentialField {
  return { name, type: "string", required: options.required ?? true, secret: options.secret ?? false };
}

/**
 * Everything Waybill knows about one carrier API (or tracking provider) in one place: the registry
 * builds its adapter from it, the connection form and the API read its credential fields, the
 * settings pages its name, and the local fakes its settings' names.
 */
export interface CarrierDescriptor {
  /** What merchants and operators call the API. */
  name: string;
  /** Its settings: `<PREFIX>_API_BASE_URL`, `<PREFIX>_RATE_LIMIT` and the server's credentials. */
  envPrefix: string;
  /** The catalogue's couriers this API answers for. */
  slugs: string[];
  /** Couriers that also take this API's connection without being polled through it (older connections stay valid). */
  alsoConnectable?: string[];
  /** What a courier connection needs (empty for tracking providers, whose keys are saved apart). */
  credentials: CredentialField[];
  /** The server's own credentials: the adapter's option, read from `<PREFIX>_<suffix>`. */
  serverCredentials: Record<string, string>;
  /** `points/seconds` or `off`, when `<PREFIX>_RATE_LIMIT` is unset: the carrier's published limit. */
  defaultRateLimit: string;
  /** How many numbers one call may carry. */
  batchSize: number;
}

/** The settings that point a carrier at `url` with the given server credentials (local fakes, proxies). */
export function carrierSettingsFor(descriptor: CarrierDescriptor, url: string, credentials: Record<string, string>, rateLimit = "off"): Record<string, string> {
  const settings: Record<string, string> = { [`${descriptor.envPrefix}_API_BASE_URL`]: url, [`${descriptor.envPrefix}_RATE_LIMIT`]: rateLimit };
  for (const [option, value] of Object.entries(credentials)) settings[`${descriptor.envPrefix}_${descriptor.serverCredentials[option]}`] = value;
  return settings;
}

// The fields of an OAuth client-credentials connection, shared by the carriers that use one.
export const clientId = credentialField("client_id");
export const clientSecret = credentialField("client_secret", { secret: true });
/** Tracking works without it; rates and account-scoped visibility use it. */
export const accountNumber = credentialField("account_number", { required: false });
