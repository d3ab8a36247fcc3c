import { statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { verifyCredentials } from "@/lib/accounts/verify-credentials";
import { callApi } from "@/testing/api-client";
import { setupTestDatabase } from "@/testing/setup-test-database";
import { sendToAdminSocket, startAdminSocket } from "./admin-socket";
import { COMMANDS, runCommandLine } from "./commands";

const testDb = setupTestDatabase();
const run = (...argv: string[]) => runCommandLine(testDb.db, argv);
const apiKeyOf = (output: string) => /^API key: (\S+)$/m.exec(output)![1]!;
const orgIdOf = (output: string) => /^Organisation: (\S+)/m.exec(output)![1]!;

describe("the operator CLI's commands", () => {
  it("creates an organisation whose printed key works, lists it, and sets its limits", async () => {
    const created = await run("org", "create", "--name", "Acme", "--admin-email", "Ops@Acme.test", "--admin-password", "long-enough-1");
    expect(created.exitCode).toBe(0);
    const key = apiKeyOf(created.output);
    const organizationId = orgIdOf(created.output);
    expect((await callApi("GET", "/2025-04/trackings", { key })).status).toBe(200);
    expect(await verifyCredentials(testDb.db, "ops@acme.test", "long-enough-1")).not.toBeNull();

    const listed = await run("org", "list");
    expect(listed.output).toContain(`${organizationId}  Acme  members: 1  live keys: 1`);

    const limits = await run("org", "limits", "--org", organizationId, "--set", "2025-04 GET /trackings=1", "--set", "*=20");
    expect(JSON.parse(limits.output)).toEqual({ "2025-04 GET /trackings": 1, "*": 20 });
    const first = await callApi("GET", "/2025-04/trackings", { key });
    expect(first.headers.get("x-ratelimit-limit")).toBe("1");
    expect((await run("org", "limits", "--org", organizationId, "--clear")).output).toBe("{}");
  });

  it("creates and revokes keys, and resets a password", async () => {
    const organizationId = orgIdOf(
      (await run("org", "create", "--name", "Keys", "--admin-email", "keys@example.test", "--admin-password", "long-enough-1")).output,
    );
    const created = await run("key", "create", "--org", organizationId, "--name", "CI");
    const key = apiKeyOf(created.output);
    const keyId = /^Key id: (\S+)$/m.exec(created.output)![1]!;
    expect((await run("key", "list", "--org", organizationId)).output).toMatch(new RegExp(`${keyId}  CI  .*live`));
    expect((await run("key", "revoke", "--org", organizationId, "--key", keyId)).exitCode).toBe(0);
    expect((await callApi("GET", "/2025-04/trackings", { key })).status).toBe(401);
    expect((await run("key", "revoke", "--org", organizationId, "--key", keyId)).exitCode).toBe(2);

    const reset = await run("user", "reset-password", "--email", "keys@example.test");
    const password = /: (\S+)$/.exec(reset.output)![1]!;
    expect(await verifyCredentials(testDb.db, "keys@example.test", password)).not.toBeNull();
    expect(await verifyCredentials(testDb.db, "keys@example.test", "long-enough-1")).toBeNull();
  });

  it("answers --help on every command and refuses mistakes with the usage", async () => {
    for (const command of COMMANDS) {
      const help = await run(...command.words, "--help");
      expect(help).toMatchObject({ exitCode: 0 });
      expect(help.output).toContain(`npm run admin -- ${command.words.join(" ")}`);
    }
    expect((await run("--help")).output).toContain("org create");
    expect(await run("org", "create", "--name", "X")).toMatchObject({
      exitCode: 2,
      output: expect.stringContaining("Missing --admin-email, --admin-password"),
    });
    expect(await run("org", "explode")).toMatchObject({ exitCode: 2 });
    expect(await run("org", "create", "--name", "Weak", "--admin-email", "weak@example.test", "--admin-password", "short")).toMatchObject({
      exitCode: 1,
      output: expect.stringMatching(/at least 8/),
    });
    expect(await run("org", "limits", "--org", "nope")).toMatchObject({ exitCode: 2, output: expect.stringContaining("org list") });
  });

  it("runs through the server's owner-only socket", async () => {
    const socketPath = path.join(os.tmpdir(), `waybill-admin-${process.pid}-${Date.now()}.sock`);
    const server = await startAdminSocket(testDb.db, socketPath);
    try {
      expect(statSync(socketPath).mode & 0o777).toBe(0o600);
      const result = await sendToAdminSocket(
        ["org", "create", "--name", "Socket", "--admin-email", "s@example.test", "--admin-password", "long-enough-1"],
        socketPath,
      );
      expect(result).toMatchObject({ exitCode: 0, output: expect.stringMatching(/^API key: wb_/m) });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(await sendToAdminSocket(["org", "list"], socketPath)).toBeNull();
  });
});
