import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { Database } from "@/db/client";
import type { Organization } from "@/db/schema";
import { listAttentionQueue } from "@/lib/attention/attention-queue";
import { DomainError } from "@/lib/domain-errors";
import { createTracking } from "@/lib/trackings/create-tracking";
import { findShipments } from "@/lib/trackings/find-shipments";
import { getTrackingOrThrow } from "@/lib/trackings/get-tracking-or-throw";
import { courierFigures, laneTransit } from "@/lib/trackings/insights/insights-queries";
import { ApiError } from "../errors";
import { trackingCodecs } from "../versions";
import { shipmentSummary, shipmentTimeline } from "./shipment-summary";

interface ToolContext {
  db: Database;
  organization: Organization;
  now: () => Date;
}

const answer = (value: unknown): CallToolResult => ({ content: [{ type: "text", text: JSON.stringify(value, null, 2) }] });
const refusal = (message: string): CallToolResult => ({ content: [{ type: "text", text: message }], isError: true });

/** A tool's own refusals (a bad number, a tracking that exists) reach the assistant as tool errors, in the API's words. */
async function guarded(run: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof DomainError || error instanceof ApiError) return refusal(error.message);
    throw error;
  }
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/** The tools an assistant gets, every one scoped to the key's organisation. */
export function registerMcpTools(server: McpServer, context: ToolContext): void {
  const { db, organization } = context;

  server.registerTool(
    "find_shipments",
    {
      title: "Find shipments",
      description:
        "Finds this store's shipments by tracking number, order number (or order id) or the customer's e-mail address; give at least one. " +
        "Returns up to 20, newest first, each with its courier, status, estimated delivery, last scan and the shopper's tracking page URL.",
      inputSchema: {
        tracking_number: z.string().min(1).max(100).optional(),
        order_number: z.string().min(1).max(256).optional(),
        customer_email: z.string().min(3).max(254).optional(),
      },
      annotations: { readOnlyHint: true },
    },
    async (input) => {
      if (!input.tracking_number && !input.order_number && !input.customer_email) {
        return refusal("Give a tracking_number, an order_number or a customer_email.");
      }
      const found = await findShipments(db, organization.id, {
        trackingNumber: input.tracking_number,
        orderNumber: input.order_number,
        customerEmail: input.customer_email,
      });
      return answer({ shipments: found.map(shipmentSummary) });
    },
  );

  server.registerTool(
    "list_shipments_needing_attention",
    {
      title: "Shipments needing attention",
      description:
        "Lists this store's shipments that need a person now (stalled, no first scan, estimate passed, failed delivery attempt, returning to sender, exception), " +
        "each with its open reasons and since when. Snoozed ones are left out.",
      inputSchema: {},
      annotations: { readOnlyHint: true },
    },
    async () => {
      const queue = await listAttentionQueue(db, organization.id, context.now());
      return answer({
        shipments: queue.map((entry) => ({
          id: entry.trackingId,
          tracking_number: entry.trackingNumber,
          courier: entry.slug,
          status: entry.tag,
          order_number: entry.orderId,
          reasons: entry.flags.map((flag) => ({ reason: flag.reason, since: flag.since, note: flag.note })),
        })),
      });
    },
  );

  server.registerTool(
    "get_shipment_timeline",
    {
      title: "Shipment timeline",
      description:
        "Gives one shipment's whole timeline of carrier scans (oldest first) with Waybill's delivery estimate (date, earliest, latest, confidence) and the carrier's own. " +
        "Name it by its Waybill id, or by tracking number (with the courier slug when the number is used by several couriers).",
      inputSchema: {
        id: z.string().min(1).max(128).optional(),
        tracking_number: z.string().min(1).max(100).optional(),
        slug: z.string().min(1).max(100).optional(),
      },
      annotations: { readOnlyHint: true },
    },
    async (input) =>
      guarded(async () => {
        if (input.id) return answer(shipmentTimeline(await getTrackingOrThrow(db, organization.id, { id: input.id })));
        if (!input.tracking_number) return refusal("Give the shipment's id or its tracking_number.");
        const found = (await findShipments(db, organization.id, { trackingNumber: input.tracking_number })).filter(
          (record) => !input.slug || record.tracking.slug === input.slug,
        );
        if (found.length === 0) return refusal(`No shipment has the tracking number ${input.tracking_number}.`);
        if (found.length > 1) return refusal(`Several couriers have this number (${found.map((record) => record.tracking.slug).join(", ")}): give the slug.`);
        return answer(shipmentTimeline(found[0]!));
      }),
  );

  server.registerTool(
    "courier_performance",
    {
      title: "Courier performance",
      description:
        "How a courier has done for this store: shipments by status and on-time counts, and business days in transit (median and 90th percentile of delivered shipments) per lane. " +
        "Optionally one lane (ISO 3166-1 alpha-3 origin and destination) and a window of creation days (default: the last 90).",
      inputSchema: {
        slug: z.string().min(1).max(100),
        origin: z.string().length(3).optional(),
        destination: z.string().length(3).optional(),
        days: z.int().min(1).max(730).optional(),
      },
      annotations: { readOnlyHint: true },
    },
    async (input) => {
      const to = context.now();
      const from = new Date(to.getTime() - (input.days ?? 90) * 86_400_000);
      const filter = { from: day(from), to: day(to), slug: input.slug, origin: input.origin?.toUpperCase(), destination: input.destination?.toUpperCase() };
      const [figures, lanes] = await Promise.all([courierFigures(db, organization.id, filter), laneTransit(db, organization.id, filter)]);
      return answer({ window: { from: filter.from, to: filter.to }, courier: input.slug, figures: figures[0] ?? null, lanes });
    },
  );

  server.registerTool(
    "create_tracking",
    {
      title: "Create a tracking",
      description:
        "Starts tracking a shipment for this store, as the API's POST /trackings does: the courier is detected from the number unless a slug is given. " +
        "Returns the new shipment, or why it was refused (an invalid number, a courier's missing fields, a tracking that already exists).",
      inputSchema: {
        tracking_number: z.string().min(1).max(100),
        slug: z.string().min(1).max(100).optional(),
        order_number: z.string().min(1).max(256).optional(),
        customer_email: z.string().min(3).max(254).optional(),
        title: z.string().min(1).max(256).optional(),
      },
      annotations: { readOnlyHint: false, idempotentHint: false },
    },
    async (input) =>
      guarded(async () => {
        // The API's own parsing, so an assistant's tracking passes the same checks as a developer's.
        const parsed = trackingCodecs["2024-07"].parseCreate({
          tracking_number: input.tracking_number,
          ...(input.slug && { slug: input.slug }),
          ...(input.order_number && { order_number: input.order_number }),
          ...(input.customer_email && { emails: [input.customer_email] }),
          ...(input.title && { title: input.title }),
        });
        const created = await createTracking(db, organization, parsed);
        return answer({ created: shipmentSummary(created) });
      }),
  );
}
