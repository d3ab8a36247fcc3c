import { z } from "zod";
import { createApiKey } from "@/lib/accounts/create-api-key";
import { listApiKeys } from "@/lib/accounts/list-api-keys";
import { dashboardRoute, readJson } from "@/lib/dashboard/dashboard-route";

export const GET = dashboardRoute(async ({ db, user }) => ({ apiKeys: await listApiKeys(db, user.organization.id) }), { adminOnly: true });

/** The plaintext key and its API secret are in this response only: they are never readable again. */
export const POST = dashboardRoute(
  async ({ request, db, user }) => {
    const { name } = await readJson(request, z.object({ name: z.string().trim().min(1, "Give the key a name.").max(100) }));
    const { apiKey, key, secret } = await createApiKey(db, user.organization.id, name);
    return Response.json(
      { apiKey: { id: apiKey.id, name: apiKey.name, keyStart: apiKey.keyStart, createdAt: apiKey.createdAt }, key, secret },
      { status: 201 },
    );
  },
  { adminOnly: true },
);
