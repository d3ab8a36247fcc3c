import { z } from "zod";
import { dashboardRoute, readJson } from "@/lib/dashboard/dashboard-route";
import { importView } from "@/lib/dashboard/store-views";
import { listImports, startAfterShipImport } from "@/lib/imports/aftership-import";

const ImportBody = z.object({ apiKey: z.string(), since: z.string().nullable().optional() });

export const GET = dashboardRoute(async ({ db, user }) => ({ imports: (await listImports(db, user.organization.id)).map(importView) }), { adminOnly: true });

/** Starts moving an AfterShip account in, after one call that proves its key. */
export const POST = dashboardRoute(
  async ({ request, db, user }) => {
    await startAfterShipImport(db, user.organization.id, await readJson(request, ImportBody), new Date());
    return { imports: (await listImports(db, user.organization.id)).map(importView) };
  },
  { adminOnly: true },
);
