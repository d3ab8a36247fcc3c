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
import { Field, SelectInput, TextInput } from "@/components/ui/form-field";
import { PageHeader } from "@/components/ui/page-header";
import { ErrorState, LoadingState } from "@/components/ui/states";
import type { MemberView } from "@/lib/dashboard/types";
import { InviteMemberForm } from "./invite-member-form";

type Role = MemberView["role"];

function AddMemberForm() {
  const client = useQueryClient();
  const [values, setValues] = useState({ email: "", name: "", role: "member" as Role });
  const add = useMutation({
    mutationFn: (body: typeof values) => send<{ email: string; initialPassword: string }>(dashboardApi.members, "POST", body),
    onSuccess: () => {
      setValues({ email: "", name: "", role: "member" });
      void client.invalidateQueries({ queryKey: dashboardApi.members.key });
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    add.mutate(values);
  }
  return (
    <Card>
      <CardHeader
        title="Add a member"
        description="Waybill creates their account with a one-time password for you to hand over; they change it under Your account."
      />
      <CardBody className="space-y-4">
        <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-end">
          <Field label="E-mail">
            {(control) => (
              <TextInput
                {...control}
                type="email"
                required
                value={values.email}
                onChange={(event) => setValues({ ...values, email: event.target.value })}
                autoComplete="off"
              />
            )}
          </Field>
          <Field label="Name">
            {(control) => (
              <TextInput {...control} value={values.name} onChange={(event) => setValues({ ...values, name: event.target.value })} autoComplete="off" />
            )}
          </Field>
          <Field label="Role">
            {(control) => (
              <SelectInput {...control} value={values.role} onChange={(event) => setValues({ ...values, role: event.target.value as Role })}>
                <option value="member">Member</option>
                <option value="admin">Admin</option>
              </SelectInput>
            )}
          </Field>
          <Button type="submit" variant="primary" disabled={add.isPending}>
            {add.isPending ? "Adding…" : "Add member"}
          </Button>
        </form>
        {add.isError && <Alert tone="error">{errorMessage(add.error)}</Alert>}
        {add.data && (
          <Alert tone="success" title={`${add.data.email} can sign in now`}>
            <p>Give them this one-time password privately; it is not shown again.</p>
            <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end">
              <Field label="One-time password" className="flex-1 sm:max-w-xs">
                {(control) => (
                  <TextInput {...control} readOnly value={add.data.initialPassword} className="font-mono" onFocus={(event) => event.target.select()} />
                )}
              </Field>
              <CopyButton value={add.data.initialPassword} />
            </div>
          </Alert>
        )}
      </CardBody>
    </Card>
  );
}

export function MembersPanel({ currentUserId }: { currentUserId: string }) {
  const client = useQueryClient();
  const [removing, setRemoving] = useState<MemberView | null>(null);
  const members = useQuery({ queryKey: dashboardApi.members.key, queryFn: () => read(dashboardApi.members).then((data) => data.members) });
  const changeRole = useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: Role }) => send(dashboardApi.member(userId), "PATCH", { role }),
    onSettled: () => client.invalidateQueries({ queryKey: dashboardApi.members.key }),
  });
  const remove = useMutation({
    mutationFn: (userId: string) => send(dashboardApi.member(userId), "DELETE"),
    onSuccess: () => {
      setRemoving(null);
      void client.invalidateQueries({ queryKey: dashboardApi.members.key });
    },
  });

  return (
    <>
      <PageHeader
        title="Members"
        description="Who can sign in to this organisation. Members work with trackings; admins also manage API keys, webhooks, courier connections and members."
      />
      <div className="space-y-6">
        <InviteMemberForm />
        <AddMemberForm />
        <Card>
          <CardHeader title="People" />
          {changeRole.isError && (
            <div className="px-4 pt-4 sm:px-5">
              <Alert tone="error">{errorMessage(changeRole.error)}</Alert>
            </div>
          )}
          {members.isPending ? (
            <LoadingState />
          ) : members.isError ? (
            <ErrorState error={members.error} onRetry={() => members.refetch()} />
          ) : (
            <ul className="divide-y divide-slate-100">
              {members.data.map((member) => {
                const isYou = member.userId === currentUserId;
                const label = member.name ?? member.email;
                return (
                  <li key={member.userId} className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-5">
                    <div className="min-w-0">
                      <p className="flex items-center gap-2 text-sm font-medium text-slate-900">
                        <span className="truncate">{label}</span>
                        {isYou && <Badge tone="indigo">You</Badge>}
                      </p>
                      <p className="truncate text-xs text-slate-500">
                        {member.name ? `${member.email} · ` : ""}joined {formatDateTime(member.joinedAt)}
                      </p>
                    </div>
                    <div className="flex items-center gap-2">
                      <label className="text-xs text-slate-500" htmlFor={`role-${member.userId}`}>
                        Role<span className="sr-only"> of {label}</span>
                      </label>
                      <SelectInput
                        id={`role-${member.userId}`}
                        className="w-32"
                        value={member.role}
                        disabled={changeRole.isPending}
                        onChange={(event) => changeRole.mutate({ userId: member.userId, role: event.target.value as Role })}
                      >
                        <option value="admin">Admin</option>
                        <option value="member">Member</option>
                      </SelectInput>
                      {!isYou && (
                        <Button size="sm" variant="ghostDanger" aria-label={`Remove ${label}`} onClick={() => setRemoving(member)}>
                          Remove
                        </Button>
                      )}
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </Card>
      </div>
      <ConfirmDialog
        open={removing !== null}
        onClose={() => {
          setRemoving(null);
          remove.reset();
        }}
        destructive
        title={`Remove ${removing?.name ?? removing?.email ?? ""}?`}
        description="They can no longer sign in, and their account is deleted. Trackings and keys stay."
        confirmLabel="Remove member"
        pending={remove.isPending}
        error={errorMessage(remove.error)}
        onConfirm={() => removing && remove.mutate(removing.userId)}
      />
    </>
  );
}
