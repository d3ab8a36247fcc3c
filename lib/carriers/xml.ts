import { XMLBuilder, XMLParser } from "fast-xml-parser";

export interface XmlParseOptions {
  /** Element names that are lists even when one element comes (`event`, `item`…). */
  arrays?: readonly string[];
}

/**
 * An XML or SOAP answer as plain objects: namespace prefixes dropped (`soap:Body` → `Body`), every
 * text kept as a string (tracking numbers and codes must not turn into numbers), attributes under
 * `@_name`. Throws on XML that is not well formed, which callers report as an unreadable answer.
 */
export function parseXml(text: string, options: XmlParseOptions = {}): Record<string, unknown> {
  const arrays = new Set(options.arrays ?? []);
  const parser = new XMLParser({
    removeNSPrefix: true,
    ignoreAttributes: false,
    attributeNamePrefix: "@_",
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    isArray: (name) => arrays.has(name),
  });
  return parser.parse(text, true) as Record<string, unknown>;
}

/** A request body from plain objects (attributes under `@_name`), with the XML declaration. */
export function buildXml(document: Record<string, unknown>): string {
  // Boolean attributes kept as values: `xsi:nil="true"` must not become a bare attribute.
  const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: "@_", suppressEmptyNode: true, suppressBooleanAttributes: false });
  return `<?xml version="1.0" encoding="UTF-8"?>${builder.build(document) as string}`;
}
