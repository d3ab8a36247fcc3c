/**
 * The part of Inngest's trigger conditions (`if`, a CEL expression) the embedded runner evaluates:
 * comparisons of an event value with a literal, joined by `&&`, such as
 * `event.data.tagChanged == true && event.data.kind != "test"`. A condition outside it is refused
 * at start-up rather than evaluated differently from Inngest.
 */
export interface Comparison {
  path: string[];
  equal: boolean;
  value: string | number | boolean | null;
}

const COMPARISON = /^(event(?:\.[A-Za-z_][A-Za-z0-9_]*)+)\s*(==|!=)\s*(true|false|null|-?\d+(?:\.\d+)?|"[^"\\]*"|'[^'\\]*')$/;

/** The comparisons of a condition, or undefined when it needs more of CEL than this. */
export function parseCondition(expression: string): Comparison[] | undefined {
  const comparisons: Comparison[] = [];
  for (const clause of expression.split("&&").map((piece) => piece.trim())) {
    const match = COMPARISON.exec(clause);
    if (!match) return undefined;
    const [, path, operator, literal] = match as unknown as [string, string, string, string];
    comparisons.push({ path: path.split(".").slice(1), equal: operator === "==", value: parseLiteral(literal) });
  }
  return comparisons;
}

function parseLiteral(literal: string): Comparison["value"] {
  if (literal.startsWith('"') || literal.startsWith("'")) return literal.slice(1, -1);
  return JSON.parse(literal) as Comparison["value"];
}

/** Whether the event meets every comparison. A missing value meets none, as CEL fails on it and Inngest then skips the run. */
export function conditionHolds(comparisons: Comparison[], event: unknown): boolean {
  return comparisons.every(({ path, equal, value }) => {
    let found: unknown = event;
    for (const step of path) found = found !== null && typeof found === "object" ? (found as Record<string, unknown>)[step] : undefined;
    if (found === undefined) return false;
    return (found === value) === equal;
  });
}
