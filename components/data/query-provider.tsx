"use client";

import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { RequestError } from "./fetch-json";

export function QueryProvider({ children }: { children: ReactNode }) {
  const router = useRouter();
  const [client] = useState(() => {
    // A lapsed session (401) anywhere sends the browser back to sign-in, and then here again.
    const onError = (error: Error) => {
      if (error instanceof RequestError && error.status === 401) {
        router.replace(`/sign-in?callbackUrl=${encodeURIComponent(window.location.pathname + window.location.search)}`);
      }
    };
    return new QueryClient({
      queryCache: new QueryCache({ onError }),
      mutationCache: new MutationCache({ onError }),
      defaultOptions: {
        queries: {
          staleTime: 2_000,
          // A refusal (4xx) will not change on a retry; a hiccup might.
          retry: (failures, error) => failures < 2 && !(error instanceof RequestError && error.status < 500),
        },
      },
    });
  });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
