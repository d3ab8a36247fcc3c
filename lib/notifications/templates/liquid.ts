import { Liquid } from "liquidjs";
import type { MessageTemplate } from "./default-templates";
import { LIQUID_OPTIONS } from "./liquid-options";
import { renderOnWorker, type TemplatePart } from "./template-worker";

/** The most characters each part of a message may render to, and the whole message. */
export const OUTPUT_LIMITS: Record<keyof MessageTemplate, number> = { subject: 1_000, html: 200_000, text: 100_000, sms: 1_600 };
export const TOTAL_OUTPUT_LIMIT = 250_000;

// Parsing is linear in the template's (bounded) length, so it stays on the calling thread.
const parser = new Liquid(LIQUID_OPTIONS);

/** Where and why a template does not parse. */
export interface TemplateProblem {
  line: number;
  reason: string;
}

/** Null when the template parses; else the first problem, with its line. */
export function templateProblem(source: string): TemplateProblem | null {
  try {
    parser.parse(source);
    return null;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const line = Number(/line:(\d+)/.exec(message)?.[1] ?? 1);
    return { line, reason: message.replace(/,?\s*line:\d+,\s*col:\d+.*$/s, "").trim() };
  }
}

/** A message as sent: one-line subject and SMS, the e-mail's HTML (every printed value escaped) and text. */
export type RenderedMessage = Record<keyof MessageTemplate, string>;

const PARTS: Array<Omit<TemplatePart, "source">> = [
  { name: "subject", format: "plain", limit: OUTPUT_LIMITS.subject },
  { name: "html", format: "html", limit: OUTPUT_LIMITS.html },
  { name: "text", format: "plain", limit: OUTPUT_LIMITS.text },
  { name: "sms", format: "plain", limit: OUTPUT_LIMITS.sms },
];

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * Renders every part of a template, off the event loop and within the output bounds; refuses with
 * an `InvalidError` naming the part and the reason (too large, too slow, or a Liquid error).
 */
export async function renderMessage(template: MessageTemplate, variables: Record<string, unknown>): Promise<RenderedMessage> {
  const parts = PARTS.map((part) => ({ ...part, source: template[part.name as keyof MessageTemplate] }));
  const output = await renderOnWorker(parts, variables, TOTAL_OUTPUT_LIMIT);
  return { subject: oneLine(output.subject!), html: output.html!, text: output.text!, sms: oneLine(output.sms!) };
}
