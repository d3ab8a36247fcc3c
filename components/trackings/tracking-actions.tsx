"use client";

import { dashboardApi, everyPageOf, send } from "@/components/data/dashboard-api";
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { errorMessage } from "@/components/data/fetch-json";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Field, SelectInput, TextInput } from "@/components/ui/form-field";
import type { TrackingDetail } from "@/lib/dashboard/types";
import { CorrectCourierDialog } from "./correct-courier-dialog";
import { EditTrackingDialog } from "./edit-tracking-dialog";
import { useTrackingMutation } from "./use-tracking-mutation";

const REASONS = [
  { value: "DELIVERED", label: "Delivered" },
  { value: "LOST", label: "Lost" },
  { value: "RETURNED_TO_SENDER", label: "Returned to sender" },
];

type Open = "edit" | "courier" | "complete" | "retrack" | "delete" | null;

export function TrackingActions({ tracking }: { tracking: TrackingDetail }) {
  const [open, setOpen] = useState<Open>(null);
  const [reason, setReason] = useState("DELIVERED");
  const [completedOn, setCompletedOn] = useState("");
  const router = useRouter();
  const client = useQueryClient();
  const complete = useTrackingMutation(tracking.id, (body: { reason: string; event_datetime?: string }) => ({ path: "/complete", method: "POST", body }));
  const retrack = useTrackingMutation(tracking.id, () => ({ path: "/retrack", method: "POST" }));
  const [deleting, setDeleting] = useState<{ pending: boolean; error: string | null }>({ pending: false, error: null });

  const close = () => {
    setOpen(null);
    complete.reset();
    retrack.reset();
    setDeleting({ pending: false, error: null });
  };

  async function remove() {
    setDeleting({ pending: true, error: null });
    try {
      await send(dashboardApi.tracking(tracking.id), "DELETE");
      client.removeQueries({ queryKey: dashboardApi.tracking(tracking.id).key });
      await client.invalidateQueries({ queryKey: everyPageOf.trackings });
      router.push("/trackings");
    } catch (error) {
      setDeleting({ pending: false, error: errorMessage(error) });
    }
  }

  return (
    <>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => setOpen("edit")}>Edit</Button>
        <Button onClick={() => setOpen("courier")}>Correct courier</Button>
        {tracking.active && <Button onClick={() => setOpen("complete")}>Mark as completed</Button>}
        {!tracking.active && <Button onClick={() => setOpen("retrack")}>Retrack</Button>}
        <Button variant="danger" onClick={() => setOpen("delete")}>
          Delete
        </Button>
      </div>

      <EditTrackingDialog tracking={tracking} open={open === "edit"} onClose={close} />
      <CorrectCourierDialog tracking={tracking} open={open === "courier"} onClose={close} />

      <ConfirmDialog
        open={open === "complete"}
        onClose={close}
        title="Mark as completed"
        description="Waybill stops asking the courier and adds a checkpoint saying your team closed it. You can retrack it later."
        confirmLabel="Mark as completed"
        pending={complete.isPending}
        error={errorMessage(complete.error)}
        onConfirm={() => complete.mutate({ reason, ...(completedOn ? { event_datetime: completedOn } : {}) }, { onSuccess: close })}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Reason">
            {(control) => (
              <SelectInput {...control} value={reason} onChange={(event) => setReason(event.target.value)}>
                {REASONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </SelectInput>
            )}
          </Field>
          <Field label="On (optional)" hint="Today when left empty.">
            {(control) => <TextInput {...control} type="date" value={completedOn} onChange={(event) => setCompletedOn(event.target.value)} />}
          </Field>
        </div>
      </ConfirmDialog>

      <ConfirmDialog
        open={open === "retrack"}
        onClose={close}
        title="Retrack this shipment?"
        description="Waybill asks the courier again from now on. A tracking can be retracked three times."
        confirmLabel="Retrack"
        pending={retrack.isPending}
        error={errorMessage(retrack.error)}
        onConfirm={() => retrack.mutate(undefined, { onSuccess: close })}
      />

      <ConfirmDialog
        open={open === "delete"}
        onClose={close}
        destructive
        title={`Delete ${tracking.tracking_number}?`}
        description="The tracking and its timeline are removed for good, and nobody is notified about it any more."
        confirmLabel="Delete tracking"
        pending={deleting.pending}
        error={deleting.error}
        onConfirm={remove}
      />
    </>
  );
}
