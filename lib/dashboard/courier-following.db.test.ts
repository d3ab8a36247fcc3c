import { describe, expect, it } from "vitest";
import { trackingProviderConnections } from "@/db/schema";
import { createCourierConnection } from "@/lib/connections/create-courier-connection";
import { sealCredentials } from "@/lib/connections/credentials-cipher";
import { providerCredentialsContext } from "@/lib/connections/provider-credentials";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { createTenant } from "@/testing/factories";
import { courierFollowingFor } from "./courier-following";

const testDb = setupTestDatabase();

describe("how Waybill follows each courier, per organisation", () => {
  it("says direct, via a provider or not trackable, in routing's order", async () => {
    const { organization } = await createTenant(testDb.db);
    let following = await courierFollowingFor(testDb.db, organization.id);
    // Royal Mail and UPS have their own API in Waybill, which a connection would use; 007EX has neither.
    expect(["testing-courier", "royal-mail", "ups", "007ex"].map(following)).toEqual(["direct", "connect", "connect", "not_trackable"]);

    await createCourierConnection(testDb.db, organization.id, { courierSlug: "ups", credentials: { client_id: "merchant", client_secret: "merchant-secret" } });
    await testDb.db.insert(trackingProviderConnections).values({
      organizationId: organization.id,
      provider: "track17",
      credentialsCiphertext: sealCredentials({ apiKey: "a-17track-key" }, providerCredentialsContext(organization.id, "track17")),
    });
    following = await courierFollowingFor(testDb.db, organization.id);
    expect(["ups", "royal-mail", "007ex"].map(following)).toEqual(["direct", "track17", "not_trackable"]);

    const { organization: other } = await createTenant(testDb.db);
    expect((await courierFollowingFor(testDb.db, other.id))("royal-mail")).toBe("connect");
  });
});
