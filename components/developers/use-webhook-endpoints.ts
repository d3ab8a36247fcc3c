"use client";

import { useQuery } from "@tanstack/react-query";
import { dashboardApi, read } from "@/components/data/dashboard-api";

export function useWebhookEndpoints(enabled = true) {
  return useQuery({
    queryKey: dashboardApi.webhookEndpoints.key,
    queryFn: () => read(dashboardApi.webhookEndpoints).then((data) => data.endpoints),
    enabled,
  });
}
