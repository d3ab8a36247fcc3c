"use client";

import { Field, TextInput } from "@/components/ui/form-field";

/** How a form asks for each courier-required field (2025-04 names). */
const FIELD_INPUTS: Record<string, { label: string; type?: string; hint?: string; country?: boolean }> = {
  tracking_account_number: { label: "Account number", hint: "The shipper account number the courier asks for." },
  tracking_key: { label: "Tracking key", hint: "The extra code the courier asks for, such as a PIN." },
  tracking_ship_date: { label: "Ship date", type: "date" },
  destination_postal_code: { label: "Destination postal code" },
  destination_state: { label: "Destination state or region" },
  origin_country_region: { label: "Origin country", hint: "Three-letter ISO code, e.g. USA.", country: true },
  destination_country_region: { label: "Destination country", hint: "Three-letter ISO code, e.g. DEU.", country: true },
};

interface CourierFieldInputsProps {
  fields: string[];
  values: Record<string, string>;
  onChange: (field: string, value: string) => void;
  courierName: string;
}

/** Inputs for the fields a courier needs besides the number; each one is required. */
export function CourierFieldInputs({ fields, values, onChange, courierName }: CourierFieldInputsProps) {
  if (fields.length === 0) return null;
  return (
    <fieldset className="rounded-lg border border-amber-200 bg-amber-50/60 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">{courierName} also needs</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map((field) => {
          const input = FIELD_INPUTS[field] ?? { label: field };
          return (
            <Field key={field} label={input.label} hint={input.hint}>
              {(control) => (
                <TextInput
                  {...control}
                  name={field}
                  type={input.type ?? "text"}
                  required
                  value={values[field] ?? ""}
                  maxLength={input.country ? 3 : undefined}
                  pattern={input.country ? "[A-Za-z]{3}" : undefined}
                  onChange={(event) => onChange(field, input.country ? event.target.value.toUpperCase() : event.target.value)}
                />
              )}
            </Field>
          );
        })}
      </div>
    </fieldset>
  );
}
