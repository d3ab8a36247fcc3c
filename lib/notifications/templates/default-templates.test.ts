import { describe, expect, it } from "vitest";
import { NOTIFICATION_LANGUAGES } from "../notification-texts";
import { defaultTemplate, TEMPLATE_TRIGGERS } from "./default-templates";
import { renderMessage, templateProblem } from "./liquid";
import { sampleVariables } from "./template-variables";

describe("Waybill's default messages", () => {
  for (const language of NOTIFICATION_LANGUAGES) {
    it(`exist for every trigger in ${language}, parse, and print every part with the page link`, async () => {
      const variables = sampleVariables(language, "https://track.example/t/shop/abc.fxyz");
      for (const trigger of TEMPLATE_TRIGGERS) {
        const template = defaultTemplate(trigger, language);
        const message = await renderMessage(template, variables);
        for (const [part, source] of Object.entries(template)) {
          expect(templateProblem(source), `${trigger} ${language} ${part}`).toBeNull();
          const rendered = message[part as keyof typeof message];
          expect(rendered, `${trigger} ${language} ${part}`).not.toMatch(/\{\{|\{%/);
          if (part !== "subject") expect(rendered, `${trigger} ${language} ${part}`).toContain("https://track.example/t/shop/abc.fxyz");
        }
      }
    });
  }

  it("word the estimate trigger around the new date", async () => {
    const rendered = await renderMessage(defaultTemplate("estimate_revised", "fr"), sampleVariables("fr", "https://x"));
    expect(rendered.subject).toBe("Livraison estimée: 12 mars 2026 · 1Z999AA10123456784");
  });
});
