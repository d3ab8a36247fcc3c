/**
 * The errors domain verbs throw. They say what went wrong in the domain's words; `lib/api/errors.ts`
 * maps them to the public API's envelope codes in one table, and the dashboard routes to their own
 * answers, so no verb knows a wire code.
 */
export abstract class DomainError extends Error {
  abstract readonly kind: "not-found" | "conflict" | "invalid" | "limit-reached" | "not-allowed";
  /** Echoed to API callers where the compatible API echoes something (e.g. the existing tracking). */
  readonly data: unknown;

  protected constructor(message: string, data: unknown = {}) {
    super(message);
    this.name = new.target.name;
    this.data = data;
  }
}

/** The thing asked for does not exist in the caller's organisation. */
export class NotFoundError extends DomainError {
  readonly kind = "not-found";
  constructor(
    readonly entity: string,
    message: string,
  ) {
    super(message);
  }
}

/** The change collides with what already exists (a duplicate, a resource in use). */
export class ConflictError extends DomainError {
  readonly kind = "conflict";
  constructor(
    readonly subject: string,
    message: string,
    data?: unknown,
  ) {
    super(message, data);
  }
}

/** Why a field is refused: absent, malformed, naming nothing known, or not enough to decide. */
export type InvalidReason = "missing" | "invalid" | "format" | "unknown" | "undetectable" | "courier-fields";

/** A field's value is refused; `field` is its path in the request (e.g. `tracking.slug`). */
export class InvalidError extends DomainError {
  readonly kind = "invalid";
  constructor(
    readonly field: string,
    readonly reason: InvalidReason,
    message: string,
    data?: unknown,
  ) {
    super(message, data);
  }
}

/** A count or size limit of the organisation or the request is reached. */
export class LimitReachedError extends DomainError {
  readonly kind = "limit-reached";
  constructor(
    readonly limit: string,
    message: string,
    /** A limit over time (a quota, a rate): the same request succeeds later (429 rather than 400). */
    readonly untilLater = false,
  ) {
    super(message);
  }
}

/** The caller may not do this now (a rule of the domain, not missing authentication). */
export class NotAllowedError extends DomainError {
  readonly kind = "not-allowed";
  constructor(
    readonly action: string,
    message: string,
  ) {
    super(message);
  }
}
