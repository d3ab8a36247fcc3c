/** A failed dashboard API call, with the server's own message. */
export class RequestError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = "RequestError";
    this.status = status;
  }
}

/** Calls the dashboard API; a 401 (lapsed session) is turned into sign-in by the query provider. */
export async function fetchJson<T>(
  url: string,
  options: { method?: string; body?: unknown; file?: { body: Blob | string; type: string }; signal?: AbortSignal } = {},
): Promise<T> {
  const json = options.body !== undefined;
  const response = await fetch(url, {
    method: options.method ?? "GET",
    headers: options.file ? { "content-type": options.file.type } : json ? { "content-type": "application/json" } : undefined,
    body: options.file ? options.file.body : json ? JSON.stringify(options.body) : undefined,
    signal: options.signal,
    cache: "no-store",
  });
  const payload = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
  if (!response.ok) throw new RequestError(payload?.error?.message ?? `The request failed (${response.status}).`, response.status);
  return payload as T;
}

export function errorMessage(error: unknown): string | null {
  if (!error) return null;
  return error instanceof Error ? error.message : "Something went wrong.";
}
