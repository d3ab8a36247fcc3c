import { describe, expect, it } from "vitest";
import { callApi } from "@/testing/api-client";

describe("the OpenAPI document over HTTP", () => {
  it.each([
    ["/2026-07/openapi.json", "2026-07"],
    ["/tracking/2026-07/openapi.json", "2026-07"],
    ["/tracking/2025-04/openapi.json", "2025-04"],
    ["/v4/openapi.json", "v4"],
  ])("%s is served without a key", async (path, version) => {
    const answer = await callApi("GET", path, { key: null });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toContain("application/json");
    const document = answer.body as unknown as { openapi: string; info: { version: string }; paths: Record<string, unknown> };
    expect(document.openapi).toBe("3.1.0");
    expect(document.info.version).toBe(version);
    expect(document.paths["/trackings"]).toBeDefined();
  });
});
