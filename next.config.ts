import type { NextConfig } from "next";

const config: NextConfig = {
  // API clients (axios) follow redirects silently; a trailing-slash 308 would change what they see.
  skipTrailingSlashRedirect: true,
  serverExternalPackages: ["@electric-sql/pglite", "pg-boss", "postgres", "pg", "ioredis", "date-holidays", "nodemailer"],
  poweredByHeader: false,
};

export default config;
