"use client";

import { useState, type FormEvent } from "react";
import { errorMessage } from "@/components/data/fetch-json";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, SelectInput } from "@/components/ui/form-field";
import { Modal } from "@/components/ui/modal";
import type { TrackingDetail } from "@/lib/dashboard/types";
import { CourierFieldInputs } from "./courier-field-inputs";
import { useCouriers } from "./use-couriers";
import { useTrackingMutation } from "./use-tracking-mutation";

function CorrectCourierForm({ tracking, onDone }: { tracking: TrackingDetail; onDone: () => void }) {
  const couriers = useCouriers();
  const [slug, setSlug] = useState(tracking.slug);
  const [fields, setFields] = useState<Record<string, string>>({});
  const save = useTrackingMutation(tracking.id, (body: Record<string, string>) => ({ path: "", method: "PATCH", body }));
  const courier = couriers.data?.find((option) => option.slug === slug);

  function submit(event: FormEvent) {
    event.preventDefault();
    const needed = Object.fromEntries((courier?.required_fields ?? []).map((field) => [field, fields[field] ?? ""]));
    save.mutate({ slug, ...needed }, { onSuccess: onDone });
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      <Field label="Courier" hint="Type to jump through the list.">
        {(control) => (
          <SelectInput {...control} value={slug} onChange={(event) => setSlug(event.target.value)} disabled={couriers.isPending}>
            {(couriers.data ?? [{ slug: tracking.slug, name: tracking.courier_name, required_fields: [] }]).map((option) => (
              <option key={option.slug} value={option.slug}>
                {option.name}
              </option>
            ))}
          </SelectInput>
        )}
      </Field>
      {courier && (
        <CourierFieldInputs
          fields={courier.required_fields}
          values={fields}
          courierName={courier.name}
          onChange={(field, value) => setFields((current) => ({ ...current, [field]: value }))}
        />
      )}
      {slug !== tracking.slug && (
        <Alert tone="warning">The timeline starts over: the old courier&apos;s scans are removed and the status goes back to Pending.</Alert>
      )}
      {save.isError && <Alert tone="error">{errorMessage(save.error)}</Alert>}
      <div className="flex justify-end gap-2">
        <Button onClick={onDone}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={save.isPending || slug === tracking.slug}>
          {save.isPending ? "Saving…" : "Change courier"}
        </Button>
      </div>
    </form>
  );
}

export function CorrectCourierDialog({ tracking, open, onClose }: { tracking: TrackingDetail; open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title="Correct the courier" description={`${tracking.tracking_number} is with ${tracking.courier_name} now.`}>
      <CorrectCourierForm tracking={tracking} onDone={onClose} />
    </Modal>
  );
}
