import { ApiError, META_CODES, type MetaCode } from "./errors";

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8" };

type HeaderMap = Record<string, string>;

export function successResponse(data: unknown, status: 200 | 201, headers: HeaderMap = {}): Response {
  return new Response(JSON.stringify({ meta: { code: status }, data }), {
    status,
    headers: { ...JSON_HEADERS, ...headers },
  });
}

export function errorResponse(error: ApiError, headers: HeaderMap = {}): Response {
  const body = { meta: { code: error.code, message: error.message, type: error.type }, data: error.data ?? {} };
  return new Response(JSON.stringify(body), { status: error.status, headers: { ...JSON_HEADERS, ...headers } });
}

export function errorResponseFor(code: MetaCode, message?: string, headers: HeaderMap = {}): Response {
  return errorResponse(new ApiError(code, message ?? META_CODES[code].message), headers);
}
