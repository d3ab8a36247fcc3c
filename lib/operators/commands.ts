import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs, type ParseArgsConfig } from "node:util";
import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { importRuns, organizations, type RateLimitOverrides } from "@/db/schema";
import { forgetAllApiKeys } from "@/lib/accounts/authenticate-api-key";
import { createApiKey } from "@/lib/accounts/create-api-key";
import { createOrganizationWithAdmin } from "@/lib/accounts/create-organization-with-admin";
import { listApiKeys } from "@/lib/accounts/list-api-keys";
import { listOrganizations } from "@/lib/accounts/list-organizations";
import { resetPassword } from "@/lib/accounts/reset-password";
import { revokeApiKey } from "@/lib/accounts/revoke-api-key";
import { setMessagesPerDay, setOrganizationLimits } from "@/lib/accounts/set-organization-limits";
import { messagesPerDay } from "@/lib/notifications/message-quota";
import { evaluateAttention } from "@/lib/attention/evaluate-attention";
import { seedDemoTrackings } from "@/lib/demo/seed-demo";
import { getDatabaseHandle } from "@/db/client";
import { env } from "@/lib/env";
import { restoreBackup, writeBackup } from "./backup";
import { importAfterShipPage, startAfterShipImport, unfinishedImport } from "@/lib/imports/aftership-import";
import { connectStore } from "@/lib/stores/connect-store";
import { listStores } from "@/lib/stores/list-stores";
import { removeStore } from "@/lib/stores/remove-store";
import { deleteOrganization, exportOrganization } from "./organization-data";

type Options = NonNullable<ParseArgsConfig["options"]>;
type Values = Record<string, string | boolean | Array<string | boolean> | undefined>;

/** A mistake in the command line: the operator sees the message and the command's usage. */
export class UsageError extends Error {}

interface Command {
  words: [string] | [string, string] | [string, string, string];
  summary: string;
  options: Options;
  required: string[];
  run(db: Database, values: Values): Promise<string[]>;
  /** Runs with no database open and no server reached (a restore into an empty data directory). */
  offline?: boolean;
}

const text = (values: Values, name: string) => String(values[name] ?? "").trim();

async function organizationOrThrow(db: Database, id: string) {
  const [organization] = await db.select().from(organizations).where(eq(organizations.id, id)).limit(1);
  if (!organization) throw new UsageError(`No organisation has the id ${id}: see \`org list\`.`);
  return organization;
}

/** `"2025-04 GET /trackings=50"` → ["2025-04 GET /trackings", 50]. */
function parseLimit(entry: string): [string, number] {
  const at = entry.lastIndexOf("=");
  const bucket = entry.slice(0, at).trim();
  const value = Number(entry.slice(at + 1));
  if (at < 1 || !bucket || !Number.isInteger(value) || value < 1) {
    throw new UsageError(`--set takes BUCKET=REQUESTS_PER_SECOND, e.g. "2025-04 GET /trackings=50" or "*=20"; got "${entry}".`);
  }
  return [bucket, value];
}

export const COMMANDS: Command[] = [
  {
    words: ["org", "create"],
    summary: "Create an organisation with its first admin; prints its API key once.",
    options: { name: { type: "string" }, "admin-email": { type: "string" }, "admin-password": { type: "string" } },
    required: ["name", "admin-email", "admin-password"],
    async run(db, values) {
      const created = await createOrganizationWithAdmin(db, {
        name: text(values, "name"),
        adminEmail: text(values, "admin-email"),
        adminPassword: String(values["admin-password"]),
      });
      return [
        `Organisation: ${created.organization.id} (${created.organization.name})`,
        `Admin: ${created.admin.email}${created.admin.newAccount ? "" : " (an existing account, password unchanged)"}`,
        `API key: ${created.apiKey}`,
      ];
    },
  },
  {
    words: ["org", "list"],
    summary: "List the organisations: id, name, members, live keys, rate-limit overrides.",
    options: {},
    required: [],
    async run(db) {
      const rows = await listOrganizations(db);
      return rows.map((row) => `${row.id}  ${row.name}  members: ${row.members}  live keys: ${row.liveKeys}  limits: ${JSON.stringify(row.rateLimits)}`);
    },
  },
  {
    words: ["org", "limits"],
    summary:
      'Show or set an organisation\'s rate-limit overrides (requests per second per bucket; "*" for every bucket) and its daily message quota (--messages-per-day N, or "default").',
    options: { org: { type: "string" }, set: { type: "string", multiple: true }, clear: { type: "boolean" }, "messages-per-day": { type: "string" } },
    required: ["org"],
    async run(db, values) {
      const organization = await organizationOrThrow(db, text(values, "org"));
      const sets = (values.set as string[] | undefined) ?? [];
      const quota = text(values, "messages-per-day");
      if (quota) {
        const perDay = quota === "default" ? null : Number(quota);
        if (perDay !== null && !(Number.isInteger(perDay) && perDay >= 0))
          throw new UsageError('--messages-per-day takes a whole number (0 or more) or "default".');
        await setMessagesPerDay(db, organization.id, perDay);
        if (!sets.length && !values.clear) return [`messages per day: ${perDay ?? `${env().MESSAGES_PER_DAY} (the server's default)`}`];
      }
      if (!sets.length && !values.clear)
        return [
          JSON.stringify(organization.rateLimits),
          `messages per day: ${messagesPerDay(organization)}${organization.messagesPerDay === null ? " (the server's default)" : ""}`,
        ];
      const limits: RateLimitOverrides = values.clear ? {} : { ...organization.rateLimits };
      for (const entry of sets) {
        const [bucket, value] = parseLimit(entry);
        limits[bucket] = value;
      }
      const saved = await setOrganizationLimits(db, organization.id, limits);
      // Keys cache their organisation: this instance applies the limits now, others within 5 s.
      forgetAllApiKeys();
      return [JSON.stringify(saved)];
    },
  },
  {
    words: ["org", "retention"],
    summary: 'Show or set how many days an organisation\'s record of changes (the event feed) keeps (--days N, or "keep", the default).',
    options: { org: { type: "string" }, days: { type: "string" } },
    required: ["org"],
    async run(db, values) {
      const organization = await organizationOrThrow(db, text(values, "org"));
      const days = text(values, "days");
      if (!days) return [`changes kept: ${organization.changeRetentionDays === null ? "all" : `${organization.changeRetentionDays} days`}`];
      const retention = days === "keep" ? null : Number(days);
      if (retention !== null && !(Number.isInteger(retention) && retention >= 1))
        throw new UsageError('--days takes a whole number of days (1 or more) or "keep".');
      await db.update(organizations).set({ changeRetentionDays: retention }).where(eq(organizations.id, organization.id));
      return [`changes kept: ${retention === null ? "all" : `${retention} days`}`];
    },
  },
  {
    words: ["org", "seed-demo"],
    summary: "Fill an organisation (the first one by default) with simulated shipments for Insights and the attention queue (`npm run seed:demo`).",
    options: { org: { type: "string" }, days: { type: "string" }, "orders-per-day": { type: "string" } },
    required: [],
    async run(db, values) {
      const id = text(values, "org") || (await listOrganizations(db))[0]?.id;
      if (!id) throw new UsageError("There is no organisation yet: start Waybill once first.");
      const organization = await organizationOrThrow(db, id);
      const now = new Date();
      const created = await seedDemoTrackings(db, organization.id, {
        days: Number(text(values, "days") || 90),
        ordersPerDay: Number(text(values, "orders-per-day") || 20),
        now,
      });
      const flagged = await evaluateAttention(db, organization.id, now);
      return [`${created} demo shipments added to ${organization.name}; ${flagged.length} need attention.`];
    },
  },
  {
    words: ["org", "export"],
    summary:
      "Write everything an organisation owns (trackings with checkpoints, contacts, webhooks, templates, settings, members) as JSON Lines into a directory, without secrets.",
    options: { org: { type: "string" }, out: { type: "string" } },
    required: ["org", "out"],
    async run(db, values) {
      const organization = await organizationOrThrow(db, text(values, "org"));
      const directory = path.resolve(text(values, "out"));
      await mkdir(directory, { recursive: true, mode: 0o700 });
      const written = await exportOrganization(db, organization.id, (file, lines) =>
        writeFile(path.join(directory, file), lines.length ? `${lines.join("\n")}\n` : "", { mode: 0o600 }),
      );
      return [`Exported ${organization.name} to ${directory}:`, ...Object.entries(written).map(([file, lines]) => `  ${file}: ${lines}`)];
    },
  },
  {
    words: ["org", "delete"],
    summary:
      "Erase an organisation and everything it owns (rows, logo, rollups, queued jobs, rate-limit windows, accounts of it alone); --confirm takes its name.",
    options: { org: { type: "string" }, confirm: { type: "string" } },
    required: ["org", "confirm"],
    async run(db, values) {
      const organization = await organizationOrThrow(db, text(values, "org"));
      const erased = await deleteOrganization(db, organization.id, String(values.confirm));
      forgetAllApiKeys();
      const rows = Object.values(erased).reduce((sum, count) => sum + count, 0);
      return [`Deleted ${organization.name} (${organization.id}): ${rows} row(s).`];
    },
  },
  {
    words: ["store", "add", "shopify"],
    summary:
      "Connect a Shopify shop (a custom app's Admin API access token and API secret): its fulfilments become trackings, their news goes back. Prints the store's id.",
    options: {
      org: { type: "string" },
      shop: { type: "string" },
      "access-token": { type: "string" },
      "api-secret": { type: "string" },
      "backfill-days": { type: "string" },
      "set-tracking-url": { type: "boolean" },
    },
    required: ["org", "shop", "access-token", "api-secret"],
    async run(db, values) {
      const organization = await organizationOrThrow(db, text(values, "org"));
      const store = await connectStore(
        db,
        organization.id,
        {
          platform: "shopify",
          shop: text(values, "shop"),
          accessToken: text(values, "access-token"),
          apiSecret: text(values, "api-secret"),
          setTrackingUrl: values["set-tracking-url"] === true,
          backfillDays: Number(text(values, "backfill-days") || 30),
        },
        new Date(),
      );
      return [`Store: ${store.id} (shopify ${store.shop})`, store.backfill ? `Bringing in the orders changed since ${store.backfill.since}.` : "No backfill."];
    },
  },
  {
    words: ["store", "add", "woocommerce"],
    summary: "Connect a WooCommerce site (REST API consumer key and secret, read/write). Prints the store's id.",
    options: {
      org: { type: "string" },
      "site-url": { type: "string" },
      "consumer-key": { type: "string" },
      "consumer-secret": { type: "string" },
      "backfill-days": { type: "string" },
      "complete-on-delivery": { type: "boolean" },
    },
    required: ["org", "site-url", "consumer-key", "consumer-secret"],
    async run(db, values) {
      const organization = await organizationOrThrow(db, text(values, "org"));
      const store = await connectStore(
        db,
        organization.id,
        {
          platform: "woocommerce",
          siteUrl: text(values, "site-url"),
          consumerKey: text(values, "consumer-key"),
          consumerSecret: text(values, "consumer-secret"),
          completeOnDelivery: values["complete-on-delivery"] === true,
          backfillDays: Number(text(values, "backfill-days") || 30),
        },
        new Date(),
      );
      return [
        `Store: ${store.id} (woocommerce ${store.shop})`,
        store.backfill ? `Bringing in the orders changed since ${store.backfill.since}.` : "No backfill.",
      ];
    },
  },
  {
    words: ["store", "list"],
    summary: "List an organisation's connected stores: id, platform, shop, backfill.",
    options: { org: { type: "string" } },
    required: ["org"],
    async run(db, values) {
      const organization = await organizationOrThrow(db, text(values, "org"));
      const stores = await listStores(db, organization.id);
      if (!stores.length) return ["No stores connected."];
      return stores.map(
        (store) =>
          `${store.id}  ${store.platform}  ${store.shop}  backfill: ${store.backfill ? `${store.backfill.status}, ${store.backfill.orders} orders` : "none"}`,
      );
    },
  },
  {
    words: ["store", "remove"],
    summary: "Disconnect a store: its webhooks are removed, its trackings stay.",
    options: { org: { type: "string" }, store: { type: "string" } },
    required: ["org", "store"],
    async run(db, values) {
      const organization = await organizationOrThrow(db, text(values, "org"));
      await removeStore(db, organization.id, text(values, "store"));
      return [`Store ${text(values, "store")} disconnected; its trackings stay.`];
    },
  },
  {
    words: ["import", "aftership"],
    summary:
      "Move an AfterShip account's trackings (with their history) into an organisation, a page at a time; run again after a stop to go on, or after the end to update.",
    options: { org: { type: "string" }, "api-key": { type: "string" }, since: { type: "string" } },
    required: ["org", "api-key"],
    async run(db, values) {
      const organization = await organizationOrThrow(db, text(values, "org"));
      const unfinished = await unfinishedImport(db, organization.id);
      const run =
        unfinished ??
        (await startAfterShipImport(db, organization.id, { apiKey: text(values, "api-key"), since: text(values, "since") || null }, new Date(), {
          inBackground: false,
        }));
      while (await importAfterShipPage(db, run.id, new Date()));
      const [done] = await db.select().from(importRuns).where(eq(importRuns.id, run.id));
      return [
        `${unfinished ? "Went on with" : "Ran"} import ${run.id}: ${done!.imported} imported, ${done!.updated} updated, ${done!.skipped} skipped.`,
        ...Object.entries(done!.skipReasons).map(([reason, count]) => `  skipped ${count}: ${reason}`),
      ];
    },
  },
  {
    words: ["backup"],
    summary: "Write a consistent copy of the embedded installation (database, encryption key, session secret) to a file while it runs.",
    options: { out: { type: "string" } },
    required: ["out"],
    async run(_db, values) {
      const handle = await getDatabaseHandle();
      if (handle.kind === "postgres") {
        throw new UsageError(
          'With DATABASE_URL the data is in PostgreSQL: back it up with pg_dump --format=custom --file=waybill.dump "$DATABASE_URL" (see the README).',
        );
      }
      const file = path.resolve(text(values, "out"));
      const bytes = await writeBackup(handle, path.resolve(env().WAYBILL_DATA_DIR), file);
      return [`Backed up to ${file} (${bytes} bytes). Restore with: npm run admin -- restore --from ${file} (into an empty WAYBILL_DATA_DIR).`];
    },
  },
  {
    words: ["restore"],
    summary: "Bring a backup back into an empty data directory (WAYBILL_DATA_DIR); start Waybill on it afterwards.",
    options: { from: { type: "string" } },
    required: ["from"],
    offline: true,
    async run(_db, values) {
      const dataDir = path.resolve(env().WAYBILL_DATA_DIR);
      const manifest = await restoreBackup(path.resolve(text(values, "from")), dataDir);
      return [`Restored the backup of ${manifest.createdAt} into ${dataDir}.`];
    },
  },
  {
    words: ["key", "create"],
    summary: "Create an API key for an organisation; prints it once.",
    options: { org: { type: "string" }, name: { type: "string" } },
    required: ["org"],
    async run(db, values) {
      const organization = await organizationOrThrow(db, text(values, "org"));
      const { key, apiKey, secret } = await createApiKey(db, organization.id, text(values, "name") || "Operator key");
      return [`Key id: ${apiKey.id}`, `API key: ${key}`, `API secret (for signed requests): ${secret}`];
    },
  },
  {
    words: ["key", "revoke"],
    summary: "Revoke an API key by its id (see `key list`); every instance refuses it within 5 s.",
    options: { org: { type: "string" }, key: { type: "string" } },
    required: ["org", "key"],
    async run(db, values) {
      const organization = await organizationOrThrow(db, text(values, "org"));
      if (!(await revokeApiKey(db, organization.id, text(values, "key"))))
        throw new UsageError(`The organisation has no live key with the id ${text(values, "key")}.`);
      return [`Revoked ${text(values, "key")}.`];
    },
  },
  {
    words: ["key", "list"],
    summary: "List an organisation's API keys: id, name, visible prefix, state.",
    options: { org: { type: "string" } },
    required: ["org"],
    async run(db, values) {
      const organization = await organizationOrThrow(db, text(values, "org"));
      const keys = await listApiKeys(db, organization.id);
      return keys.map((key) => `${key.id}  ${key.name}  ${key.keyStart}…  ${key.revokedAt ? `revoked ${key.revokedAt.toISOString()}` : "live"}`);
    },
  },
  {
    words: ["user", "reset-password"],
    summary: "Set a user's password (generated when --password is left out); their sessions end.",
    options: { email: { type: "string" }, password: { type: "string" } },
    required: ["email"],
    async run(db, values) {
      const reset = await resetPassword(db, { email: text(values, "email"), password: values.password === undefined ? undefined : String(values.password) });
      if (!reset) throw new UsageError(`No account has the e-mail ${text(values, "email")}.`);
      return [`Password of ${reset.email} set${values.password === undefined ? `: ${reset.password}` : "."}`];
    },
  },
];

function usageOf(command: Command): string {
  const flags = Object.entries(command.options).map(([name, option]) => {
    const flag = option.type === "boolean" ? `--${name}` : `--${name} ${name.toUpperCase().replace(/-/g, "_")}`;
    const shown = option.multiple ? `${flag} …` : flag;
    return command.required.includes(name) ? shown : `[${shown}]`;
  });
  return `npm run admin -- ${command.words.join(" ")} ${flags.join(" ")}`.trim();
}

export function helpText(): string {
  return [
    "Waybill operator commands (npm run admin -- <command> --help for one):",
    ...COMMANDS.map((command) => `  ${command.words.join(" ").padEnd(20)} ${command.summary}`),
  ].join("\n");
}

/** What a command line asks for, checked: a command and its values, or the text --help asks for. */
export function parseCommandLine(argv: string[]): { help: string } | { command: Command; values: Values } {
  const command = COMMANDS.find((candidate) => candidate.words.every((word, index) => argv[index] === word));
  if (!command) {
    if (!argv.length || argv.includes("--help") || argv.includes("-h")) return { help: helpText() };
    throw new UsageError(`Unknown command "${argv.slice(0, 2).join(" ")}".\n${helpText()}`);
  }
  const rest = argv.slice(command.words.length);
  if (rest.includes("--help") || rest.includes("-h")) return { help: `${command.summary}\nUsage: ${usageOf(command)}` };
  let values: Values;
  try {
    ({ values } = parseArgs({ args: rest, options: command.options, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\nUsage: ${usageOf(command)}`);
  }
  const missing = command.required.filter((name) => values[name] === undefined || values[name] === "");
  if (missing.length) throw new UsageError(`Missing ${missing.map((name) => `--${name}`).join(", ")}.\nUsage: ${usageOf(command)}`);
  return { command, values };
}

export interface CommandResult {
  exitCode: number;
  output: string;
}

/** Runs one operator command line against the database; never throws. */
/** Whether the command line names a command that runs with no database and no server (a restore). */
export function isOfflineCommand(argv: string[]): boolean {
  const parsed = parseCommandLine(argv);
  return "command" in parsed && parsed.command.offline === true;
}

export async function runCommandLine(db: Database, argv: string[]): Promise<CommandResult> {
  try {
    const parsed = parseCommandLine(argv);
    if ("help" in parsed) return { exitCode: 0, output: parsed.help };
    return { exitCode: 0, output: (await parsed.command.run(db, parsed.values)).join("\n") };
  } catch (error) {
    // Operators are trusted with the reason: a weak password, an e-mail already taken, a wrong id.
    return { exitCode: error instanceof UsageError ? 2 : 1, output: error instanceof Error ? error.message : String(error) };
  }
}
