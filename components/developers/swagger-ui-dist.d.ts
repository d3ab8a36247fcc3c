// swagger-ui-dist ships no types; this is the part of its bundle the API reference calls.
declare module "swagger-ui-dist/swagger-ui-es-bundle.js" {
  interface SwaggerUIOptions {
    domNode: HTMLElement;
    spec: object;
    docExpansion?: "list" | "full" | "none";
    defaultModelsExpandDepth?: number;
    validatorUrl?: string | null;
  }
  const SwaggerUIBundle: (options: SwaggerUIOptions) => unknown;
  export default SwaggerUIBundle;
}
