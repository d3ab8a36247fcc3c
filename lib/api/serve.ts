import { handleApiRequest, type VersionEndpoint } from "./handle-request";
import { errorResponseFor } from "./envelope";
import { openApiDocument } from "./openapi/document";
import { versionEndpoint } from "./versions/endpoints";

type RouteContext = { params: Promise<{ path?: string[]; version?: string }> };
type NextRouteHandler = (request: Request, context: RouteContext) => Promise<Response>;

function handlerFor(resolve: (params: { path?: string[]; version?: string }) => VersionEndpoint | undefined): NextRouteHandler {
  return async (request, context) => {
    const params = await context.params;
    const endpoint = resolve(params);
    if (!endpoint) return errorResponseFor(404);
    if (isOpenApiRequest(request, params.path)) return openApiResponse(endpoint);
    return handleApiRequest(endpoint, request, params.path ?? []);
  };
}

const isOpenApiRequest = (request: Request, path: string[] | undefined) =>
  (request.method === "GET" || request.method === "HEAD") && path?.length === 1 && path[0] === "openapi.json";

/** The version's OpenAPI document: public, like the API's own reference, so it needs no key. */
function openApiResponse(endpoint: VersionEndpoint): Response {
  return new Response(openApiDocument(endpoint.version), {
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "public, max-age=300", "as-api-version": endpoint.versionHeader },
  });
}

function allMethods(handler: NextRouteHandler) {
  return { GET: handler, HEAD: handler, POST: handler, PUT: handler, PATCH: handler, DELETE: handler, OPTIONS: handler };
}

/** Exports for a route file that serves one version under its own prefix (`/v4/...`). */
export function versionRoute(versionSegment: string) {
  return allMethods(handlerFor(() => versionEndpoint(versionSegment)));
}

/** Exports for `/tracking/[version]/...`, the prefix the official SDKs call. */
export function trackingPrefixRoute() {
  return allMethods(handlerFor((params) => (params.version ? versionEndpoint(params.version) : undefined)));
}

/** Exports for a path that a version serves without its version segment (2024-07's EDD batch). */
export function unversionedRoute(versionSegment: string, prefix: string[]) {
  const endpoint = versionEndpoint(versionSegment);
  const handler: NextRouteHandler = async (request, context) => {
    const params = await context.params;
    return handleApiRequest(endpoint!, request, [...prefix, ...(params.path ?? [])]);
  };
  return allMethods(handler);
}
