/**
 * Liquid as merchants know it from Shopify, sandboxed: templates live in memory only (no `include`
 * or `render` of files), only own properties of the variables are read (no prototype walking),
 * unknown filters are errors, and parsing and rendering are bounded in size and time. Liquid has no
 * way to run code, so a merchant's template can only print what it is given. Shared by the parser
 * here and the render worker, which builds its engines from these options.
 */
export const LIQUID_OPTIONS = {
  templates: {},
  ownPropertyOnly: true,
  strictFilters: true,
  parseLimit: 50_000,
  renderLimit: 500,
  memoryLimit: 1_000_000,
} as const;
