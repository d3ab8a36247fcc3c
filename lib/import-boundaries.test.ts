import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIdsFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

describe("the lint rules that keep the architecture", () => {
  it("refuse a domain file that imports the API layer, and allow lib/api itself", async () => {
    const violation = 'import { ApiError } from "@/lib/api/errors";\nexport const refuse = () => new ApiError(404);\n';
    expect(await ruleIdsFor("lib/trackings/deliberate-violation.ts", violation)).toContain("no-restricted-imports");
    expect(
      await ruleIdsFor("lib/webhooks/deliberate-violation.ts", 'import { trackingCodecs } from "@/lib/api/versions";\nexport const c = trackingCodecs;\n'),
    ).toContain("no-restricted-imports");
    expect(await ruleIdsFor("lib/trackings/deliberate-violation.ts", 'import { ApiError } from "../api/errors";\nexport const e = ApiError;\n')).toContain(
      "no-restricted-imports",
    );
    expect(await ruleIdsFor("lib/api/handlers/fine.ts", violation)).not.toContain("no-restricted-imports");
  }, 60_000);

  it("refuse process.env outside lib/env.ts", async () => {
    const read = "export const port = process.env.PORT;\n";
    expect(await ruleIdsFor("lib/trackings/deliberate-violation.ts", read)).toContain("no-restricted-properties");
    expect(await ruleIdsFor("app/api/deliberate-violation/route.ts", read)).toContain("no-restricted-properties");
    expect(await ruleIdsFor("lib/env.ts", read)).not.toContain("no-restricted-properties");
  }, 60_000);
});
