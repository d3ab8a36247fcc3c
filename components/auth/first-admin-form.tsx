"use client";

import { dashboardApi, send } from "@/components/data/dashboard-api";
import { useState, type FormEvent } from "react";
import { errorMessage } from "@/components/data/fetch-json";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, TextInput } from "@/components/ui/form-field";
import { signInAndGo } from "./sign-in-form";

/** Shown instead of sign-in while nobody has an account yet. */
export function FirstAdminForm({ setupToken }: { setupToken: string }) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get("password"));
    if (password !== String(form.get("confirm"))) {
      setError("The two passwords differ.");
      return;
    }
    setPending(true);
    setError(null);
    try {
      const email = String(form.get("email"));
      await send(dashboardApi.firstAdmin, "POST", { name: String(form.get("name")), email, password, setupToken: String(form.get("setupToken")) });
      const failure = await signInAndGo(email, password, "/trackings");
      if (failure) throw new Error(failure);
    } catch (failure) {
      setError(errorMessage(failure));
      setPending(false);
    }
  }

  return (
    <Card className="px-6 py-7">
      <h1 className="text-xl font-semibold text-slate-900">Create the first admin</h1>
      <p className="mt-1 text-sm text-slate-600">
        Nobody has an account on this Waybill yet. The first account is an admin of the organisation and can add everyone else.
      </p>
      <form onSubmit={submit} className="mt-6 space-y-4">
        <Field label="Setup token" hint={'The server printed it when it started: the line "Setup token: …".'}>
          {(control) => <TextInput {...control} name="setupToken" defaultValue={setupToken} autoComplete="off" spellCheck={false} required />}
        </Field>
        <Field label="Your name">{(control) => <TextInput {...control} name="name" autoComplete="name" />}</Field>
        <Field label="E-mail">{(control) => <TextInput {...control} name="email" type="email" autoComplete="email" required />}</Field>
        <Field label="Password" hint="At least 8 characters.">
          {(control) => <TextInput {...control} name="password" type="password" autoComplete="new-password" minLength={8} required />}
        </Field>
        <Field label="Repeat the password">
          {(control) => <TextInput {...control} name="confirm" type="password" autoComplete="new-password" minLength={8} required />}
        </Field>
        {error && <Alert tone="error">{error}</Alert>}
        <Button type="submit" variant="primary" className="w-full" disabled={pending}>
          {pending ? "Creating…" : "Create admin and sign in"}
        </Button>
      </form>
    </Card>
  );
}
