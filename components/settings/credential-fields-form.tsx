"use client";

import { dashboardApi, send } from "@/components/data/dashboard-api";
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { errorMessage } from "@/components/data/fetch-json";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, TextInput } from "@/components/ui/form-field";
import type { ConnectionCourierOption, CredentialCheckView } from "@/lib/dashboard/types";

const CHECK_TONE = { accepted: "success", refused: "error", unknown: "warning" } as const;

function label(name: string): string {
  const words = name.replaceAll("_", " ");
  return (
    words.charAt(0).toUpperCase() +
    words
      .slice(1)
      .replace(/\bid\b/i, "ID")
      .replace(/\bapi\b/i, "API")
  );
}

interface CredentialFieldsFormProps {
  courier: ConnectionCourierOption;
  submitLabel: string;
  pending: boolean;
  onSubmit: (credentials: Record<string, string>) => void;
  onCancel?: () => void;
}

/** One input per credential field the courier publishes; secrets are typed blind and never prefilled. */
export function CredentialFieldsForm({ courier, submitLabel, pending, onSubmit, onCancel }: CredentialFieldsFormProps) {
  const [values, setValues] = useState<Record<string, string>>({});
  const filled = () => Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim()));
  // One real call to the carrier with what is typed; nothing is stored.
  const test = useMutation({
    mutationFn: () => send<{ check: CredentialCheckView }>(dashboardApi.connectionTest, "POST", { courierSlug: courier.slug, credentials: filled() }),
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit(filled());
  }
  return (
    <form onSubmit={submit} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {courier.fields.map((field) => (
          <Field
            key={field.name}
            label={`${label(field.name)}${field.required ? "" : " (optional)"}`}
            hint={field.secret ? "Stored encrypted; never shown again." : undefined}
          >
            {(control) => (
              <TextInput
                {...control}
                name={field.name}
                type={field.secret ? "password" : "text"}
                autoComplete={field.secret ? "new-password" : "off"}
                required={field.required}
                value={values[field.name] ?? ""}
                onChange={(event) => {
                  setValues({ ...values, [field.name]: event.target.value });
                  test.reset();
                }}
              />
            )}
          </Field>
        ))}
      </div>
      {test.isSuccess && <Alert tone={CHECK_TONE[test.data.check.outcome]}>{test.data.check.message}</Alert>}
      {test.isError && <Alert tone="error">{errorMessage(test.error)}</Alert>}
      <div className="flex justify-end gap-2">
        {onCancel && <Button onClick={onCancel}>Cancel</Button>}
        <Button onClick={() => test.mutate()} disabled={test.isPending}>
          {test.isPending ? "Testing…" : "Test connection"}
        </Button>
        <Button type="submit" variant="primary" disabled={pending}>
          {pending ? "Saving…" : submitLabel}
        </Button>
      </div>
    </form>
  );
}
