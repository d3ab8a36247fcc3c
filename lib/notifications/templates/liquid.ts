import { Liquid, type Template } from "liquidjs";

/**
 * Liquid as merchants know it from Shopify, sandboxed: templates live in memory only (no `include`
 * or `render` of files), only own properties of the variables are read (no prototype walking),
 * unknown filters are errors, and parsing and rendering are bounded in size and time. Liquid has no
 * way to run code, so a merchant's template can only print what it is given.
 */
function engine(escapeHtml: boolean): Liquid {
  return new Liquid({
    templates: {},
    ownPropertyOnly: true,
    strictFilters: true,
    outputEscape: escapeHtml ? "escape" : undefined,
    parseLimit: 50_000,
    renderLimit: 500,
    memoryLimit: 1_000_000,
  });
}

const html = engine(true);
const plain = engine(false);

/** Where and why a template does not parse. */
export interface TemplateProblem {
  line: number;
  reason: string;
}

/** Null when the template parses; else the first problem, with its line. */
export function templateProblem(source: string): TemplateProblem | null {
  try {
    plain.parse(source);
    return null;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const line = Number(/line:(\d+)/.exec(message)?.[1] ?? 1);
    return { line, reason: message.replace(/,?\s*line:\d+,\s*col:\d+.*$/s, "").trim() };
  }
}

/** Renders a template; in HTML every printed value is escaped. Throws on templates that do not parse or run too long. */
export function renderTemplate(source: string, variables: Record<string, unknown>, format: "html" | "plain"): string {
  const liquid = format === "html" ? html : plain;
  const parsed: Template[] = liquid.parse(source);
  return liquid.renderSync(parsed, variables) as string;
}
