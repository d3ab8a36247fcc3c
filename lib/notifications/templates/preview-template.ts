import { publicBaseUrl } from "@/lib/http/public-address";
import type { NotificationLanguage } from "../notification-texts";
import type { MessageTemplate } from "./default-templates";
import { renderMessage, templateProblem, type RenderedMessage } from "./liquid";
import { InvalidError } from "@/lib/domain-errors";
import { sampleVariables } from "./template-variables";

export type RenderedPreview = RenderedMessage;

/** The most characters each part of a template may have as written. */
const SOURCE_LIMITS: Record<keyof MessageTemplate, number> = { subject: 300, html: 50_000, text: 20_000, sms: 1_000 };
const PARTS = Object.keys(SOURCE_LIMITS) as Array<keyof MessageTemplate>;

/** Refuses a template part that is too long or does not parse, naming the part, the line and the reason. */
export function assertTemplateParses(template: MessageTemplate): void {
  for (const part of PARTS) {
    if (typeof template[part] !== "string") throw new InvalidError(part, "missing", `${part}: is missing.`);
    if (template[part].length > SOURCE_LIMITS[part]) throw new InvalidError(part, "invalid", `${part}: at most ${SOURCE_LIMITS[part]} characters.`);
    const problem = templateProblem(template[part]);
    if (problem) throw new InvalidError(part, "invalid", `${part}, line ${problem.line}: ${problem.reason}`);
  }
}

/**
 * The template filled in with a sample shipment, for the dashboard's live preview and as the check
 * before a save; a template that does not parse, or renders too large or too slowly, is refused with its part.
 */
export async function previewTemplate(template: MessageTemplate, language: NotificationLanguage): Promise<RenderedPreview> {
  assertTemplateParses(template);
  return renderMessage(template, sampleVariables(language, `${publicBaseUrl()}/t/your-shop/sample`));
}
