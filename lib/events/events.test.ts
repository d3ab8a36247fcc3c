import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { defineEvent, sendEvent, storableEvent } from "./events";

const labelPrinted = defineEvent("test-label/printed", z.object({ trackingId: z.string(), copies: z.number().int().positive() }));

describe("event definitions", () => {
  it("are Inngest event types that type their data", () => {
    expect(labelPrinted.name).toBe("test-label/printed");
    expectTypeOf(labelPrinted.create).parameter(0).toEqualTypeOf<{ trackingId: string; copies: number }>();
  });

  it("refuse schemas that transform, since functions receive the data unparsed", () => {
    // @ts-expect-error a default makes input and output differ
    defineEvent("test-label/defaulted", z.object({ copies: z.number().default(1) }));
    // @ts-expect-error so does a transform
    defineEvent("test-label/transformed", z.object({ at: z.string().transform((value) => new Date(value)) }));
  });

  it("validate before anything is sent", async () => {
    // @ts-expect-error copies is missing
    await expect(sendEvent(labelPrinted, { trackingId: "t1" })).rejects.toThrow(z.ZodError);
    expect(() => storableEvent(labelPrinted, { trackingId: "t1", copies: 0 })).toThrow(z.ZodError);
  });
});
