import type { Executor } from "@/db/client";
import { checkpoints, type NewCheckpoint, type NewTracking, trackings, type Tracking } from "@/db/schema";
import { subtagMessage } from "@/lib/carriers/subtags";
import { simulateShipments, type SimulatedShipment } from "@/lib/demo/simulate";
import { addDays } from "@/lib/edd/local-dates";
import { newId } from "@/lib/ids";
import { recordRollupChanges } from "@/lib/trackings/insights/record-rollups";

const CHUNK = 500;

/** What became of a simulated shipment by `today`, with a sprinkle of the troubles Insights counts. */
function outcome(shipment: SimulatedShipment, today: string, roll: number) {
  const picked = shipment.pickupTime.slice(0, 10);
  const delivered = shipment.deliveredAt?.slice(0, 10) ?? null;
  if (delivered && delivered <= today) {
    if (roll < 0.03) return { tag: "Exception", subtag: "Exception_011", picked, delivered: null };
    if (roll < 0.06) return { tag: "Delivered", subtag: "Delivered_001", picked, delivered, failedAttempt: true };
    return { tag: "Delivered", subtag: "Delivered_001", picked, delivered };
  }
  if (!shipment.deliveredAt) return { tag: "Exception", subtag: roll < 0.5 ? "Exception_013" : "Exception_012", picked, delivered: null };
  if (picked > today) return { tag: "InfoReceived", subtag: "InfoReceived_001", picked: null, delivered: null };
  return roll < 0.1
    ? { tag: "AttemptFail", subtag: "AttemptFail_001", picked, delivered: null }
    : { tag: "InTransit", subtag: "InTransit_001", picked, delivered: null };
}

/**
 * Fills an organisation with `days` of simulated shipments ending today (the EDD simulator's lanes,
 * couriers, holidays and delays), each with its checkpoints, estimates and promised dates, and their
 * rollups: every Insights chart and the attention queue have something to show. Returns the count.
 */
export async function seedDemoTrackings(
  db: Executor,
  organizationId: string,
  options: { days: number; ordersPerDay: number; now: Date; seed?: number },
): Promise<number> {
  const today = options.now.toISOString().slice(0, 10);
  const simulated = simulateShipments({
    seed: options.seed ?? 7,
    startDate: addDays(today, -options.days),
    days: options.days,
    organizations: 3,
    ordersPerDay: options.ordersPerDay,
  });
  let created = 0;
  for (let start = 0; start < simulated.length; start += CHUNK) {
    const rows: NewTracking[] = [];
    const scans: NewCheckpoint[] = [];
    simulated.slice(start, start + CHUNK).forEach((shipment, index) => {
      const roll = (((start + index) * 7919) % 1000) / 1000;
      const result = outcome(shipment, today, roll);
      const id = newId();
      const orderDay = shipment.orderTime.slice(0, 10);
      // Estimates as they go: mostly right or a day off, sometimes two.
      const offset = roll < 0.1 ? -2 : roll < 0.3 ? -1 : roll < 0.75 ? 0 : roll < 0.9 ? 1 : 2;
      const firstEstimate = shipment.deliveredAt ? addDays(shipment.deliveredAt.slice(0, 10), offset) : addDays(orderDay, 4);
      const number = `DEMO${String(start + index).padStart(8, "0")}`;
      rows.push({
        organizationId,
        id,
        trackingNumber: number,
        slug: shipment.slug,
        dedupeKey: `demo:${number}`,
        title: `Demo order ${start + index + 1}`,
        orderNumber: `D-${start + index + 1}`,
        orderPromisedDeliveryDate: addDays(orderDay, 5),
        originCountryIso3: shipment.origin.country,
        originState: shipment.origin.state ?? null,
        destinationCountryIso3: shipment.destination.country,
        destinationState: shipment.destination.state ?? null,
        destinationPostalCode: shipment.destination.postalCode ?? null,
        tag: result.tag,
        subtag: result.subtag,
        subtagMessage: subtagMessage(result.subtag),
        tagsReached: [...new Set(["InfoReceived", ...(result.picked ? ["InTransit"] : []), ...("failedAttempt" in result ? ["AttemptFail"] : []), result.tag])],
        active: result.tag !== "Delivered",
        returnToSender: result.subtag === "Exception_011",
        firstAttemptedAt: "failedAttempt" in result || result.tag === "AttemptFail" ? new Date(`${result.picked}T15:00:00Z`) : null,
        pickedUpAt: result.picked ? new Date(`${result.picked}T12:00:00Z`) : null,
        deliveredAt: result.delivered ? new Date(`${result.delivered}T14:00:00Z`) : null,
        firstEstimate,
        estimateRevisions: roll < 0.2 ? 1 : 0,
        waybillEstimate: {
          estimated_delivery_date: firstEstimate,
          estimated_delivery_date_min: addDays(firstEstimate, -1),
          estimated_delivery_date_max: addDays(firstEstimate, 1),
          confidence_score: null,
        },
        searchText: `${number} demo order ${start + index + 1}`.toLowerCase(),
        createdAt: new Date(`${orderDay}T10:00:00Z`),
        updatedAt: options.now,
        lastUpdatedAt: options.now,
        nextPollAt: null,
      });
      const steps: Array<[string, string, string | null]> = [["InfoReceived_001", `${orderDay}T11:00:00`, "Label created"]];
      if (result.picked) steps.push(["InTransit_002", `${result.picked}T12:00:00`, "Picked up"]);
      if (result.delivered) steps.push(["Delivered_001", `${result.delivered}T14:00:00`, "Delivered"]);
      else if (result.tag !== "InfoReceived" && result.tag !== "InTransit")
        steps.push([result.subtag, `${result.picked ?? orderDay}T16:00:00`, subtagMessage(result.subtag)]);
      steps.forEach(([subtag, time, message], position) =>
        scans.push({
          organizationId,
          id: newId(),
          trackingId: id,
          position,
          slug: shipment.slug,
          checkpointTime: time,
          message: message ?? subtag,
          tag: subtag.split("_")[0]!,
          subtag,
          subtagMessage: subtagMessage(subtag),
          dedupeKey: `${id}:${position}`,
        }),
      );
    });
    const inserted = (await db.insert(trackings).values(rows).returning()) as Tracking[];
    await db.insert(checkpoints).values(scans);
    await recordRollupChanges(
      db,
      inserted.map((row) => ({ before: null, after: row })),
    );
    created += inserted.length;
  }
  return created;
}
