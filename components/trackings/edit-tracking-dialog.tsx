"use client";

import { useState, type FormEvent } from "react";
import { errorMessage } from "@/components/data/fetch-json";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, TextArea, TextInput } from "@/components/ui/form-field";
import { Modal } from "@/components/ui/modal";
import type { TrackingDetail } from "@/lib/dashboard/types";
import { useTrackingMutation } from "./use-tracking-mutation";

function EditForm({ tracking, onDone }: { tracking: TrackingDetail; onDone: () => void }) {
  const [values, setValues] = useState({
    title: tracking.title === tracking.tracking_number ? "" : tracking.title,
    order_id: tracking.order_id ?? "",
    order_number: tracking.order_number ?? "",
    order_promised_delivery_date: tracking.order_promised_delivery_date?.slice(0, 10) ?? "",
    destination_country_region: tracking.destination_country_region ?? "",
    note: tracking.note ?? "",
  });
  const save = useTrackingMutation(tracking.id, (body: Record<string, string | null>) => ({ path: "", method: "PATCH", body }));
  const set = (name: keyof typeof values) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    // Empty fields clear; a country must be three letters or nothing.
    save.mutate({ ...values, destination_country_region: values.destination_country_region.trim().toUpperCase() || null }, { onSuccess: onDone });
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      <Field label="Title" hint="Shown instead of the number; empty uses the number.">
        {(control) => <TextInput {...control} value={values.title} onChange={set("title")} maxLength={512} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Order ID">{(control) => <TextInput {...control} value={values.order_id} onChange={set("order_id")} />}</Field>
        <Field label="Order number">{(control) => <TextInput {...control} value={values.order_number} onChange={set("order_number")} />}</Field>
        <Field label="Promised delivery date">
          {(control) => <TextInput {...control} type="date" value={values.order_promised_delivery_date} onChange={set("order_promised_delivery_date")} />}
        </Field>
        <Field label="Destination country" hint="Three-letter ISO code, e.g. DEU.">
          {(control) => (
            <TextInput
              {...control}
              value={values.destination_country_region}
              onChange={set("destination_country_region")}
              maxLength={3}
              pattern="[A-Za-z]{3}"
            />
          )}
        </Field>
      </div>
      <Field label="Note">{(control) => <TextArea {...control} rows={3} value={values.note} onChange={set("note")} maxLength={2048} />}</Field>
      {save.isError && <Alert tone="error">{errorMessage(save.error)}</Alert>}
      <div className="flex justify-end gap-2">
        <Button onClick={onDone}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save changes"}
        </Button>
      </div>
    </form>
  );
}

export function EditTrackingDialog({ tracking, open, onClose }: { tracking: TrackingDetail; open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title="Edit tracking">
      <EditForm tracking={tracking} onDone={onClose} />
    </Modal>
  );
}
