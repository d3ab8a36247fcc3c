import { describe, expect, it } from "vitest";
import { SUBTAGS } from "@/lib/carriers/subtags";
import { notificationLanguage } from "./status-text";
import { SUBTAG_MESSAGES } from "./notification-texts";

describe("notification texts", () => {
  it.each(Object.keys(SUBTAG_MESSAGES))("translate every subtag into %s", (language) => {
    const messages = SUBTAG_MESSAGES[language as keyof typeof SUBTAG_MESSAGES]!;
    expect(Object.keys(messages).sort()).toEqual(SUBTAGS.map((entry) => entry.subtag).sort());
  });

  it.each([
    ["de", "de"],
    ["DE", "de"],
    ["de-AT", "de"],
    ["fr_CA", "fr"],
    ["es-419", "es"],
    ["en-US", "en"],
    ["ja", "en"],
    [null, "en"],
    ["", "en"],
  ])("write %s as %s", (language, expected) => {
    expect(notificationLanguage(language)).toBe(expected);
  });
});
