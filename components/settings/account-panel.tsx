"use client";

import { dashboardApi, send } from "@/components/data/dashboard-api";
import { useMutation } from "@tanstack/react-query";
import { signIn } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { errorMessage } from "@/components/data/fetch-json";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field, TextInput } from "@/components/ui/form-field";
import { PageHeader } from "@/components/ui/page-header";

interface AccountPanelProps {
  email: string;
  name: string | null;
  role: "admin" | "member";
  organizationName: string;
}

export function AccountPanel({ email, name, role, organizationName }: AccountPanelProps) {
  const [values, setValues] = useState({ currentPassword: "", newPassword: "", confirm: "" });
  const [mismatch, setMismatch] = useState(false);
  const change = useMutation({
    mutationFn: async ({ currentPassword, newPassword }: typeof values) => {
      await send(dashboardApi.password, "POST", { currentPassword, newPassword });
      // A new password ends every session, this one too: sign in again with it straight away.
      await signIn("credentials", { email, password: newPassword, redirect: false });
    },
    onSuccess: () => setValues({ currentPassword: "", newPassword: "", confirm: "" }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const differs = values.newPassword !== values.confirm;
    setMismatch(differs);
    if (!differs) change.mutate(values);
  }

  return (
    <>
      <PageHeader title="Your account" />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader title="Profile" />
          <CardBody>
            <dl className="space-y-3 text-sm">
              <div>
                <dt className="text-slate-500">Name</dt>
                <dd className="text-slate-900">{name ?? "—"}</dd>
              </div>
              <div>
                <dt className="text-slate-500">E-mail</dt>
                <dd className="text-slate-900">{email}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Organisation</dt>
                <dd className="flex items-center gap-2 text-slate-900">
                  {organizationName} <Badge tone={role === "admin" ? "indigo" : "slate"}>{role}</Badge>
                </dd>
              </div>
            </dl>
          </CardBody>
        </Card>
        <Card>
          <CardHeader title="Change password" description="Other browsers signed in to this account are signed out." />
          <CardBody>
            <form onSubmit={submit} className="space-y-4">
              <Field label="Current password">
                {(control) => (
                  <TextInput
                    {...control}
                    type="password"
                    autoComplete="current-password"
                    required
                    value={values.currentPassword}
                    onChange={(event) => setValues({ ...values, currentPassword: event.target.value })}
                  />
                )}
              </Field>
              <Field label="New password" hint="At least 8 characters.">
                {(control) => (
                  <TextInput
                    {...control}
                    type="password"
                    autoComplete="new-password"
                    minLength={8}
                    required
                    value={values.newPassword}
                    onChange={(event) => setValues({ ...values, newPassword: event.target.value })}
                  />
                )}
              </Field>
              <Field label="Repeat the new password" error={mismatch ? "The two passwords differ." : null}>
                {(control) => (
                  <TextInput
                    {...control}
                    type="password"
                    autoComplete="new-password"
                    minLength={8}
                    required
                    value={values.confirm}
                    onChange={(event) => setValues({ ...values, confirm: event.target.value })}
                  />
                )}
              </Field>
              {change.isError && <Alert tone="error">{errorMessage(change.error)}</Alert>}
              {change.isSuccess && <Alert tone="success">Your password is changed.</Alert>}
              <Button type="submit" variant="primary" disabled={change.isPending}>
                {change.isPending ? "Saving…" : "Change password"}
              </Button>
            </form>
          </CardBody>
        </Card>
      </div>
    </>
  );
}
