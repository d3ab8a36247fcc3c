"use client";

import { dashboardApi, read, send } from "@/components/data/dashboard-api";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "@/components/data/fetch-json";
import { formatDateTime } from "@/components/data/format";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Field, SelectInput } from "@/components/ui/form-field";
import { Modal } from "@/components/ui/modal";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import type { ConnectionCourierOption, ConnectionSummary } from "@/lib/dashboard/types";
import { CredentialFieldsForm } from "./credential-fields-form";

function AddConnection({ couriers }: { couriers: ConnectionCourierOption[] }) {
  const client = useQueryClient();
  const [slug, setSlug] = useState("");
  const courier = couriers.find((option) => option.slug === slug);
  const add = useMutation({
    mutationFn: (credentials: Record<string, string>) => send(dashboardApi.connections, "POST", { courierSlug: slug, credentials }),
    onSuccess: () => {
      setSlug("");
      void client.invalidateQueries({ queryKey: dashboardApi.connections.key });
    },
  });
  return (
    <Card>
      <CardHeader title="Connect a courier account" description="Trackings of that courier are then polled with your own credentials and limits." />
      <CardBody className="space-y-4">
        <Field label="Courier" className="sm:max-w-sm">
          {(control) => (
            <SelectInput
              {...control}
              value={slug}
              onChange={(event) => {
                setSlug(event.target.value);
                add.reset();
              }}
            >
              <option value="">Choose…</option>
              {couriers.map((option) => (
                <option key={option.slug} value={option.slug}>
                  {option.name}
                </option>
              ))}
            </SelectInput>
          )}
        </Field>
        {courier && (
          <CredentialFieldsForm
            key={courier.slug}
            courier={courier}
            submitLabel="Save connection"
            pending={add.isPending}
            onSubmit={(credentials) => add.mutate(credentials)}
          />
        )}
        {add.isError && <Alert tone="error">{errorMessage(add.error)}</Alert>}
        {add.isSuccess && <Alert tone="success">Connection saved. Its secrets are encrypted and will not be shown again.</Alert>}
      </CardBody>
    </Card>
  );
}

function ConnectionItem({ connection, courier, onDelete }: { connection: ConnectionSummary; courier?: ConnectionCourierOption; onDelete: () => void }) {
  const client = useQueryClient();
  const [replacing, setReplacing] = useState(false);
  const replace = useMutation({
    mutationFn: (credentials: Record<string, string>) => send(dashboardApi.connection(connection.id), "PUT", { credentials }),
    onSuccess: () => {
      setReplacing(false);
      void client.invalidateQueries({ queryKey: dashboardApi.connections.key });
    },
  });
  return (
    <li className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-start sm:justify-between sm:px-5">
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-900">{connection.courierName}</p>
        <p className="text-xs text-slate-500">
          Added {formatDateTime(connection.createdAt)} · <span className="font-mono">{connection.id}</span>
        </p>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-xs">
          {Object.entries(connection.credentials).map(([name, value]) => (
            <div key={name} className="contents">
              <dt className="text-slate-500">{name}</dt>
              <dd className="font-mono break-all text-slate-800">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <div className="flex gap-2">
        {courier && (
          <Button size="sm" onClick={() => setReplacing(true)}>
            Replace credentials
          </Button>
        )}
        <Button size="sm" variant="ghostDanger" onClick={onDelete} aria-label={`Delete the ${connection.courierName} connection`}>
          Delete
        </Button>
      </div>
      {courier && (
        <Modal
          open={replacing}
          onClose={() => setReplacing(false)}
          title={`New credentials for ${connection.courierName}`}
          description="Enter the whole set: the current secrets cannot be read back."
        >
          <CredentialFieldsForm
            courier={courier}
            submitLabel="Replace credentials"
            pending={replace.isPending}
            onSubmit={(credentials) => replace.mutate(credentials)}
            onCancel={() => setReplacing(false)}
          />
          {replace.isError && (
            <Alert tone="error" className="mt-4">
              {errorMessage(replace.error)}
            </Alert>
          )}
        </Modal>
      )}
    </li>
  );
}

export function CourierConnections() {
  const client = useQueryClient();
  const [deleting, setDeleting] = useState<ConnectionSummary | null>(null);
  const couriers = useQuery({
    queryKey: dashboardApi.connectionCouriers.key,
    queryFn: () => read(dashboardApi.connectionCouriers).then((data) => data.couriers),
    staleTime: Infinity,
  });
  const connections = useQuery({
    queryKey: dashboardApi.connections.key,
    queryFn: () => read(dashboardApi.connections).then((data) => data.connections),
  });
  const remove = useMutation({
    mutationFn: (id: string) => send(dashboardApi.connection(id), "DELETE"),
    onSuccess: () => {
      setDeleting(null);
      void client.invalidateQueries({ queryKey: dashboardApi.connections.key });
    },
  });
  const bySlug = new Map((couriers.data ?? []).map((courier) => [courier.slug, courier]));

  return (
    <>
      <PageHeader
        title="Courier connections"
        description="Your own carrier accounts. Without one, Waybill tracks with its own access where the courier allows it."
      />
      <div className="space-y-6">
        {couriers.data && <AddConnection couriers={couriers.data} />}
        <Card>
          <CardHeader title="Connections" />
          {connections.isPending ? (
            <LoadingState />
          ) : connections.isError ? (
            <ErrorState error={connections.error} onRetry={() => connections.refetch()} />
          ) : connections.data.length === 0 ? (
            <EmptyState title="No connections">Connect an account above to track with your own credentials.</EmptyState>
          ) : (
            <ul className="divide-y divide-slate-100">
              {connections.data.map((connection) => (
                <ConnectionItem
                  key={connection.id}
                  connection={connection}
                  courier={bySlug.get(connection.courierSlug)}
                  onDelete={() => setDeleting(connection)}
                />
              ))}
            </ul>
          )}
        </Card>
      </div>
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
        destructive
        title={`Delete the ${deleting?.courierName ?? ""} connection?`}
        description="Its credentials are erased. A connection that trackings still use cannot be deleted."
        confirmLabel="Delete connection"
        pending={remove.isPending}
        error={errorMessage(remove.error)}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </>
  );
}
