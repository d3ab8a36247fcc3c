"use client";

import { dashboardApi, send } from "@/components/data/dashboard-api";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { errorMessage } from "@/components/data/fetch-json";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, TextInput } from "@/components/ui/form-field";
import type { TrackingDetail } from "@/lib/dashboard/types";

type Contacts = { emails: string[]; smses: string[] };

/** Who hears about this shipment: up to three e-mail addresses and three phone numbers. */
export function ContactsEditor({ tracking }: { tracking: TrackingDetail }) {
  const client = useQueryClient();
  const [draft, setDraft] = useState("");
  const change = useMutation({
    mutationFn: (body: { action: "add" | "remove" } & Partial<Contacts>) => send<Contacts>(dashboardApi.trackingContacts(tracking.id), "POST", body),
    onSuccess: (contacts) => {
      client.setQueryData<TrackingDetail>(dashboardApi.tracking(tracking.id).key, (current) => (current ? { ...current, ...contacts } : current));
      setDraft("");
    },
  });

  function add(event: FormEvent) {
    event.preventDefault();
    const value = draft.trim();
    if (!value) return;
    change.mutate(value.includes("@") ? { action: "add", emails: [value] } : { action: "add", smses: [value] });
  }

  const contacts = [
    ...tracking.emails.map((value) => ({ value, kind: "emails" as const })),
    ...tracking.smses.map((value) => ({ value, kind: "smses" as const })),
  ];
  return (
    <div className="space-y-4 px-4 py-4 sm:px-5">
      {contacts.length === 0 ? (
        <p className="text-sm text-slate-600">Nobody is notified about this shipment yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
          {contacts.map((contact) => (
            <li key={`${contact.kind}-${contact.value}`} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
              <span className="min-w-0">
                <span className="block truncate text-slate-900">{contact.value}</span>
                <span className="text-xs text-slate-500">{contact.kind === "emails" ? "E-mail" : "SMS"}</span>
              </span>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Remove ${contact.value}`}
                disabled={change.isPending}
                onClick={() => change.mutate({ action: "remove", [contact.kind]: [contact.value] })}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={add}>
        <Field label="Add an e-mail or phone number" hint="Phone numbers in international form, e.g. +14155550123.">
          {(control) => (
            <div className="flex gap-2">
              <TextInput {...control} value={draft} onChange={(event) => setDraft(event.target.value)} autoComplete="off" />
              <Button type="submit" disabled={change.isPending || !draft.trim()}>
                Add
              </Button>
            </div>
          )}
        </Field>
      </form>
      {change.isError && <Alert tone="error">{errorMessage(change.error)}</Alert>}
    </div>
  );
}
