"use client";

import type { MemberRole as Role, SentInvitation } from "@/lib/dashboard/types";
import { dashboardApi, read, send } from "@/components/data/dashboard-api";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { errorMessage } from "@/components/data/fetch-json";
import { formatDateTime } from "@/components/data/format";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { Field, SelectInput, TextInput } from "@/components/ui/form-field";

/** Invite by e-mail: the invitee sets their own password from the link (e-mailed, or handed over when no SMTP server is set). */
export function InviteMemberForm() {
  const client = useQueryClient();
  const [values, setValues] = useState({ email: "", role: "member" as Role });
  const open = useQuery({
    queryKey: dashboardApi.invitations.key,
    queryFn: () => read(dashboardApi.invitations).then((data) => data.invitations),
  });
  const invite = useMutation({
    mutationFn: (body: typeof values) => send<SentInvitation>(dashboardApi.invitations, "POST", body),
    onSuccess: () => {
      setValues({ email: "", role: "member" });
      void client.invalidateQueries({ queryKey: dashboardApi.invitations.key });
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    invite.mutate(values);
  }
  return (
    <Card>
      <CardHeader
        title="Invite by e-mail"
        description="They get a link to join, valid for 7 days, and choose their own password; someone with a Waybill account joins with theirs."
      />
      <CardBody className="space-y-4">
        <form onSubmit={submit} className="grid gap-4 sm:grid-cols-3 sm:items-end">
          <Field label="E-mail to invite">
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
          <Field label="Invited role">
            {(control) => (
              <SelectInput {...control} value={values.role} onChange={(event) => setValues({ ...values, role: event.target.value as Role })}>
                <option value="member">Member</option>
                <option value="admin">Admin</option>
              </SelectInput>
            )}
          </Field>
          <Button type="submit" variant="primary" disabled={invite.isPending}>
            {invite.isPending ? "Inviting…" : "Send invitation"}
          </Button>
        </form>
        {invite.isError && <Alert tone="error">{errorMessage(invite.error)}</Alert>}
        {invite.data?.emailed && <Alert tone="success">Invitation e-mailed to {invite.data.email}.</Alert>}
        {invite.data?.link && (
          <Alert tone="success" title={`Invitation for ${invite.data.email}`}>
            <p>No e-mail went out (no SMTP server is set): give them this link privately; it is not shown again.</p>
            <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end">
              <Field label="Invitation link" className="flex-1">
                {(control) => <TextInput {...control} readOnly value={invite.data.link!} className="font-mono" onFocus={(event) => event.target.select()} />}
              </Field>
              <CopyButton value={invite.data.link} />
            </div>
          </Alert>
        )}
        {open.data && open.data.length > 0 && (
          <div>
            <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Waiting to be accepted</p>
            <ul className="mt-2 divide-y divide-slate-100 text-sm">
              {open.data.map((invitation) => (
                <li key={invitation.id} className="flex justify-between py-2">
                  <span className="truncate text-slate-900">
                    {invitation.email} · {invitation.role}
                  </span>
                  <span className="text-xs text-slate-500">until {formatDateTime(invitation.expiresAt)}</span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </CardBody>
    </Card>
  );
}
