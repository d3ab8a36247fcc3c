"use client";

import { useQuery } from "@tanstack/react-query";
import { dashboardApi, read } from "@/components/data/dashboard-api";
import { formatDateTime } from "@/components/data/format";
import { Badge } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import type { AwaitingOrder } from "@/lib/stores/awaiting-shipment";

const days = (count: number) => `${count} business day${count === 1 ? "" : "s"}`;

function OrderRow({ order }: { order: AwaitingOrder }) {
  return (
    <li className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-5" aria-label={`Order ${order.name}`}>
      <span className="min-w-0">
        <span className="block text-sm font-medium text-slate-900">
          {order.name} {order.customerName && <span className="font-normal text-slate-600">· {order.customerName}</span>}
        </span>
        <span className="block truncate text-xs text-slate-500">
          {order.items.join(", ") || "No items listed"} · {order.shop} · placed {formatDateTime(order.placedAt)}
        </span>
      </span>
      <span className="flex items-center gap-2">
        <Badge tone={order.late ? "red" : "slate"}>
          {order.late ? `Not shipped after ${days(order.businessDays)}` : `Preparing, ${days(order.businessDays)}`}
        </Badge>
      </span>
    </li>
  );
}

/** Paid store orders without a tracking number yet (`lateOnly`: those past the rule's days, for the needs-attention page). */
export function AwaitingShipment({ lateOnly = false }: { lateOnly?: boolean }) {
  const orders = useQuery({ queryKey: dashboardApi.awaitingShipment.key, queryFn: () => read(dashboardApi.awaitingShipment).then((data) => data.orders) });
  const shown = lateOnly ? orders.data?.filter((order) => order.late) : orders.data;
  if (lateOnly)
    return shown?.length ? (
      <Card className="mt-6">
        <CardHeader
          title="Orders not shipped"
          description="Paid orders of your stores with no tracking number after 2 business days: the stall before any courier scan."
        />
        <ul className="divide-y divide-slate-100" aria-label="Orders not shipped">
          {shown.map((order) => (
            <OrderRow key={`${order.storeId}/${order.orderId}`} order={order} />
          ))}
        </ul>
      </Card>
    ) : null;
  return (
    <>
      <PageHeader title="Awaiting shipment" description="Paid orders of your connected stores that have no tracking number yet, oldest first." />
      <Card>
        {orders.isPending ? (
          <LoadingState />
        ) : orders.isError ? (
          <ErrorState error={orders.error} onRetry={() => orders.refetch()} />
        ) : !shown?.length ? (
          <EmptyState title="Nothing awaits shipment">Every paid order of your stores has a tracking number.</EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Orders awaiting shipment">
            {shown.map((order) => (
              <OrderRow key={`${order.storeId}/${order.orderId}`} order={order} />
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
