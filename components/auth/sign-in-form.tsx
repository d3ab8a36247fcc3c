"use client";

import { signIn } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, TextInput } from "@/components/ui/form-field";

/** Signs in and goes on; next-auth's own redirect is not used, since NEXTAUTH_URL may be unset. */
export async function signInAndGo(email: string, password: string, next: string): Promise<string | null> {
  const result = await signIn("credentials", { email, password, redirect: false });
  if (!result || result.error) {
    return result?.error && result.error !== "CredentialsSignin" ? result.error : "That e-mail and password do not match an account.";
  }
  window.location.assign(next);
  return null;
}

export function SignInForm({ next }: { next: string }) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    const failure = await signInAndGo(String(form.get("email")), String(form.get("password")), next);
    if (failure) {
      setError(failure);
      setPending(false);
    }
  }

  return (
    <Card className="px-6 py-7">
      <h1 className="text-xl font-semibold text-slate-900">Sign in</h1>
      <p className="mt-1 text-sm text-slate-600">Manage your shipments and API keys.</p>
      <form onSubmit={submit} className="mt-6 space-y-4">
        <Field label="E-mail">{(control) => <TextInput {...control} name="email" type="email" autoComplete="email" required autoFocus />}</Field>
        <Field label="Password">{(control) => <TextInput {...control} name="password" type="password" autoComplete="current-password" required />}</Field>
        {error && <Alert tone="error">{error}</Alert>}
        <Button type="submit" variant="primary" className="w-full" disabled={pending}>
          {pending ? "Signing in…" : "Sign in"}
        </Button>
      </form>
      <p className="mt-6 text-xs text-slate-500">No account? An admin of your organisation can add you under Settings › Members.</p>
    </Card>
  );
}
