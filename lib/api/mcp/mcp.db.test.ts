import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { describe, expect, it } from "vitest";
import { createTenant } from "@/testing/factories";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { createTestTracking } from "@/testing/tracking-updates";
import { handleMcpRequest } from "./handle-mcp-request";

const testDb = setupTestDatabase();

/** The SDK's own client, its requests answered by the route's handler (no socket needed). */
async function connect(key: string, header: "bearer" | "waybill-api-key" = "bearer"): Promise<Client> {
  const client = new Client({ name: "waybill-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL("http://waybill.test/mcp"), {
    requestInit: { headers: header === "bearer" ? { authorization: `Bearer ${key}` } : { "waybill-api-key": key } },
    fetch: (url, init) => handleMcpRequest(new Request(url, init)),
  });
  await client.connect(transport);
  return client;
}

const textOf = (result: Awaited<ReturnType<Client["callTool"]>>) => JSON.parse((result.content as Array<{ text: string }>)[0]!.text);

describe("the assistant endpoint (MCP)", () => {
  it("lists its tools, finds a shipment by order number and creates a tracking, for the key's organisation only", async () => {
    const { key } = await createTenant(testDb.db);
    const stranger = await createTenant(testDb.db);
    const id = await createTestTracking(key, { order_number: "#1042", emails: ["jo@example.com"] });

    const client = await connect(key);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      "courier_performance",
      "create_tracking",
      "find_shipments",
      "get_shipment_timeline",
      "list_shipments_needing_attention",
    ]);
    expect(tools.every((tool) => (tool.description ?? "").length > 60)).toBe(true);

    const found = textOf(await client.callTool({ name: "find_shipments", arguments: { order_number: "#1042" } }));
    expect(found.shipments).toHaveLength(1);
    expect(found.shipments[0]).toMatchObject({ id, order_number: "#1042", status: "Pending", courier: { slug: "testing-courier" } });
    expect(found.shipments[0].tracking_page_url).toMatch(/\/t\/[^/]+\/[\w.-]+$/);
    // No contact detail and no secret leaves.
    expect(JSON.stringify(found)).not.toContain("jo@example.com");
    expect(JSON.stringify(found)).not.toContain(key);
    const byEmail = textOf(await client.callTool({ name: "find_shipments", arguments: { customer_email: "JO@example.com" } }));
    expect(byEmail.shipments.map((shipment: { id: string }) => shipment.id)).toEqual([id]);

    const created = textOf(
      await client.callTool({
        name: "create_tracking",
        arguments: { tracking_number: `ITOD-1-${Date.now()}`, slug: "testing-courier", order_number: "#1043" },
      }),
    );
    expect(created.created).toMatchObject({ order_number: "#1043", status: "Pending" });
    const timeline = textOf(await client.callTool({ name: "get_shipment_timeline", arguments: { id: created.created.id } }));
    expect(timeline).toMatchObject({ id: created.created.id, timeline: [] });

    const duplicate = await client.callTool({
      name: "create_tracking",
      arguments: { tracking_number: created.created.tracking_number, slug: "testing-courier" },
    });
    expect(duplicate.isError).toBe(true);
    expect((duplicate.content as Array<{ text: string }>)[0]!.text).toMatch(/already exists/);

    // Another organisation's key, in the API's own header, sees none of it.
    const other = await connect(stranger.key, "waybill-api-key");
    expect(textOf(await other.callTool({ name: "find_shipments", arguments: { order_number: "#1042" } })).shipments).toEqual([]);
    expect(textOf(await other.callTool({ name: "find_shipments", arguments: { order_number: "#1043" } })).shipments).toEqual([]);
    const theirs = await other.callTool({ name: "get_shipment_timeline", arguments: { id } });
    expect(theirs.isError).toBe(true);
    expect(textOf(await other.callTool({ name: "list_shipments_needing_attention", arguments: {} })).shipments).toEqual([]);
    await client.close();
    await other.close();
  });

  it("refuses a missing or wrong key with 401, and a caller over its limit with 429", async () => {
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    const post = (headers: Record<string, string>) =>
      handleMcpRequest(
        new Request("http://waybill.test/mcp", {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
          body,
        }),
      );
    const missing = await post({});
    expect(missing.status).toBe(401);
    expect(missing.headers.get("www-authenticate")).toMatch(/Bearer/);
    expect((await missing.json()).error.message).toMatch(/missing/);
    expect((await post({ authorization: "Bearer not-a-key" })).status).toBe(401);

    const { key } = await createTenant(testDb.db, { realLimits: true });
    const answers = await Promise.all(Array.from({ length: 14 }, () => post({ authorization: `Bearer ${key}` })));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses).toContain(429);
  });
});
