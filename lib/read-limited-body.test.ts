import { describe, expect, it } from "vitest";
import { parseJsonBody } from "@/lib/api/parse-body";
import { BodyTooLarge, readLimitedBody } from "./read-limited-body";

/** A chunked body with no Content-Length: 64 KB chunks, counted as they are pulled. */
function endless(chunks: number) {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= chunks) return controller.close();
      pulled += 1;
      controller.enqueue(new Uint8Array(64 * 1024).fill(0x20));
    },
  });
  const request = new Request("http://localhost/upload", { method: "POST", body: stream, duplex: "half" } as RequestInit);
  return { request, pulled: () => pulled };
}

describe("bodies counted while they stream", () => {
  it("stops a chunked body at the limit without reading the rest", async () => {
    const body = endless(1_000);
    await expect(readLimitedBody(body.request, 1024 * 1024)).rejects.toBeInstanceOf(BodyTooLarge);
    expect(body.pulled()).toBeLessThanOrEqual(18);
  });

  it("refuses a declared length over the limit before reading", async () => {
    const request = new Request("http://localhost/upload", { method: "POST", body: "{}", headers: { "content-length": String(2 * 1024 * 1024) } });
    await expect(readLimitedBody(request, 1024 * 1024)).rejects.toBeInstanceOf(BodyTooLarge);
  });

  it("reads a body within the limit whole", async () => {
    const body = endless(3);
    expect((await readLimitedBody(body.request, 1024 * 1024)).byteLength).toBe(3 * 64 * 1024);
  });

  it("answers the API's 413 for a chunked body over 1 MB", async () => {
    await expect(parseJsonBody(endless(1_000).request)).rejects.toMatchObject({ code: 413 });
  });
});
