import { describe, expect, it } from "vitest";
import { dropNpmVariables } from "./npm-variables.mjs";

describe("npm's variables", () => {
  it("are dropped from the environment the server runs with, and nothing else is", () => {
    const env = { npm_config_cache: "/root/.npm", npm_lifecycle_event: "start", PATH: "/usr/bin", DATABASE_URL: "postgres://x", NPM_TOKEN_NOT_NPMS: "kept" };
    dropNpmVariables(env);
    expect(env).toEqual({ PATH: "/usr/bin", DATABASE_URL: "postgres://x", NPM_TOKEN_NOT_NPMS: "kept" });
  });
});
