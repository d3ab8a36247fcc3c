import type { Metadata } from "next";
import { AwaitingShipment } from "@/components/trackings/awaiting-shipment";
import { requireDashboardUser } from "@/lib/dashboard/require-dashboard-user";

export const metadata: Metadata = { title: "Awaiting shipment" };

export default async function AwaitingShipmentPage() {
  await requireDashboardUser();
  return <AwaitingShipment />;
}
