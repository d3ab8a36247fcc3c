"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { fetchJson } from "@/components/data/fetch-json";
import type { TrackingDetail } from "@/lib/dashboard/types";

/** A change to one tracking: the page shows the answer at once and the list is refreshed. */
export function useTrackingMutation<TInput>(id: string, request: (input: TInput) => { path: string; method: string; body?: unknown }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TInput) => {
      const { path, method, body } = request(input);
      return fetchJson<TrackingDetail>(`/api/dashboard/trackings/${encodeURIComponent(id)}${path}`, { method, body });
    },
    onSuccess: (tracking) => {
      client.setQueryData(["tracking", id], tracking);
      void client.invalidateQueries({ queryKey: ["trackings"] });
    },
  });
}
