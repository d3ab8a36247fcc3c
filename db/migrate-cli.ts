// `npm run db:migrate`: applies the committed migrations to the configured database (DATABASE_URL,
// else the embedded PGlite directory) without starting the app; `npm start` also migrates on start.
import { getDatabaseHandle } from "./client";

const handle = await getDatabaseHandle();
await handle.close();
console.log(`Waybill: ${handle.kind === "postgres" ? "PostgreSQL" : "PGlite"} database migrated.`);
