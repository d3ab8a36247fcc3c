"use client";

import "swagger-ui-dist/swagger-ui.css";
import { useEffect, useRef, useState } from "react";
import { ErrorState, LoadingState } from "@/components/ui/states";

/**
 * Renders an OpenAPI document with Swagger UI's self-contained bundle, loaded from our own build
 * when the page needs it (no CDN, no validator badge calling out).
 */
export default function OpenApiView({ spec }: { spec: object }) {
  const node = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"loading" | "ready" | Error>("loading");
  useEffect(() => {
    let cancelled = false;
    import("swagger-ui-dist/swagger-ui-es-bundle.js")
      .then(({ default: SwaggerUIBundle }) => {
        if (cancelled || !node.current) return;
        node.current.replaceChildren();
        SwaggerUIBundle({ domNode: node.current, spec, docExpansion: "list", defaultModelsExpandDepth: 0, validatorUrl: null });
        setState("ready");
      })
      .catch((error: Error) => setState(error));
    return () => {
      cancelled = true;
    };
  }, [spec]);
  return (
    <>
      {state === "loading" && <LoadingState label="Loading the reference…" />}
      {state instanceof Error && <ErrorState error={state} />}
      <div ref={node} />
    </>
  );
}
