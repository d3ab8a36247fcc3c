/** A request body stopped at its limit: refused, however it was sent (declared or chunked). */
export class BodyTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`The request body is larger than ${maxBytes >= 1024 * 1024 ? `${maxBytes / (1024 * 1024)} MB` : `${maxBytes / 1024} KB`}.`);
  }
}

/** The client went away mid-body: nobody reads the answer, and it is no server error either. */
export class BodyUnreadable extends Error {
  constructor() {
    super("The request body could not be read: the connection closed before it ended.");
  }
}

/**
 * Reads a body counting bytes as they arrive, and stops at `maxBytes`: a chunked body without a
 * Content-Length (or one that lies) is never held whole in memory past the limit.
 */
export async function readLimitedBody(request: Request, maxBytes: number): Promise<Uint8Array> {
  if (Number(request.headers.get("content-length") ?? 0) > maxBytes) throw new BodyTooLarge(maxBytes);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let step: ReadableStreamReadResult<Uint8Array>;
    try {
      step = await reader.read();
    } catch {
      throw new BodyUnreadable();
    }
    if (step.done) break;
    size += step.value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLarge(maxBytes);
    }
    chunks.push(step.value);
  }
  return Buffer.concat(chunks);
}

/** The body as UTF-8 text, within `maxBytes`. */
export async function readLimitedText(request: Request, maxBytes: number): Promise<string> {
  return new TextDecoder().decode(await readLimitedBody(request, maxBytes));
}
