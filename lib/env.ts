import { z } from "zod";
import { decodeEncryptionKey } from "@/lib/decode-encryption-key";

const booleanFlag = z
  .enum(["true", "false", "1", "0"])
  .optional()
  .transform((value) => value === "true" || value === "1");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.string().url().optional(),
  /**
   * Connections each instance opens to PostgreSQL. Few is faster: when all are busy, postgres.js
   * pipelines queries on them, one socket write for several (get by id on 2 cores: 4 → ~600/s, 10 → ~420/s).
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(4),
  /** Embedded mode keeps PGlite data, generated keys and secrets here. */
  WAYBILL_DATA_DIR: z.string().default(".data"),
  REDIS_URL: z.string().url().optional(),
  /** Where rate-limit windows are counted; default: Redis if set, else PostgreSQL if set, else memory. */
  RATE_LIMIT_STORE: z.enum(["memory", "postgres", "redis"]).optional(),
  JOBS_MODE: z.enum(["inngest", "embedded"]).optional(),
  INNGEST_EVENT_KEY: z.string().optional(),
  INNGEST_SIGNING_KEY: z.string().optional(),
  INNGEST_BASE_URL: z.string().url().optional(),
  WAYBILL_WEBHOOK_URLS: z.string().optional(),
  WAYBILL_WEBHOOK_SECRET: z.string().optional(),
  WEBHOOK_ALLOW_PRIVATE: booleanFlag,
  SMTP_URL: z.string().optional(),
  SMTP_FROM: z.string().default("Waybill <notifications@waybill.local>"),
  SMS_API_BASE_URL: z.string().url().optional(),
  SMS_ACCOUNT_SID: z.string().optional(),
  SMS_AUTH_TOKEN: z.string().optional(),
  SMS_FROM: z.string().optional(),
  /** Where Shopify's Admin API is asked instead of `https://<shop>` (tests, proxies). */
  SHOPIFY_API_BASE_URL: z.string().url().optional(),
  /** AfterShip's API for imports (`npm run admin -- import aftership`); tests point it at a second Waybill. */
  AFTERSHIP_API_BASE_URL: z.string().url().default("https://api.aftership.com"),
  /** Klaviyo's API (Settings → Integrations → Klaviyo); tests point it at a local fake. */
  KLAVIYO_API_BASE_URL: z.string().url().default("https://a.klaviyo.com"),
  /** The DNS servers asked for merchants' domain proofs (`1.1.1.1,[2606:4700::1111]:53`); unset: the system's. */
  DNS_SERVERS: z.string().optional(),
  /** Messages (e-mail and SMS) that may leave per organisation per day (UTC), unless `org limits --messages-per-day` sets its own. */
  MESSAGES_PER_DAY: z.coerce.number().int().min(0).default(1_000),
  /** Encrypts courier-connection credentials; unset, a key is generated under WAYBILL_DATA_DIR. */
  WAYBILL_ENCRYPTION_KEY: z
    .string()
    .refine((value) => decodeEncryptionKey(value) !== undefined, "expected 32 bytes as 64 hex characters or base64 (openssl rand -base64 32)")
    .optional(),
  WAYBILL_ADMIN_EMAIL: z.string().email().optional(),
  WAYBILL_ADMIN_PASSWORD: z.string().min(8).optional(),
  NEXTAUTH_SECRET: z.string().optional(),
  NEXTAUTH_URL: z.string().url().optional(),
  PUBLIC_BASE_URL: z.string().url().optional(),
  /** Proxies whose X-Forwarded-For is believed (addresses, CIDRs, or loopback / linklocal / uniquelocal); none by default. */
  TRUSTED_PROXIES: z.string().optional(),
  /** Host names this server answers for (comma-separated; `.shop.example` takes its subdomains); unset: any. */
  ALLOWED_HOSTS: z.string().optional(),
  /** The log's threshold: trace, debug, info, warn, error or fatal. */
  LOG_LEVEL: z.enum(["trace", "debug", "info", "warn", "error", "fatal"]).default("info"),
  /** Turns /metrics on: scrapers send `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z.string().min(16, "at least 16 characters").optional(),
  /** The port and address `npm start` listens on (Next.js sets PORT once it listens). */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  /** Shortens real carriers' poll intervals by this factor (the chaos benchmark, demos); 1 in production. */
  POLL_INTERVAL_SCALE: z.coerce.number().positive().max(1).default(1),
  /** Server-wide tracking-provider keys: organisations without their own key use these. */
  TRACK17_API_KEY: z.string().optional(),
  TRACK17_API_BASE_URL: z.string().url().optional(),
  /** The server's 17TRACK key has its webhook pointed at /webhooks/providers/17track: polls become a 12-hour safety net. */
  TRACK17_PUSH: booleanFlag,
  SHIP24_API_KEY: z.string().optional(),
  /** The bearer secret Ship24 sends with its pushes to the server-wide key's webhook. */
  SHIP24_WEBHOOK_SECRET: z.string().optional(),
  SHIP24_API_BASE_URL: z.string().url().optional(),
});

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

/** Reads and validates configuration once; every setting has an embedded default. */
export function env(): Env {
  if (!cached) {
    const parsed = envSchema.safeParse(process.env);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
      throw new Error(`Invalid configuration:\n  ${issues.join("\n  ")}`);
    }
    cached = parsed.data;
  }
  return cached;
}

// Read on every use (cheap), so a test or benchmark can shrink time between cases.
const webhookTimingSchema = z.object({
  /** The retry schedule's unit: attempt n waits 2^(n−2) units (compat-reference §12: 30 s). */
  WEBHOOK_RETRY_UNIT_MS: z.coerce.number().int().positive().default(30_000),
  /** How long a receiver has to answer one attempt. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
});

export function webhookTimings(): z.infer<typeof webhookTimingSchema> {
  return webhookTimingSchema.parse(process.env);
}

/**
 * The per-carrier settings (`<CARRIER>_BASE_URL`, `_TIMEOUT_MS`, `_RATE_LIMIT`, credentials): named
 * by each adapter, so they are read as a whole rather than listed in the schema above.
 */
export function carrierSettings(): Readonly<Record<string, string | undefined>> {
  return { ...process.env };
}

/**
 * next-auth builds its links from X-Forwarded-Host only when `AUTH_TRUST_HOST` says so. The server gate
 * has set that header to the address the browser used (a trusted proxy's, else the Host), so it is ours.
 */
export function letNextAuthTrustHost(): void {
  process.env.AUTH_TRUST_HOST ??= "true";
}

/**
 * Swaps `process.env` for a plain object holding the same variables. Node's own object asks the C++
 * side for every read, and the Inngest SDK (4.24) enumerates the whole environment about seven times
 * per call of a function's handler (`getProcessEnv`): 76 µs a time against 8 on a plain object, so
 * about 0.4 ms saved per call in the embedded mode; in `npm run bench -- webhooks` its share of the
 * main thread's profile fell from 6.3 % to 1.7 %.
 *
 * Later writes (letNextAuthTrustHost's) land in the copy, where JavaScript reads them; children
 * started later take `process.env` at the call, so they get what the copy holds. Not on Windows,
 * whose variables are matched case-insensitively (`Path` is `PATH`), which a plain object is not.
 */
export function keepEnvironmentInPlainObject(platform: NodeJS.Platform = process.platform): void {
  if (platform === "win32") return;
  process.env = { ...process.env };
}

/** Tests change process.env between suites; let them re-read it. */
export function resetEnvForTests(): void {
  cached = undefined;
}
