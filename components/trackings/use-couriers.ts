"use client";

import { useQuery } from "@tanstack/react-query";
import { dashboardApi, read } from "@/components/data/dashboard-api";

/** The courier catalogue, fetched once per visit: it only changes with a new release. */
export function useCouriers() {
  return useQuery({
    queryKey: dashboardApi.couriers.key,
    queryFn: () => read(dashboardApi.couriers).then((data) => data.couriers),
    staleTime: Infinity,
  });
}
