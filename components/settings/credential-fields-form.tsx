"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field, TextInput } from "@/components/ui/form-field";
import type { ConnectionCourierOption } from "@/lib/dashboard/types";

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
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit(Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim())));
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
                onChange={(event) => setValues({ ...values, [field.name]: event.target.value })}
              />
            )}
          </Field>
        ))}
      </div>
      <div className="flex justify-end gap-2">
        {onCancel && <Button onClick={onCancel}>Cancel</Button>}
        <Button type="submit" variant="primary" disabled={pending}>
          {pending ? "Saving…" : submitLabel}
        </Button>
      </div>
    </form>
  );
}
