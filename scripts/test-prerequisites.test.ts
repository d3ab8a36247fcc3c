import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { missingPrerequisites } from "./test-prerequisites.mjs";

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("npm test's prerequisites", () => {
  it("names each one missing in one line, with what to do", async () => {
    const missing = await missingPrerequisites({
      postgresUrl: `postgres://postgres@127.0.0.1:${await closedPort()}/test`,
      chromiumPath: "/nowhere/chromium",
      browserTests: true,
    });
    expect(missing).toHaveLength(2);
    expect(missing[0]).toMatch(
      /^PostgreSQL is not reachable at postgres:\/\/postgres@127\.0\.0\.1:\d+\/test .*apt-get install -y postgresql.*WAYBILL_TEST_POSTGRES_URL/,
    );
    expect(missing[1]).toMatch(/^Chromium is not at \/nowhere\/chromium: install Debian's \(apt-get install -y chromium\)/);
    for (const line of missing) expect(line).not.toContain("\n");
  });

  it("asks for no browser when the browser tests are skipped", async () => {
    const missing = await missingPrerequisites({ postgresUrl: "postgres://postgres@127.0.0.1:1/test", chromiumPath: "/nowhere/chromium", browserTests: false });
    expect(missing).toHaveLength(1);
  });
});
