import { execFileSync } from "node:child_process";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { keepEnvironmentInPlainObject } from "./env";

describe("keepEnvironmentInPlainObject", () => {
  let original: NodeJS.ProcessEnv;
  beforeEach(() => {
    original = process.env;
    process.env.WAYBILL_PLAIN_ENVIRONMENT_TEST = "before";
  });
  afterEach(() => {
    process.env = original;
    delete process.env.WAYBILL_PLAIN_ENVIRONMENT_TEST;
  });

  it("holds the same variables in a plain object", () => {
    const before = { ...process.env };
    keepEnvironmentInPlainObject("linux");
    expect(process.env).not.toBe(original);
    expect(Object.getPrototypeOf(process.env)).toBe(Object.prototype);
    expect({ ...process.env }).toEqual(before);
  });

  it("hands a child process started later what the copy holds", () => {
    keepEnvironmentInPlainObject("linux");
    process.env.WAYBILL_PLAIN_ENVIRONMENT_TEST = "after";
    const seen = execFileSync(process.execPath, ["-e", "process.stdout.write(process.env.WAYBILL_PLAIN_ENVIRONMENT_TEST ?? '')"], { encoding: "utf8" });
    expect(seen).toBe("after");
  });

  it("leaves Windows' environment alone: its names are matched whatever their case", () => {
    keepEnvironmentInPlainObject("win32");
    expect(process.env).toBe(original);
  });
});
