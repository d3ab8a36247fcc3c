"use client";

import { dashboardApi, everyPageOf, upload } from "@/components/data/dashboard-api";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { errorMessage } from "@/components/data/fetch-json";
import { formatNumber } from "@/components/data/format";
import { Alert } from "@/components/ui/alert";
import { Button, ButtonLink } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field } from "@/components/ui/form-field";
import { PageHeader } from "@/components/ui/page-header";
import type { ImportResult } from "@/lib/dashboard/types";

const TEMPLATE = [
  "tracking_number,slug,title,order_id,customer_name,customer_email,customer_phone,destination_country_region",
  "1Z999AA10123456784,ups,Blue mug,1001,Ana Ruiz,ana@example.com,+34600000000,ESP",
  "ITOD-1-1234567,testing-courier,Test parcel,1002,,,,",
].join("\r\n");

const COLUMNS: Array<[string, string]> = [
  ["tracking_number", "required"],
  ["slug", "the courier; empty detects it from the number"],
  ["title, note, order_id, order_number, order_date, order_promised_delivery_date", ""],
  ["customer_name, customer_email, customer_phone", "who is notified"],
  ["origin_country_region, destination_country_region", "three-letter ISO codes"],
  ["destination_state, destination_city, destination_postal_code", ""],
  ["tracking_account_number, tracking_key, tracking_ship_date", "when the courier needs them"],
];

const uploadCsv = async (file: File) => upload<ImportResult>(dashboardApi.trackingImport, "POST", await file.text(), "text/csv");

export function ImportTrackingsForm() {
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const importing = useMutation({ mutationFn: uploadCsv, onSuccess: () => client.invalidateQueries({ queryKey: everyPageOf.trackings }) });
  const result = importing.data;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (file) importing.mutate(file);
  }

  return (
    <>
      <PageHeader
        title="Import trackings"
        description="Upload a CSV file with one shipment per row. Good rows are created even when others have problems; each problem is listed with its row number."
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader title="Upload a file" />
          <CardBody>
            <form onSubmit={submit} className="space-y-4">
              <Field label="CSV file" hint="Comma- or semicolon-separated, UTF-8, up to 10,000 rows and 5 MB. The first row names the columns.">
                {(control) => (
                  <input
                    {...control}
                    type="file"
                    name="file"
                    accept=".csv,text/csv"
                    required
                    onChange={(event) => {
                      setFile(event.target.files?.[0] ?? null);
                      importing.reset();
                    }}
                    className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-indigo-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-indigo-700 hover:file:bg-indigo-100"
                  />
                )}
              </Field>
              <div className="flex flex-wrap gap-2">
                <Button type="submit" variant="primary" disabled={!file || importing.isPending}>
                  {importing.isPending ? "Importing…" : "Import"}
                </Button>
                <a
                  href={`data:text/csv;charset=utf-8,${encodeURIComponent(TEMPLATE)}`}
                  download="waybill-import-template.csv"
                  className="self-center text-sm text-indigo-700 hover:underline"
                >
                  Download a template
                </a>
              </div>
            </form>
            <div className="mt-6 space-y-4">
              {importing.isError && (
                <Alert tone="error" title="Nothing was imported">
                  {errorMessage(importing.error)}
                </Alert>
              )}
              {result && (
                <Alert
                  tone={result.failed.length ? "warning" : "success"}
                  title={`Created ${formatNumber(result.created)} ${result.created === 1 ? "tracking" : "trackings"}`}
                >
                  {result.failed.length > 0
                    ? `${formatNumber(result.failed.length)} ${result.failed.length === 1 ? "row has a problem" : "rows have problems"}: fix them and import those rows again.`
                    : "Every row was imported."}
                </Alert>
              )}
              {result && result.failed.length > 0 && (
                <div className="overflow-x-auto rounded-lg ring-1 ring-slate-200">
                  <table className="min-w-full divide-y divide-slate-200 text-sm">
                    <caption className="sr-only">Rows that were not imported</caption>
                    <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
                      <tr>
                        <th scope="col" className="w-20 px-3 py-2">
                          Row
                        </th>
                        <th scope="col" className="px-3 py-2">
                          Problem
                        </th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-slate-100">
                      {result.failed.map((failure) => (
                        <tr key={failure.row}>
                          <td className="px-3 py-2 font-medium text-slate-900">{failure.row}</td>
                          <td className="px-3 py-2 text-slate-700">{failure.message}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
              {result && result.created > 0 && <ButtonLink href="/trackings">View trackings</ButtonLink>}
            </div>
          </CardBody>
        </Card>
        <Card>
          <CardHeader title="Columns" description="Named as in the API (2025-04). Exported files import back as they are." />
          <CardBody>
            <dl className="space-y-3 text-sm">
              {COLUMNS.map(([names, meaning]) => (
                <div key={names}>
                  <dt className="font-mono text-xs break-words text-slate-900">{names}</dt>
                  {meaning && <dd className="text-slate-600">{meaning}</dd>}
                </div>
              ))}
            </dl>
          </CardBody>
        </Card>
      </div>
    </>
  );
}
