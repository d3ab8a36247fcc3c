import { z } from "zod";
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from "zod-openapi";
import type { ApiRoute, ApiVersion } from "../types";
import { routeTables } from "../versions/route-tables";
import { versionSchemas } from "../versions/schemas";
import { OPERATIONS } from "./operations";

const JSON_TYPE = "application/json";

const errorEnvelope = z
  .object({
    meta: z.object({ code: z.int().meta({ description: "The error's code, e.g. 4004" }), message: z.string(), type: z.string() }),
    data: z.unknown(),
  })
  .meta({ id: "Error" });

const envelope = (data: z.ZodType, status: number) => z.object({ meta: z.object({ code: z.literal(status) }), data });

/** `/trackings/:id` → `/trackings/{id}`, and the path parameters it names. */
function openApiPath(pattern: string): { path: string; params: string[] } {
  const params: string[] = [];
  const path = pattern.replace(/:(\w+)/g, (_match, name: string) => (params.push(name), `{${name}}`));
  return { path, params };
}

function operationOf(version: ApiVersion, route: ApiRoute, params: string[]): ZodOpenApiOperationObject {
  const describe = OPERATIONS.get(route.handler);
  if (!describe) throw new Error(`no OpenAPI description for ${route.method} ${route.pattern}`);
  const operation = describe(versionSchemas[version], version);
  const status = operation.status ?? 200;
  return {
    operationId: `${route.method.toLowerCase()}${route.pattern.replace(/[/:-](\w)/g, (_match, letter: string) => letter.toUpperCase())}`,
    summary: operation.summary,
    tags: [operation.tag],
    requestParams: {
      ...(params.length && { path: z.object(Object.fromEntries(params.map((name) => [name, z.string()]))) }),
      ...(operation.query && { query: operation.query }),
    },
    ...(operation.body && { requestBody: { required: true, content: { [JSON_TYPE]: { schema: operation.body } } } }),
    responses: {
      [status]: { description: operation.summary, content: { [JSON_TYPE]: { schema: envelope(operation.data, status) } } },
      default: { description: "An error: `meta.code` says which", content: { [JSON_TYPE]: { schema: errorEnvelope } } },
    },
  };
}

function buildDocument(version: ApiVersion) {
  const paths: ZodOpenApiPathsObject = {};
  for (const route of routeTables[version]) {
    const { path, params } = openApiPath(route.pattern);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operationOf(version, route, params) };
  }
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: `Waybill tracking API ${version}`,
      version,
      description: "Shipment tracking, compatible with the AfterShip Tracking API of the same version. Every answer is an envelope of `meta` and `data`.",
    },
    servers: [{ url: `/tracking/${version}` }, { url: `/${version}` }],
    security: [{ apiKey: [] }],
    components: { securitySchemes: { apiKey: { type: "apiKey", in: "header", name: "waybill-api-key" } } },
    paths,
  });
}

const documents = new Map<ApiVersion, string>();

/** The version's OpenAPI 3.1 document as JSON, built once per process. */
export function openApiDocument(version: ApiVersion): string {
  let document = documents.get(version);
  if (!document) {
    document = JSON.stringify(buildDocument(version));
    documents.set(version, document);
  }
  return document;
}
