import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { getDb } from "@/db/client";
import { authenticateApiKey } from "@/lib/accounts/authenticate-api-key";
import { withRequestOrigin } from "@/lib/http/public-address";
import { requestOrigin } from "@/lib/http/request-origin";
import { logServerError, requestIdOf } from "@/lib/log-server-error";
import { presentedKey } from "../handle-request";
import { effectiveLimit, getRateLimiter, rateLimitHeaders } from "../rate-limit";
import { registerMcpTools } from "./mcp-tools";

/** Requests per second per organisation on the assistant endpoint (an override's bucket name is "mcp"). */
export const MCP_LIMIT_PER_SECOND = 10;

/** MCP clients send the key as a bearer token; the API's own headers work too. */
function keyOf(request: Request): string | null {
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.get("authorization")?.trim() ?? "")?.[1];
  return bearer ?? presentedKey(request);
}

/** A JSON-RPC error outside any request (the transport never saw it): what MCP clients read. */
function refusal(status: number, message: string, headers: Record<string, string> = {}): Response {
  return Response.json({ jsonrpc: "2.0", error: { code: -32001, message }, id: null }, { status, headers });
}

/**
 * The assistant endpoint: MCP over Streamable HTTP, stateless (every request carries the key; no
 * session to keep across instances), JSON answers. Each request gets a server whose tools are
 * bound to the key's organisation.
 */
export async function handleMcpRequest(request: Request): Promise<Response> {
  try {
    const key = keyOf(request);
    const db = await getDb();
    const caller = key ? await authenticateApiKey(db, key) : null;
    if (!caller) {
      return refusal(401, key ? "Invalid API key." : "API key is missing: send it as `Authorization: Bearer <key>` or in the `waybill-api-key` header.", {
        "www-authenticate": 'Bearer realm="waybill"',
      });
    }
    const organization = caller.organization;
    const limiter = await getRateLimiter();
    const decision = await limiter.check(
      { bucket: "mcp", limit: effectiveLimit("mcp", MCP_LIMIT_PER_SECOND, organization.rateLimits), consume: true },
      `org:${organization.id}`,
    );
    const headers = rateLimitHeaders(decision);
    if (!decision.allowed) return refusal(429, "Too many requests: the assistant endpoint's limit per second was reached.", headers);

    const server = new McpServer({ name: "waybill", version: "1.0.0" }, { instructions: "Shipments of one store, tracked by Waybill." });
    registerMcpTools(server, { db, organization, now: () => new Date() });
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    const response = await withRequestOrigin(requestOrigin(request), () => transport.handleRequest(request));
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  } catch (error) {
    const requestId = requestIdOf(request);
    logServerError("mcp", request, requestId, error);
    return refusal(500, `Something went wrong on our side (request ${requestId}).`);
  }
}
