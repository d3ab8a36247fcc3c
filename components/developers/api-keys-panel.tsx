"use client";

import { dashboardApi, read, send } from "@/components/data/dashboard-api";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { errorMessage } from "@/components/data/fetch-json";
import { formatDateTime } from "@/components/data/format";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CopyButton } from "@/components/ui/copy-button";
import { Field, TextInput } from "@/components/ui/form-field";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import type { ApiKeyView } from "@/lib/dashboard/types";

function NewKey({ name, apiKey, secret, onDone }: { name: string; apiKey: string; secret: string; onDone: () => void }) {
  return (
    <Alert tone="success" title={`Your new key “${name}”`}>
      <p>Copy it now and keep it somewhere safe: Waybill shows it only this once.</p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end">
        <Field label="New API key" className="flex-1">
          {(control) => <TextInput {...control} readOnly value={apiKey} className="font-mono" onFocus={(event) => event.target.select()} />}
        </Field>
        <div className="flex gap-2">
          <CopyButton value={apiKey} what="API key" />
        </div>
      </div>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end">
        <Field label="API secret (only for clients that sign requests, auth_type AES)" className="flex-1">
          {(control) => <TextInput {...control} readOnly value={secret} className="font-mono" onFocus={(event) => event.target.select()} />}
        </Field>
        <div className="flex gap-2">
          <CopyButton value={secret} what="API secret" />
          <Button size="sm" onClick={onDone}>
            Done
          </Button>
        </div>
      </div>
    </Alert>
  );
}

export function ApiKeysPanel() {
  const client = useQueryClient();
  const [name, setName] = useState("");
  const [created, setCreated] = useState<{ name: string; key: string; secret: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);
  const keys = useQuery({ queryKey: dashboardApi.apiKeys.key, queryFn: () => read(dashboardApi.apiKeys).then((data) => data.apiKeys) });
  const create = useMutation({
    mutationFn: (keyName: string) => send<{ apiKey: ApiKeyView; key: string; secret: string }>(dashboardApi.apiKeys, "POST", { name: keyName }),
    onSuccess: ({ apiKey, key, secret }) => {
      setCreated({ name: apiKey.name, key, secret });
      setName("");
      void client.invalidateQueries({ queryKey: dashboardApi.apiKeys.key });
    },
  });
  const revoke = useMutation({
    mutationFn: (id: string) => send(dashboardApi.apiKey(id), "DELETE"),
    onSuccess: () => {
      setRevoking(null);
      void client.invalidateQueries({ queryKey: dashboardApi.apiKeys.key });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(name);
  }

  return (
    <>
      <PageHeader
        title="API keys"
        description={
          <>
            Keys let your shop and scripts use the Waybill API (a drop-in for the AfterShip Tracking API). Send a key in the{" "}
            <code className="rounded bg-slate-100 px-1 py-0.5 text-xs">waybill-api-key</code> header.
          </>
        }
      />
      <div className="space-y-6">
        <Card>
          <CardHeader title="Create a key" description="Name it after where it will be used, so you know which one to revoke later." />
          <CardBody className="space-y-4">
            <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
              <Field label="Key name" className="flex-1 sm:max-w-sm">
                {(control) => (
                  <TextInput
                    {...control}
                    value={name}
                    onChange={(event) => setName(event.target.value)}
                    placeholder="e.g. Shopify store"
                    required
                    maxLength={100}
                  />
                )}
              </Field>
              <Button type="submit" variant="primary" disabled={create.isPending || !name.trim()}>
                {create.isPending ? "Creating…" : "Create key"}
              </Button>
            </form>
            {create.isError && <Alert tone="error">{errorMessage(create.error)}</Alert>}
            {created && <NewKey name={created.name} apiKey={created.key} secret={created.secret} onDone={() => setCreated(null)} />}
          </CardBody>
        </Card>

        <Card>
          <CardHeader title="Keys" />
          {keys.isPending ? (
            <LoadingState label="Loading keys…" />
          ) : keys.isError ? (
            <ErrorState error={keys.error} onRetry={() => keys.refetch()} />
          ) : keys.data.length === 0 ? (
            <EmptyState title="No API keys">Create one above to call the API.</EmptyState>
          ) : (
            <div className="overflow-x-auto">
              <table className="min-w-full divide-y divide-slate-200 text-sm">
                <caption className="sr-only">API keys</caption>
                <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
                  <tr>
                    <th scope="col" className="px-4 py-2.5 sm:pl-5">
                      Name
                    </th>
                    <th scope="col" className="px-4 py-2.5">
                      Key
                    </th>
                    <th scope="col" className="hidden px-4 py-2.5 md:table-cell">
                      Created
                    </th>
                    <th scope="col" className="hidden px-4 py-2.5 sm:table-cell">
                      Last used
                    </th>
                    <th scope="col" className="px-4 py-2.5 sm:pr-5">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {keys.data.map((apiKey) => (
                    <tr key={apiKey.id} className={apiKey.revokedAt ? "text-slate-400" : undefined}>
                      <td className="px-4 py-3 font-medium sm:pl-5">{apiKey.name}</td>
                      <td className="px-4 py-3 font-mono text-xs whitespace-nowrap">{apiKey.keyStart}…</td>
                      <td className="hidden px-4 py-3 whitespace-nowrap md:table-cell">{formatDateTime(apiKey.createdAt)}</td>
                      <td className="hidden px-4 py-3 whitespace-nowrap sm:table-cell">{apiKey.lastUsedAt ? formatDateTime(apiKey.lastUsedAt) : "Never"}</td>
                      <td className="px-4 py-3 text-right sm:pr-5">
                        {apiKey.revokedAt ? (
                          <Badge tone="zinc">Revoked</Badge>
                        ) : (
                          <Button size="sm" variant="ghostDanger" aria-label={`Revoke ${apiKey.name}`} onClick={() => setRevoking(apiKey)}>
                            Revoke
                          </Button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Card>
      </div>
      <ConfirmDialog
        open={revoking !== null}
        onClose={() => {
          setRevoking(null);
          revoke.reset();
        }}
        destructive
        title={`Revoke “${revoking?.name ?? ""}”?`}
        description="Requests with this key are refused from now on. This cannot be undone: create a new key to replace it."
        confirmLabel="Revoke key"
        pending={revoke.isPending}
        error={errorMessage(revoke.error)}
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
      />
    </>
  );
}
