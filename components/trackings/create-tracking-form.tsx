"use client";

import { dashboardApi, everyPageOf, send } from "@/components/data/dashboard-api";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { errorMessage } from "@/components/data/fetch-json";
import { useDebouncedValue } from "@/components/data/use-debounced-value";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button, ButtonLink } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { Field, SelectInput, TextArea, TextInput } from "@/components/ui/form-field";
import { PageHeader } from "@/components/ui/page-header";
import { Spinner } from "@/components/ui/states";
import type { CourierSuggestion, TrackingDetail } from "@/lib/dashboard/types";
import { CourierFieldInputs } from "./courier-field-inputs";
import { useCouriers } from "./use-couriers";

const OTHER = "__other__";
const DETAIL_FIELDS = ["title", "order_id", "order_number", "destination_country_region", "note"] as const;

function useSuggestions(trackingNumber: string) {
  const settled = useDebouncedValue(trackingNumber.trim(), 300);
  const query = useQuery({
    queryKey: [...dashboardApi.courierDetection.key, settled],
    // Detection answers a POST (the number stays out of URLs and logs), but it changes nothing.
    queryFn: ({ signal }) =>
      send<{ couriers: CourierSuggestion[] }>(dashboardApi.courierDetection, "POST", { tracking_number: settled }, signal).then((data) => data.couriers),
    enabled: settled.length >= 4,
    staleTime: 60_000,
  });
  return { ...query, settled, typing: settled !== trackingNumber.trim() };
}

export function CreateTrackingForm() {
  const router = useRouter();
  const client = useQueryClient();
  const couriers = useCouriers();
  const [trackingNumber, setTrackingNumber] = useState("");
  // The courier the person picked; until then the best suggestion is used.
  const [picked, setPicked] = useState<string | null>(null);
  const [otherSlug, setOtherSlug] = useState("");
  const [fields, setFields] = useState<Record<string, string>>({});
  const suggestions = useSuggestions(trackingNumber);
  const suggested = suggestions.data ?? [];

  const choice = picked ?? suggested[0]?.slug ?? OTHER;
  const slug = choice === OTHER ? otherSlug : choice;
  const courier = suggested.find((option) => option.slug === slug) ?? couriers.data?.find((option) => option.slug === slug);
  const setField = (name: string, value: string) => setFields((current) => ({ ...current, [name]: value }));

  const create = useMutation({
    mutationFn: (body: Record<string, unknown>) => send<TrackingDetail>(dashboardApi.newTracking, "POST", body),
    onSuccess: (tracking) => {
      client.setQueryData(dashboardApi.tracking(tracking.id).key, tracking);
      void client.invalidateQueries({ queryKey: everyPageOf.trackings });
      router.push(`/trackings/${tracking.id}`);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const body: Record<string, unknown> = { tracking_number: trackingNumber.trim(), slug };
    for (const field of courier?.required_fields ?? []) body[field] = fields[field];
    for (const field of DETAIL_FIELDS) if (fields[field]?.trim()) body[field] = fields[field]!.trim();
    const customer = { name: fields.customer_name?.trim(), email: fields.customer_email?.trim(), phone_number: fields.customer_phone?.trim() };
    if (customer.name || customer.email || customer.phone_number) {
      body.customers = [Object.fromEntries(Object.entries(customer).filter(([, value]) => value))];
    }
    create.mutate(body);
  }

  const showSuggestions = trackingNumber.trim().length >= 4;
  return (
    <>
      <PageHeader title="New tracking" description="Waybill recognises the courier from the number's format as you type." />
      <form onSubmit={submit} className="space-y-6">
        <Card>
          <CardHeader title="Shipment" />
          <CardBody className="space-y-5">
            <Field label="Tracking number" hint="Letters, digits and - . _ / only.">
              {(control) => (
                <TextInput
                  {...control}
                  name="tracking_number"
                  value={trackingNumber}
                  onChange={(event) => {
                    setTrackingNumber(event.target.value);
                    setPicked(null);
                  }}
                  required
                  minLength={4}
                  maxLength={100}
                  autoFocus
                  autoComplete="off"
                  spellCheck={false}
                />
              )}
            </Field>

            {!showSuggestions ? (
              <p className="text-sm text-slate-500">Type the number to see the couriers that use its format.</p>
            ) : (
              <fieldset aria-busy={suggestions.isFetching || suggestions.typing}>
                <legend className="flex items-center gap-2 text-sm font-medium text-slate-800">
                  Courier
                  {(suggestions.isFetching || suggestions.typing) && <Spinner />}
                </legend>
                <div className="mt-2 space-y-2" aria-live="polite">
                  {suggestions.isError && <Alert tone="error">{errorMessage(suggestions.error)}</Alert>}
                  {!suggestions.typing && suggestions.isSuccess && suggested.length === 0 && (
                    <p className="text-sm text-slate-600">No courier uses this number format. Choose the courier below.</p>
                  )}
                  {suggested.map((option) => (
                    <label
                      key={option.slug}
                      className={cn(
                        "flex cursor-pointer items-center justify-between gap-3 rounded-lg px-3 py-2.5 ring-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500",
                        choice === option.slug ? "bg-indigo-50 ring-indigo-300" : "ring-slate-200 hover:bg-slate-50",
                      )}
                    >
                      <span className="flex items-center gap-3">
                        <input
                          type="radio"
                          name="courier"
                          value={option.slug}
                          checked={choice === option.slug}
                          onChange={() => setPicked(option.slug)}
                          className="size-4 text-indigo-600"
                        />
                        <span>
                          <span className="block text-sm font-medium text-slate-900">{option.name}</span>
                          <span className="block text-xs text-slate-500">{option.slug}</span>
                        </span>
                      </span>
                      <span className="flex flex-wrap justify-end gap-1">
                        {option.preferred && <Badge tone="indigo">Preferred</Badge>}
                        {option.checksum_verified && <Badge tone="emerald">Check digit OK</Badge>}
                      </span>
                    </label>
                  ))}
                  <label
                    className={cn(
                      "flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2.5 ring-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500",
                      choice === OTHER ? "bg-indigo-50 ring-indigo-300" : "ring-slate-200 hover:bg-slate-50",
                    )}
                  >
                    <input
                      type="radio"
                      name="courier"
                      value={OTHER}
                      checked={choice === OTHER}
                      onChange={() => setPicked(OTHER)}
                      className="size-4 text-indigo-600"
                    />
                    <span className="text-sm font-medium text-slate-900">Another courier</span>
                  </label>
                </div>
              </fieldset>
            )}

            {showSuggestions && choice === OTHER && (
              <Field label="Choose the courier" hint="Type to jump through the list.">
                {(control) => (
                  <SelectInput {...control} value={otherSlug} onChange={(event) => setOtherSlug(event.target.value)} required>
                    <option value="">Choose…</option>
                    {(couriers.data ?? []).map((option) => (
                      <option key={option.slug} value={option.slug}>
                        {option.name}
                      </option>
                    ))}
                  </SelectInput>
                )}
              </Field>
            )}

            {courier && <CourierFieldInputs fields={courier.required_fields} values={fields} onChange={setField} courierName={courier.name} />}
          </CardBody>
        </Card>

        <Card>
          <CardHeader title="Order and customer" description="Optional. The customer hears about the shipment at the e-mail and phone given." />
          <CardBody className="grid gap-4 sm:grid-cols-2">
            <Field label="Title" hint="Shown instead of the number.">
              {(control) => <TextInput {...control} value={fields.title ?? ""} onChange={(event) => setField("title", event.target.value)} />}
            </Field>
            <Field label="Order ID">
              {(control) => <TextInput {...control} value={fields.order_id ?? ""} onChange={(event) => setField("order_id", event.target.value)} />}
            </Field>
            <Field label="Order number">
              {(control) => <TextInput {...control} value={fields.order_number ?? ""} onChange={(event) => setField("order_number", event.target.value)} />}
            </Field>
            <Field label="Destination country" hint="Three-letter ISO code, e.g. DEU.">
              {(control) => (
                <TextInput
                  {...control}
                  value={fields.destination_country_region ?? ""}
                  onChange={(event) => setField("destination_country_region", event.target.value.toUpperCase())}
                  maxLength={3}
                  pattern="[A-Za-z]{3}"
                />
              )}
            </Field>
            <Field label="Customer name">
              {(control) => (
                <TextInput
                  {...control}
                  autoComplete="off"
                  value={fields.customer_name ?? ""}
                  onChange={(event) => setField("customer_name", event.target.value)}
                />
              )}
            </Field>
            <Field label="Customer e-mail">
              {(control) => (
                <TextInput
                  {...control}
                  type="email"
                  autoComplete="off"
                  value={fields.customer_email ?? ""}
                  onChange={(event) => setField("customer_email", event.target.value)}
                />
              )}
            </Field>
            <Field label="Customer phone" hint="International form, e.g. +14155550123.">
              {(control) => (
                <TextInput
                  {...control}
                  type="tel"
                  autoComplete="off"
                  value={fields.customer_phone ?? ""}
                  onChange={(event) => setField("customer_phone", event.target.value)}
                />
              )}
            </Field>
            <Field label="Note" className="sm:col-span-2">
              {(control) => <TextArea {...control} rows={2} value={fields.note ?? ""} onChange={(event) => setField("note", event.target.value)} />}
            </Field>
          </CardBody>
        </Card>

        {create.isError && <Alert tone="error">{errorMessage(create.error)}</Alert>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <ButtonLink href="/trackings">Cancel</ButtonLink>
          <Button type="submit" variant="primary" disabled={create.isPending || !slug}>
            {create.isPending ? "Creating…" : "Create tracking"}
          </Button>
        </div>
      </form>
    </>
  );
}
