// Initialises a new data directory for the embedded database, then exits. initdb runs its own
// WebAssembly instance and leaves the allocator's arenas full of freed pages; in a process of its
// own, all of it goes back to the system when it ends, where a thread's would stay in the server.
// `--migrate FOLDER` also applies the migrations (the build's template cluster, db/new-cluster.mjs).
// Plain JavaScript: it is run by path, outside the Next.js bundle.
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

const [dataDir, flag, migrationsFolder] = process.argv.slice(2);
const migrating = flag === "--migrate";
// pg_trgm only for the migrations that create it: a bare initdb does not load it.
const db = await PGlite.create(dataDir, migrating ? { extensions: { pg_trgm } } : {});
if (migrating) {
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  await migrate(drizzle(db), { migrationsFolder });
}
await db.close();
