import { describe, expect, it } from "vitest";
import { ApiError } from "./errors";
import { parseJsonBody } from "./parse-body";

function requestWith(body: ReadableStream<Uint8Array>): Request {
  return new Request("http://localhost/2025-04/trackings", { method: "POST", body, duplex: "half" } as RequestInit);
}

describe("parseJsonBody", () => {
  it("refuses a body whose connection closed before it ended with a 400, not a server error", async () => {
    const cut = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"tracking_number":'));
        controller.error(Object.assign(new Error("aborted"), { code: "ECONNRESET" }));
      },
    });
    const error = await parseJsonBody(requestWith(cut)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 400 });
  });

  it("reads a whole body", async () => {
    const whole = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"tracking_number":"1Z"}'));
        controller.close();
      },
    });
    expect(await parseJsonBody(requestWith(whole))).toEqual({ tracking_number: "1Z" });
  });
});
