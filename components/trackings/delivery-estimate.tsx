import { formatDate } from "@/components/data/format";
import { Badge } from "@/components/ui/badge";
import type { TrackingDetail } from "@/lib/dashboard/types";

const ON_TIME: Record<string, { label: string; tone: "emerald" | "red" | "amber" | "sky" }> = {
  "on-time": { label: "Delivered on time", tone: "emerald" },
  late: { label: "Delivered late", tone: "red" },
  "trending-on-time": { label: "On track", tone: "sky" },
  "trending-late": { label: "Likely late", tone: "amber" },
};

const CONFIDENCE_CODES: Record<number, string> = {
  10001: "high confidence",
  20001: "high confidence in the range",
  30001: "transit times vary on this lane",
  30002: "little delivery history for this lane",
};

/** The estimate's confidence: a 2025-04 confidence code, or a share from 0 to 1. */
function confidenceText(value: number | null | undefined): string | null {
  if (typeof value !== "number") return null;
  if (value >= 0 && value <= 1) return `${Math.round(value * 100)}% confidence`;
  return CONFIDENCE_CODES[value] ?? null;
}

/** When the parcel arrives (or arrived), by whose estimate, against what the shop promised. */
export function DeliveryEstimate({ tracking }: { tracking: TrackingDetail }) {
  const ours = tracking.waybill_estimated_delivery_date;
  const carriers = tracking.courier_estimated_delivery_date;
  const onTime = tracking.on_time_status ? ON_TIME[tracking.on_time_status] : undefined;
  if (tracking.tag === "Delivered") {
    return (
      <div className="space-y-2 px-4 py-4 text-sm sm:px-5">
        <p className="text-2xl font-semibold text-emerald-700">{formatDate(tracking.shipment_delivery_date)}</p>
        <p className="text-slate-600">Delivered{tracking.signed_by ? `, signed by ${tracking.signed_by}` : ""}.</p>
        {onTime && <Badge tone={onTime.tone}>{onTime.label}</Badge>}
      </div>
    );
  }
  if (!ours && !carriers) {
    return <p className="px-4 py-4 text-sm text-slate-600 sm:px-5">No estimate yet: one appears once the courier has the parcel.</p>;
  }
  return (
    <dl className="space-y-3 px-4 py-4 text-sm sm:px-5">
      {carriers && (
        <div>
          <dt className="text-slate-500">Courier&apos;s expected delivery</dt>
          <dd className="text-lg font-semibold text-slate-900">{formatDate(carriers.estimated_delivery_date)}</dd>
        </div>
      )}
      {ours && (
        <div>
          <dt className="text-slate-500">Waybill estimate</dt>
          <dd className="text-lg font-semibold text-slate-900">{formatDate(ours.estimated_delivery_date)}</dd>
          {ours.estimated_delivery_date_min && ours.estimated_delivery_date_max && (
            <dd className="text-slate-600">
              Between {formatDate(ours.estimated_delivery_date_min)} and {formatDate(ours.estimated_delivery_date_max)}
              {confidenceText(ours.confidence_code) && ` · ${confidenceText(ours.confidence_code)}`}
            </dd>
          )}
        </div>
      )}
      {tracking.order_promised_delivery_date && (
        <div>
          <dt className="text-slate-500">Promised to the customer</dt>
          <dd className="flex flex-wrap items-center gap-2 text-slate-900">
            {formatDate(tracking.order_promised_delivery_date)}
            {onTime && <Badge tone={onTime.tone}>{onTime.label}</Badge>}
          </dd>
        </div>
      )}
    </dl>
  );
}
