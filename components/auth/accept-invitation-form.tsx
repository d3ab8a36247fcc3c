"use client";

import { dashboardApi, send } from "@/components/data/dashboard-api";
import { useState, type FormEvent } from "react";
import { errorMessage } from "@/components/data/fetch-json";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, TextInput } from "@/components/ui/form-field";
import { signInAndGo } from "./sign-in-form";

interface Props {
  token: string;
  email: string;
  organizationName: string;
  role: "admin" | "member";
  accountExists: boolean;
}

/** Accepts an invitation: a new account with a password of one's own, or an existing one proved by its password. */
export function AcceptInvitationForm({ token, email, organizationName, role, accountExists }: Props) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get("password"));
    if (!accountExists && password !== String(form.get("confirm"))) {
      setError("The two passwords differ.");
      return;
    }
    setPending(true);
    setError(null);
    try {
      await send(dashboardApi.invitationAcceptance, "POST", { token, password, name: accountExists ? undefined : String(form.get("name")) });
      const failure = await signInAndGo(email, password, "/trackings");
      if (failure) throw new Error(failure);
    } catch (failure) {
      setError(errorMessage(failure));
      setPending(false);
    }
  }

  return (
    <Card className="px-6 py-7">
      <h1 className="text-xl font-semibold text-slate-900">Join {organizationName}</h1>
      <p className="mt-1 text-sm text-slate-600">
        You are invited as {role === "admin" ? "an admin" : "a member"}, as {email}.{" "}
        {accountExists ? "You have a Waybill account: enter its password to accept." : "Choose a password for your account."}
      </p>
      <form onSubmit={submit} className="mt-6 space-y-4">
        {!accountExists && <Field label="Your name">{(control) => <TextInput {...control} name="name" autoComplete="name" />}</Field>}
        <Field label="Password" hint={accountExists ? undefined : "At least 8 characters."}>
          {(control) => <TextInput {...control} name="password" type="password" autoComplete={accountExists ? "current-password" : "new-password"} required />}
        </Field>
        {!accountExists && (
          <Field label="Repeat the password">
            {(control) => <TextInput {...control} name="confirm" type="password" autoComplete="new-password" required />}
          </Field>
        )}
        {error && <Alert tone="error">{error}</Alert>}
        <Button type="submit" variant="primary" className="w-full" disabled={pending}>
          {pending ? "Joining…" : `Join ${organizationName}`}
        </Button>
      </form>
    </Card>
  );
}
