"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { dashboardApi, read } from "@/components/data/dashboard-api";
import { formatDateTime } from "@/components/data/format";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { focusRing } from "@/components/ui/focus-ring";
import { Field, SelectInput } from "@/components/ui/form-field";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import type { NotificationMessageView } from "@/lib/notifications/notification-message-view";

const STATUS: Record<NotificationMessageView["status"], { label: string; tone: "slate" | "emerald" | "sky" | "amber" | "red" }> = {
  queued: { label: "Queued", tone: "slate" },
  sent: { label: "Sent", tone: "emerald" },
  outbox: { label: "In the outbox", tone: "sky" },
  retrying: { label: "Retrying", tone: "amber" },
  failed: { label: "Failed", tone: "red" },
};

/** Messages to customers, newest first: what was sent, and what waits in the outbox. */
export function NotificationOutbox() {
  const [filters, setFilters] = useState({ channel: "", status: "" });
  const [paging, setPaging] = useState({ key: "", cursors: [] as string[] });
  const query = new URLSearchParams({ limit: "20" });
  if (filters.channel) query.set("channel", filters.channel);
  if (filters.status) query.set("status", filters.status);
  const key = query.toString();
  const cursors = paging.key === key ? paging.cursors : [];
  const cursor = cursors[cursors.length - 1];
  const messages = useQuery({
    queryKey: dashboardApi.notificationMessages(key, cursor).key,
    queryFn: ({ signal }) => read(dashboardApi.notificationMessages(key, cursor), signal),
    placeholderData: keepPreviousData,
    refetchInterval: 5_000,
  });

  return (
    <div>
      <div className="grid grid-cols-2 gap-3 border-b border-slate-100 px-4 py-4 sm:px-5">
        <Field label="Channel">
          {(control) => (
            <SelectInput {...control} value={filters.channel} onChange={(event) => setFilters({ ...filters, channel: event.target.value })}>
              <option value="">E-mail and SMS</option>
              <option value="email">E-mail</option>
              <option value="sms">SMS</option>
            </SelectInput>
          )}
        </Field>
        <Field label="Message status">
          {(control) => (
            <SelectInput {...control} value={filters.status} onChange={(event) => setFilters({ ...filters, status: event.target.value })}>
              <option value="">Any status</option>
              {Object.entries(STATUS).map(([value, status]) => (
                <option key={value} value={value}>
                  {status.label}
                </option>
              ))}
            </SelectInput>
          )}
        </Field>
      </div>
      {messages.isPending ? (
        <LoadingState label="Loading messages…" />
      ) : messages.isError && !messages.data ? (
        <ErrorState error={messages.error} onRetry={() => messages.refetch()} />
      ) : messages.data.messages.length === 0 ? (
        <EmptyState title="No messages">
          Customers get a message when their shipment changes status, if the tracking has their e-mail or phone number.
        </EmptyState>
      ) : (
        <>
          <ul className="divide-y divide-slate-100">
            {messages.data.messages.map((message) => (
              <li key={message.id} className="px-4 py-3 sm:px-5">
                <details className="group">
                  <summary className={cn("flex cursor-pointer list-none flex-col gap-1 rounded sm:flex-row sm:items-center sm:justify-between", focusRing)}>
                    <span className="min-w-0">
                      <span className="block truncate text-sm font-medium text-slate-900">{message.subject ?? message.body.slice(0, 80)}</span>
                      <span className="block truncate text-xs text-slate-500">
                        {message.channel === "email" ? "E-mail" : "SMS"} to {message.recipient} · {formatDateTime(message.createdAt)}
                        {message.requestedBy && ` · asked by ${message.requestedBy}`}
                      </span>
                    </span>
                    <span className="flex items-center gap-2">
                      <Badge tone={STATUS[message.status].tone}>{STATUS[message.status].label}</Badge>
                      <span className="text-xs text-indigo-700 group-open:hidden">Show</span>
                      <span className="hidden text-xs text-indigo-700 group-open:inline">Hide</span>
                    </span>
                  </summary>
                  <div className="mt-3 space-y-2">
                    <pre className="max-h-64 overflow-auto rounded-lg bg-slate-50 p-3 font-sans text-sm whitespace-pre-wrap text-slate-800">{message.body}</pre>
                    {message.error && <p className="text-xs text-red-700">{message.error}</p>}
                    <Link href={`/trackings/${message.trackingId}`} className={cn("rounded text-xs text-indigo-700 hover:underline", focusRing)}>
                      View the tracking
                    </Link>
                  </div>
                </details>
              </li>
            ))}
          </ul>
          {(cursors.length > 0 || messages.data.nextCursor) && (
            <nav aria-label="Message pages" className="flex justify-end gap-2 border-t border-slate-100 px-4 py-3 sm:px-5">
              <Button size="sm" disabled={cursors.length === 0} onClick={() => setPaging({ key, cursors: cursors.slice(0, -1) })}>
                Newer
              </Button>
              <Button
                size="sm"
                disabled={!messages.data.nextCursor}
                onClick={() => messages.data.nextCursor && setPaging({ key, cursors: [...cursors, messages.data.nextCursor] })}
              >
                Older
              </Button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}
