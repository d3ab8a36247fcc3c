"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardApi, everyPageOf, send } from "@/components/data/dashboard-api";
import type { TrackingDetail } from "@/lib/dashboard/types";

/** A change to one tracking: the page shows the answer at once and the list is refreshed. */
export function useTrackingMutation<TInput>(
  id: string,
  request: (input: TInput) => { path: string; method: "POST" | "PUT" | "PATCH" | "DELETE"; body?: unknown },
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TInput) => {
      const { path, method, body } = request(input);
      return send<TrackingDetail>(dashboardApi.trackingAction(id, path), method, body);
    },
    onSuccess: (tracking) => {
      client.setQueryData(dashboardApi.tracking(id).key, tracking);
      void client.invalidateQueries({ queryKey: everyPageOf.trackings });
    },
  });
}
