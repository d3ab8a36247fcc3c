import { z } from "zod";
import { checkCarrierCredentials } from "@/lib/connections/test-credentials";
import { connectionCourierOrThrow, validateCredentials } from "@/lib/connections/validate-credentials";
import { dashboardRoute, readJson } from "@/lib/dashboard/dashboard-route";

const CredentialsToTest = z.object({ courierSlug: z.string().min(1, "Choose a courier."), credentials: z.record(z.string(), z.string()) });

/** "Test connection": one real call to the carrier with the credentials typed, nothing stored. */
export const POST = dashboardRoute(
  async ({ request }) => {
    const input = await readJson(request, CredentialsToTest);
    const courier = connectionCourierOrThrow(input.courierSlug);
    return { check: await checkCarrierCredentials(courier, validateCredentials(courier, input.credentials)) };
  },
  { adminOnly: true },
);
