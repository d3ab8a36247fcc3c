import { describe, expect, it } from "vitest";
import { resolveJobsMode } from "./mode";

describe("resolveJobsMode", () => {
  it("runs embedded when nothing about Inngest is configured", () => {
    expect(resolveJobsMode({})).toBe("embedded");
  });

  it.each([
    { INNGEST_EVENT_KEY: "key" },
    { INNGEST_SIGNING_KEY: "signkey-prod-abc" },
    { INNGEST_BASE_URL: "http://inngest:8288" },
    { JOBS_MODE: "inngest" as const },
  ])("uses Inngest when %o is set", (settings) => {
    expect(resolveJobsMode(settings)).toBe("inngest");
  });

  it("lets an explicit JOBS_MODE=embedded win over Inngest keys", () => {
    expect(resolveJobsMode({ JOBS_MODE: "embedded", INNGEST_EVENT_KEY: "key" })).toBe("embedded");
  });
});
