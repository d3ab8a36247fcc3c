import { z } from "zod";
import { eventTimeFromIsoInZone } from "@/lib/carriers/event-time";
import { type CheckpointDraft, deriveShipmentFacts, finalizeCheckpoints } from "@/lib/carriers/normalize";
import { CarrierError, type ShipmentFacts, type TrackResult } from "@/lib/carriers/types";
import { inpostStatus, inpostStatusTitle } from "./status-map";

const targetMachine = z.object({
  name: z.string().nullish(),
  location_description: z.string().nullish(),
  address: z.object({ line1: z.string().nullish(), line2: z.string().nullish() }).nullish(),
});

const answer = z.object({
  tracking_number: z.string().nullish(),
  service: z.string().nullish(),
  type: z.string().nullish(),
  status: z.string().nullish(),
  custom_attributes: z.object({ target_machine_id: z.string().nullish(), target_machine_detail: targetMachine.nullish() }).nullish(),
  tracking_details: z
    .array(
      z.object({
        status: z.string(),
        origin_status: z.string().nullish(),
        agency: z.string().nullish(),
        location: z.string().nullish(),
        datetime: z.string().nullish(),
      }),
    )
    .nullish(),
});

/** InPost's clocks are in Poland: a UTC stamp is shown as Warsaw wall-clock time. */
const HOME_ZONE = "Europe/Warsaw";

/** Statuses that happen at the locker the parcel is addressed to, which the answer describes. */
const AT_TARGET_MACHINE = new Set(["ready_to_pickup", "pickup_reminder_sent", "stack_in_box_machine"]);

/** "KRA01M, ul. Przykładowa 1, 30-001 Kraków": the locker's name and address. */
function targetMachineLabel(found: z.infer<typeof answer>): string | null {
  const machine = found.custom_attributes?.target_machine_detail;
  const parts = [machine?.name ?? found.custom_attributes?.target_machine_id, machine?.address?.line1, machine?.address?.line2];
  return parts.filter(Boolean).join(", ") || null;
}

/** A `GET /v1/tracking/{number}` answer (HTTP 200); `tracking_details` come newest first. */
export function parseInpostResponse(body: unknown): TrackResult {
  const parsed = answer.safeParse(body);
  if (!parsed.success) throw new CarrierError("unavailable", `InPost sent an unreadable answer: ${parsed.error.message}`);
  const found = parsed.data;
  const machine = targetMachineLabel(found);
  const drafts: CheckpointDraft[] = [];
  for (const detail of found.tracking_details ?? []) {
    const time = detail.datetime ? eventTimeFromIsoInZone(detail.datetime, HOME_ZONE) : null;
    if (!time) continue;
    drafts.push({
      ...time,
      message: inpostStatusTitle(detail.status),
      location: detail.location ?? (AT_TARGET_MACHINE.has(detail.status) ? machine : null),
      status: inpostStatus(detail.status),
      rawTag: detail.status,
    });
  }
  const checkpoints = finalizeCheckpoints(drafts);
  const reported: ShipmentFacts = { serviceType: found.service ?? null, shipmentType: found.type ?? found.service ?? null };
  return { kind: "found", checkpoints, shipment: deriveShipmentFacts(checkpoints, reported) };
}
