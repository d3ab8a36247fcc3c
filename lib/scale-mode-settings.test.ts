import { describe, expect, it } from "vitest";
import { missingScaleModeSettings } from "./scale-mode-settings";

describe("scale mode's shared settings", () => {
  it("are required once DATABASE_URL is set, and only then", () => {
    const url = "postgres://db.example/waybill";
    expect(missingScaleModeSettings({})).toEqual([]);
    expect(missingScaleModeSettings({ DATABASE_URL: url })).toEqual(["WAYBILL_ENCRYPTION_KEY", "NEXTAUTH_SECRET"]);
    expect(missingScaleModeSettings({ DATABASE_URL: url, NEXTAUTH_SECRET: "s" })).toEqual(["WAYBILL_ENCRYPTION_KEY"]);
    expect(missingScaleModeSettings({ DATABASE_URL: url, NEXTAUTH_SECRET: "s", WAYBILL_ENCRYPTION_KEY: "k" })).toEqual([]);
  });
});
