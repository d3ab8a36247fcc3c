"use client";

import { useQuery } from "@tanstack/react-query";
import { fetchJson } from "@/components/data/fetch-json";
import type { CourierOption } from "@/lib/dashboard/types";

/** The courier catalogue, fetched once per visit: it only changes with a new release. */
export function useCouriers() {
  return useQuery({
    queryKey: ["couriers"],
    queryFn: () => fetchJson<{ couriers: CourierOption[] }>("/api/dashboard/couriers").then((data) => data.couriers),
    staleTime: Infinity,
  });
}
