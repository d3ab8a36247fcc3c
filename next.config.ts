import type { NextConfig } from "next";

// A bench build (`WAYBILL_BENCH_BUILD=1`, made by `npm run bench -- api`) adds the `*.bench.ts`
// reference routes; a production build leaves them out.
const benchBuild = process.env.WAYBILL_BENCH_BUILD === "1";

const config: NextConfig = {
  // API clients (axios) follow redirects silently; a trailing-slash 308 would change what they see.
  skipTrailingSlashRedirect: true,
  serverExternalPackages: ["@electric-sql/pglite", "pg-boss", "postgres", "pg", "ioredis", "date-holidays", "nodemailer"],
  poweredByHeader: false,
  pageExtensions: benchBuild ? ["bench.ts", "tsx", "ts"] : ["tsx", "ts"],
  // Load a route's code when it is first asked for, not every route at start: a small server keeps
  // the pages nobody opens (most of the dashboard, on a given day) out of memory.
  experimental: { preloadEntriesOnStart: false, turbopackServerSideNestedAsyncChunking: true },
};

export default config;
