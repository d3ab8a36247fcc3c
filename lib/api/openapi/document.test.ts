import { readFileSync } from "node:fs";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { listCouriers } from "@/lib/couriers/list-couriers";
import { API_VERSIONS } from "../types";
import { courierCodecs } from "../versions";
import { routeTables } from "../versions/route-tables";
import { versionSchemas } from "../versions/schemas";
import { openApiDocument } from "./document";

const golden = (version: string, kind: string) =>
  JSON.parse(readFileSync(new URL(`../versions/golden/${version}.${kind}.json`, import.meta.url), "utf8")) as { single: unknown; webhook: unknown };

/** Parses with the schema, which drops keys it does not describe: equal means every key is described and typed right. */
function expectDescribed(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  expect(result.error?.issues ?? []).toEqual([]);
  expect(result.data).toEqual(value);
}

describe.each(API_VERSIONS)("the OpenAPI document of %s", (version) => {
  const document = JSON.parse(openApiDocument(version));

  it("is a valid OpenAPI 3.1 document", async () => {
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe("3.1.0");
  });

  it("has every route of the version's route table, and nothing else", () => {
    const documented = Object.entries(document.paths as Record<string, object>).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const routed = routeTables[version].map((route) => `${route.method} ${route.pattern.replace(/:(\w+)/g, "{$1}")}`);
    expect(documented.sort()).toEqual(routed.sort());
  });

  it("describes the tracking the version answers, plain and fully filled, field by field", () => {
    const { single, tracking } = versionSchemas[version];
    for (const kind of ["plain", "full"]) {
      const output = golden(version, kind);
      expectDescribed(single, output.single);
      expectDescribed(tracking, output.webhook);
    }
  });

  it("describes the courier the version answers", () => {
    const schema = versionSchemas[version].courier;
    for (const courier of listCouriers().slice(0, 50)) expectDescribed(schema, courierCodecs[version].courier(courier));
  });
});

describe("a schema that does not describe the answer", () => {
  it("fails the check: an undescribed key is dropped and the answer differs", () => {
    const output = golden("2026-07", "full").webhook as Record<string, unknown>;
    expect(() => expectDescribed(versionSchemas["2025-04"].tracking, output)).toThrow();
  });
});
