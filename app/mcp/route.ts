import { handleMcpRequest } from "@/lib/api/mcp/handle-mcp-request";

// The assistant endpoint (MCP, Streamable HTTP): POST carries JSON-RPC; GET and DELETE are answered by the transport (stateless: 405).
export const GET = handleMcpRequest;
export const POST = handleMcpRequest;
export const DELETE = handleMcpRequest;
export const dynamic = "force-dynamic";
