import { describe, expect, it } from "vitest";
import { ConflictError, InvalidError, LimitReachedError, NotAllowedError, NotFoundError } from "@/lib/domain-errors";
import { apiErrorFor, asApiError } from "./errors";

describe("domain errors as envelope codes", () => {
  it.each([
    [new NotFoundError("tracking", "Tracking does not exist."), 4004, 404],
    [new NotFoundError("courier-connection", "Courier connection does not exist."), 404, 404],
    [new ConflictError("tracking", "Tracking already exists."), 4003, 400],
    [new ConflictError("courier-connection", "in use"), 409, 409],
    [new InvalidError("tracking_number", "missing", "required"), 4007, 400],
    [new InvalidError("tracking.tracking_number", "invalid", "not a string"), 4005, 400],
    [new InvalidError("tracking_number", "format", "too short"), 4017, 400],
    [new InvalidError("tracking_number", "undetectable", "cannot detect"), 4012, 400],
    [new InvalidError("slug", "unknown", "no such courier"), 4010, 400],
    [new InvalidError("id", "invalid", "taken"), 4015, 400],
    [new InvalidError("tracking_postal_code", "courier-fields", "also required"), 4011, 400],
    [new InvalidError("tracking_postal_code", "missing", "required"), 4009, 400],
    [new InvalidError("emails", "invalid", "not an e-mail"), 4008, 400],
    [new LimitReachedError("retracks", "at most 3"), 4016, 400],
    [new NotAllowedError("retrack", "still active"), 4013, 400],
    [new NotAllowedError("redeliver", "disabled"), 403, 403],
  ])("%s → %i", (error, code, status) => {
    const apiError = apiErrorFor(error);
    expect(apiError.code).toBe(code);
    expect(apiError.status).toBe(status);
    expect(apiError.message).toBe(error.message);
  });

  it("keeps the data a domain error echoes, and leaves other errors alone", () => {
    const echo = { tracking: { slug: "ups", tracking_number: "1Z999" } };
    expect(apiErrorFor(new ConflictError("tracking", "Tracking already exists.", echo)).data).toEqual(echo);
    const other = new TypeError("not ours");
    expect(asApiError(other)).toBe(other);
  });
});
