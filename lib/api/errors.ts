import { ConflictError, InvalidError, LimitReachedError, NotAllowedError, NotFoundError, DomainError } from "@/lib/domain-errors";

/** The `meta.code` values of the compatible API (compat-reference §2) plus the HTTP-level ones we add. */
export const META_CODES = {
  400: { status: 400, type: "BadRequest", message: "The request was invalid or cannot be otherwise served." },
  4001: { status: 400, type: "BadRequest", message: "Invalid JSON data." },
  4003: { status: 400, type: "BadRequest", message: "Tracking already exists." },
  4004: { status: 404, type: "NotFound", message: "Tracking does not exist." },
  4005: { status: 400, type: "BadRequest", message: "The value of `tracking_number` is invalid." },
  4006: { status: 400, type: "BadRequest", message: "`tracking` object is required." },
  4007: { status: 400, type: "BadRequest", message: "`tracking_number` is required." },
  4008: { status: 400, type: "BadRequest", message: "The value of a field is invalid." },
  4009: { status: 400, type: "BadRequest", message: "A required field is missing." },
  4010: { status: 400, type: "BadRequest", message: "The value of `slug` is invalid." },
  4011: { status: 400, type: "BadRequest", message: "Missing or invalid value of the required fields for this courier." },
  4012: { status: 400, type: "BadRequest", message: "Cannot detect courier." },
  4013: { status: 400, type: "BadRequest", message: "Retrack is not allowed. You can only retrack an inactive tracking." },
  4014: { status: 400, type: "BadRequest", message: "`notification` object is required." },
  4015: { status: 400, type: "BadRequest", message: "The value of `id` is invalid." },
  4016: { status: 400, type: "BadRequest", message: "Retrack is not allowed. A tracking can be retracked at most 3 times." },
  4017: { status: 400, type: "BadRequest", message: "The format of `tracking_number` is invalid." },
  401: { status: 401, type: "Unauthorized", message: "Invalid API key." },
  403: { status: 403, type: "Forbidden", message: "The request is understood, but it has been refused or access is not allowed." },
  404: { status: 404, type: "NotFound", message: "The URI requested is invalid or the resource requested does not exist." },
  405: { status: 405, type: "BadRequest", message: "The method is not allowed for this resource." },
  409: { status: 409, type: "BadRequest", message: "The resource is in use." },
  413: { status: 413, type: "BadRequest", message: "The request body is larger than 1 MB." },
  429: {
    status: 429,
    type: "TooManyRequests",
    message: "You have exceeded the API call rate limit. Please retry after the time in X-RateLimit-Reset.",
  },
  500: { status: 500, type: "InternalError", message: "Something went wrong on our side." },
} as const;

export type MetaCode = keyof typeof META_CODES;
export type MetaType = (typeof META_CODES)[MetaCode]["type"];

/** The one error type the API raises; the wrapper turns it into the envelope. */
export class ApiError extends Error {
  readonly code: MetaCode;
  /** Echoed in the envelope's `data`, as the compatible API does for some errors. */
  readonly data: unknown;

  constructor(code: MetaCode, message?: string, data: unknown = {}) {
    super(message ?? META_CODES[code].message);
    this.name = "ApiError";
    this.code = code;
    this.data = data;
  }

  get status(): number {
    return META_CODES[this.code].status;
  }

  get type(): MetaType {
    return META_CODES[this.code].type;
  }
}

export const invalidValue = (field: string, detail?: string) => new ApiError(4008, `The value of \`${field}\` is invalid${detail ? `: ${detail}` : "."}`);

export const requiredValue = (field: string) => new ApiError(4009, `\`${field}\` is required.`);

/** Invalid fields whose refusal has its own code in the compatible API; others are 4008 or 4009. */
const INVALID_FIELD_CODES: Record<string, MetaCode> = {
  "tracking_number:missing": 4007,
  "tracking_number:invalid": 4005,
  "tracking_number:format": 4017,
  "tracking:missing": 4006,
  "notification:missing": 4014,
  "slug:unknown": 4010,
  "slug:invalid": 4010,
  "id:invalid": 4015,
};

/** A domain error as the API's error; anything else unchanged. */
export function asApiError(error: unknown): unknown {
  return error instanceof DomainError ? apiErrorFor(error) : error;
}

/** The one table from domain errors to envelope codes. */
export function apiErrorFor(error: DomainError): ApiError {
  const code = codeFor(error);
  return new ApiError(code, error.message, error.data);
}

function codeFor(error: DomainError): MetaCode {
  if (error instanceof NotFoundError) return error.entity === "tracking" ? 4004 : 404;
  if (error instanceof ConflictError) return error.subject === "tracking" ? 4003 : 409;
  if (error instanceof LimitReachedError) {
    if (error.limit === "retracks") return 4016;
    if (error.limit === "body-size") return 413;
    return error.untilLater ? 429 : 400;
  }
  if (error instanceof NotAllowedError) return error.action === "retrack" ? 4013 : 403;
  if (error instanceof InvalidError) {
    const field = error.field.split(".").at(-1)!;
    const specific = INVALID_FIELD_CODES[`${field}:${error.reason}`];
    if (specific) return specific;
    if (error.reason === "undetectable") return 4012;
    if (error.reason === "courier-fields") return 4011;
    return error.reason === "missing" ? 4009 : 4008;
  }
  return 400;
}
