import { nulPathOf } from "@/lib/clean-input";
import { ApiError } from "./errors";

const NUL = "\u0000";

const invalid = (field: string) => new ApiError(4008, `The value of \`${field || "body"}\` is invalid: it contains a NUL character.`);

// U+0000 cannot be stored (lib/clean-input.ts): input carrying one is an invalid value.

/** Path parameters and query values holding U+0000. */
export function assertNoNulInRequest(params: Record<string, string>, query: URLSearchParams): void {
  for (const [name, value] of Object.entries(params)) if (value.includes(NUL)) throw invalid(name);
  for (const [name, value] of query) if (name.includes(NUL) || value.includes(NUL)) throw invalid(name.replaceAll(NUL, ""));
}

/** A parsed JSON body holding U+0000 in a value or a key. */
export function assertNoNulInBody(body: unknown): void {
  const path = nulPathOf(body);
  if (path) throw invalid(path.join("."));
}
