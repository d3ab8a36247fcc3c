"use client";

import { dashboardApi, read, send, upload as uploadFile } from "@/components/data/dashboard-api";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { errorMessage } from "@/components/data/fetch-json";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Checkbox, Field, SelectInput, TextArea, TextInput } from "@/components/ui/form-field";
import { PageHeader } from "@/components/ui/page-header";
import { ErrorState, LoadingState } from "@/components/ui/states";
import type { TrackingPageView } from "@/lib/dashboard/types";
import { LANGUAGE_NAMES } from "@/lib/trackings/shopper-texts";

/** Links as the merchant types them, one per line: "Label | https://…". */
const linksToText = (links: TrackingPageView["links"]) => links.map((link) => `${link.label} | ${link.url}`).join("\n");
const textToLinks = (text: string) =>
  text
    .split("\n")
    .map((line) => line.split("|").map((part) => part.trim()))
    .filter(([label, url]) => label && url)
    .map(([label, url]) => ({ label: label!, url: url! }));

/** Until the merchant's DNS holds the token, the domain is only claimed: this says what to add and checks it. */
function DomainProof({ proof }: { proof: NonNullable<TrackingPageView["customDomainProof"]> }) {
  const client = useQueryClient();
  const check = useMutation({
    mutationFn: () => send<{ page: TrackingPageView }>(dashboardApi.trackingPageDomainProof, "POST"),
    onSuccess: (data) => client.setQueryData(dashboardApi.trackingPage.key, data.page),
  });
  if (proof.proven) return <p className="text-sm text-emerald-800 sm:col-span-2">Domain proven: the page is served at its root.</p>;
  return (
    <div className="space-y-2 rounded-md bg-amber-50 p-3 text-sm text-slate-800 ring-1 ring-amber-200 sm:col-span-2" data-testid="domain-proof">
      <p>Not served yet. To prove the domain is yours, add this TXT record at your DNS provider, then check it (and point the domain at this server):</p>
      <dl className="grid gap-1 font-mono text-xs break-all sm:grid-cols-[auto_1fr] sm:gap-x-3">
        <dt className="font-sans text-slate-600">Name</dt>
        <dd>{proof.name}</dd>
        <dt className="font-sans text-slate-600">Value</dt>
        <dd>{proof.value}</dd>
      </dl>
      <Button size="sm" onClick={() => check.mutate()} disabled={check.isPending}>
        {check.isPending ? "Checking…" : "Check DNS"}
      </Button>
      {check.isError && <Alert tone="error">{errorMessage(check.error)}</Alert>}
    </div>
  );
}

function SettingsForm({ page }: { page: TrackingPageView }) {
  const client = useQueryClient();
  const [draft, setDraft] = useState({ ...page, handle: page.handle ?? "", customDomain: page.customDomain ?? "", linksText: linksToText(page.links) });
  const save = useMutation({
    mutationFn: () =>
      send<{ page: TrackingPageView }>(dashboardApi.trackingPage, "PUT", {
        handle: draft.handle,
        customDomain: draft.customDomain,
        displayName: draft.displayName,
        accentColor: draft.accentColor,
        supportEmail: draft.supportEmail,
        links: textToLinks(draft.linksText),
        languages: draft.languages,
        hideCourier: draft.hideCourier,
        hideOrigin: draft.hideOrigin,
        scanWording: draft.scanWording,
      }),
    onSuccess: (data) => client.setQueryData(dashboardApi.trackingPage.key, data.page),
  });
  const set = (patch: Partial<typeof draft>) => {
    setDraft({ ...draft, ...patch });
    save.reset();
  };
  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate();
  }
  const toggleLanguage = (code: string, on: boolean) =>
    set({ languages: on ? [...draft.languages, code] : draft.languages.filter((language) => language !== code) });
  return (
    <form onSubmit={submit} className="space-y-6">
      <Card>
        <CardHeader title="Address" description={`Shoppers look up their orders at ${page.pageUrl}`} />
        <CardBody className="grid gap-4 sm:grid-cols-2">
          <Field label="Handle" hint="The page's address: /t/<handle>. 3 to 30 lower-case letters, digits or hyphens.">
            {(control) => <TextInput {...control} value={draft.handle} onChange={(event) => set({ handle: event.target.value })} autoComplete="off" />}
          </Field>
          <Field label="Your own domain (optional)" hint="Point its DNS at Waybill: the page is then served at its root, e.g. track.example.com.">
            {(control) => (
              <TextInput {...control} value={draft.customDomain} onChange={(event) => set({ customDomain: event.target.value })} autoComplete="off" />
            )}
          </Field>
          {page.customDomainProof && page.customDomainProof.name.endsWith(`.${draft.customDomain}`) && <DomainProof proof={page.customDomainProof} />}
        </CardBody>
      </Card>
      <Card>
        <CardHeader title="Look" description="Your name or logo, your colour, your help links." />
        <CardBody className="grid gap-4 sm:grid-cols-2">
          <Field label="Display name" hint={`Shown when there is no logo; ${page.organizationName} when empty.`}>
            {(control) => <TextInput {...control} value={draft.displayName} onChange={(event) => set({ displayName: event.target.value })} />}
          </Field>
          <Field label="Accent colour" hint="#rrggbb, dark enough for white text on it.">
            {(control) => (
              <TextInput {...control} value={draft.accentColor} placeholder="#4338ca" onChange={(event) => set({ accentColor: event.target.value })} />
            )}
          </Field>
          <Field label="Support e-mail">
            {(control) => <TextInput {...control} type="email" value={draft.supportEmail} onChange={(event) => set({ supportEmail: event.target.value })} />}
          </Field>
          <Field label="Help links" hint="One per line: Label | https://… (at most 5).">
            {(control) => <TextArea {...control} rows={3} value={draft.linksText} onChange={(event) => set({ linksText: event.target.value })} />}
          </Field>
          <fieldset className="sm:col-span-2">
            <legend className="text-sm font-medium text-slate-800">Languages (the first ticked is the default)</legend>
            <div className="mt-2 flex flex-wrap gap-4">
              {Object.entries(LANGUAGE_NAMES).map(([code, name]) => (
                <label key={code} className="flex items-center gap-2 text-sm text-slate-800">
                  <Checkbox checked={draft.languages.includes(code)} onChange={(event) => toggleLanguage(code, event.target.checked)} />
                  {name}
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset className="sm:col-span-2">
            <legend className="text-sm font-medium text-slate-800">What shoppers see (also in their e-mails)</legend>
            <div className="mt-2 space-y-2">
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <Checkbox checked={draft.hideCourier} onChange={(event) => set({ hideCourier: event.target.checked })} />
                Hide the courier&apos;s name and link
              </label>
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <Checkbox checked={draft.hideOrigin} onChange={(event) => set({ hideOrigin: event.target.checked })} />
                Hide where the parcel comes from: scans before it reaches the destination country stay hidden
              </label>
            </div>
          </fieldset>
          <Field label="Scan wording" hint="A courier's known phrase in the page's language, with or without the courier's own words.">
            {(control) => (
              <SelectInput {...control} value={draft.scanWording} onChange={(event) => set({ scanWording: event.target.value as typeof draft.scanWording })}>
                <option value="both">The page&apos;s language, with the courier&apos;s words beside it</option>
                <option value="translated">The page&apos;s language (the courier&apos;s words on hover)</option>
                <option value="original">The courier&apos;s words only</option>
              </SelectInput>
            )}
          </Field>
        </CardBody>
      </Card>
      {save.isError && <Alert tone="error">{errorMessage(save.error)}</Alert>}
      {save.isSuccess && <Alert tone="success">Saved. The tracking page shows the change now.</Alert>}
      <div className="flex justify-end gap-2">
        <a href={page.pageUrl} target="_blank" rel="noreferrer" className="self-center text-sm text-indigo-700 underline underline-offset-2">
          Open the page
        </a>
        <Button type="submit" variant="primary" disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save changes"}
        </Button>
      </div>
    </form>
  );
}

function LogoCard({ page }: { page: TrackingPageView }) {
  const client = useQueryClient();
  const upload = useMutation({
    mutationFn: (file: File) => uploadFile(dashboardApi.trackingPageLogo, "PUT", file, "application/octet-stream"),
    onSuccess: () => client.invalidateQueries({ queryKey: dashboardApi.trackingPage.key }),
  });
  const remove = useMutation({
    mutationFn: () => send(dashboardApi.trackingPageLogo, "DELETE"),
    onSuccess: () => client.invalidateQueries({ queryKey: dashboardApi.trackingPage.key }),
  });
  return (
    <Card>
      <CardHeader title="Logo" description="PNG, JPEG, GIF or WebP up to 200 KB, stored and served by Waybill." />
      <CardBody className="flex flex-wrap items-center gap-4">
        {page.logoUrl ? (
          // eslint-disable-next-line @next/next/no-img-element -- served by this server
          <img src={page.logoUrl} alt="Current logo" className="h-12 w-auto rounded ring-1 ring-slate-200" />
        ) : (
          <p className="text-sm text-slate-600">No logo: the page shows your display name.</p>
        )}
        <Field label="Upload a logo">
          {(control) => (
            <input
              {...control}
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              className="text-sm"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) upload.mutate(file);
              }}
            />
          )}
        </Field>
        {page.logoUrl && (
          <Button size="sm" variant="ghostDanger" onClick={() => remove.mutate()} disabled={remove.isPending}>
            Remove logo
          </Button>
        )}
        {upload.isError && <Alert tone="error">{errorMessage(upload.error)}</Alert>}
      </CardBody>
    </Card>
  );
}

export function TrackingPageSettings() {
  const page = useQuery({
    queryKey: dashboardApi.trackingPage.key,
    queryFn: () => read(dashboardApi.trackingPage).then((data) => data.page),
  });
  return (
    <>
      <PageHeader title="Tracking page" description="Where your customers follow their orders: your brand, your languages, no e-mail to support." />
      {page.isPending ? (
        <LoadingState />
      ) : page.isError ? (
        <Card>
          <ErrorState error={page.error} onRetry={() => page.refetch()} />
        </Card>
      ) : (
        <div className="space-y-6">
          <LogoCard page={page.data} />
          <SettingsForm page={page.data} />
        </div>
      )}
    </>
  );
}
