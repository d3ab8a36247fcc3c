"use client";

import { useQuery } from "@tanstack/react-query";
import { fetchJson } from "@/components/data/fetch-json";
import type { WebhookEndpointView } from "@/lib/webhooks/webhook-views";

export const WEBHOOK_ENDPOINTS = ["webhook-endpoints"];

export function useWebhookEndpoints(enabled = true) {
  return useQuery({
    queryKey: WEBHOOK_ENDPOINTS,
    queryFn: () => fetchJson<{ endpoints: WebhookEndpointView[] }>("/api/dashboard/webhooks/endpoints").then((data) => data.endpoints),
    enabled,
  });
}
