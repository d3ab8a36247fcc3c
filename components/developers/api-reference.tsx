"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Card } from "@/components/ui/card";
import { Field, SelectInput } from "@/components/ui/form-field";
import { PageHeader } from "@/components/ui/page-header";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { API_VERSIONS, type ApiVersion } from "@/lib/api-versions";
import OpenApiView from "./openapi-view";

const NEWEST: ApiVersion = API_VERSIONS[API_VERSIONS.length - 1]!;

async function fetchDocument(version: ApiVersion): Promise<object> {
  const response = await fetch(`/${version}/openapi.json`);
  if (!response.ok) throw new Error(`The ${version} reference did not load (HTTP ${response.status}).`);
  return response.json();
}

/** Every operation of a version, from its OpenAPI document, with "Try it out" against this server. */
export function ApiReference() {
  const [version, setVersion] = useState<ApiVersion>(NEWEST);
  const document = useQuery({ queryKey: ["openapi", version], queryFn: () => fetchDocument(version), staleTime: Infinity });
  return (
    <>
      <PageHeader
        title="API reference"
        description={
          <>
            Every operation of the public API, generated from the schemas that check its requests. The raw document is at{" "}
            <a className="font-mono text-indigo-700 underline" href={`/${version}/openapi.json`}>
              /{version}/openapi.json
            </a>
            ; “Try it out” needs an API key (Authorize).
          </>
        }
        actions={
          <Field label="Version">
            {(control) => (
              <SelectInput {...control} value={version} onChange={(event) => setVersion(event.target.value as ApiVersion)}>
                {[...API_VERSIONS].reverse().map((entry) => (
                  <option key={entry} value={entry}>
                    {entry}
                  </option>
                ))}
              </SelectInput>
            )}
          </Field>
        }
      />
      <Card>
        {document.isPending && <LoadingState label="Loading the reference…" />}
        {document.isError && <ErrorState error={document.error} onRetry={() => void document.refetch()} />}
        {document.data && <OpenApiView key={version} spec={document.data} />}
      </Card>
    </>
  );
}
