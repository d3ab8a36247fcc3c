import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./", import.meta.url)) } },
  test: {
    include: ["**/*.test.ts"],
    exclude: ["node_modules/**", ".next/**", "e2e/**", ".data/**"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default is one worker fewer than the cores: one on a two-core CI machine, where a file's
    // tests mostly wait on its database thread, servers and I/O. Two took the PGlite suite from 793 to 455 s.
    maxWorkers: availableParallelism(),
    setupFiles: ["./testing/hand-event-transport.ts"],
    globalSetup: ["./testing/database-template.ts"],
  },
});
