"use client";

import { dashboardApi, everyPageOf, read, send } from "@/components/data/dashboard-api";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { errorMessage } from "@/components/data/fetch-json";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Checkbox, Field, SelectInput, TextArea, TextInput } from "@/components/ui/form-field";
import { ErrorState, LoadingState } from "@/components/ui/states";
import type { MessagePreview, MessageTemplateView } from "@/lib/dashboard/types";
import { LANGUAGE_NAMES, type PageLanguage } from "@/lib/trackings/shopper-texts";
import { STATUSES } from "@/components/trackings/status-badge";

/** A trigger as merchants name it: the status's label, or the estimate's move. */
const triggerName = (trigger: string) => (trigger === "estimate_revised" ? "Estimate revised" : (STATUSES[trigger]?.label ?? trigger));
const VARIABLES =
  "tracking_number, courier, status, estimate, tracking_page_url, order_id, customer_name, latest_checkpoint.message / .location / .time, shipment";

type Template = MessageTemplateView["template"];

/** The template as typed, filled in with a sample shipment a moment after the last keystroke. */
function usePreview(language: string, template: Template) {
  const [debounced, setDebounced] = useState(template);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(template), 300);
    return () => clearTimeout(timer);
  }, [template]);
  return useQuery({
    queryKey: [...dashboardApi.messagePreview.key, language, debounced],
    queryFn: () => send<{ preview: MessagePreview }>(dashboardApi.messagePreview, "POST", { language, ...debounced }).then((data) => data.preview),
    retry: false,
  });
}

function Editor({ view }: { view: MessageTemplateView }) {
  const client = useQueryClient();
  const [draft, setDraft] = useState<Template>(view.template);
  const preview = usePreview(view.language, draft);
  const template = dashboardApi.messageTemplate(view.trigger, view.language);
  const key = template.key;
  const save = useMutation({
    mutationFn: () => send<MessageTemplateView>(dashboardApi.messageTemplates, "PUT", { trigger: view.trigger, language: view.language, ...draft }),
    onSuccess: (data) => client.setQueryData(key, data),
  });
  const reset = useMutation({
    mutationFn: () => send<MessageTemplateView>(template, "DELETE"),
    onSuccess: (data) => {
      client.setQueryData(key, data);
      setDraft(data.template);
    },
  });
  const set = (patch: Partial<Template>) => {
    setDraft({ ...draft, ...patch });
    save.reset();
  };
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div className="space-y-4">
        <Field label="Subject">
          {(control) => <TextInput {...control} value={draft.subject} onChange={(event) => set({ subject: event.target.value })} />}
        </Field>
        <Field label="E-mail HTML">
          {(control) => (
            <TextArea {...control} rows={10} className="font-mono text-xs" value={draft.html} onChange={(event) => set({ html: event.target.value })} />
          )}
        </Field>
        <Field label="E-mail text">
          {(control) => (
            <TextArea {...control} rows={8} className="font-mono text-xs" value={draft.text} onChange={(event) => set({ text: event.target.value })} />
          )}
        </Field>
        <Field label="SMS">
          {(control) => (
            <TextArea {...control} rows={3} className="font-mono text-xs" value={draft.sms} onChange={(event) => set({ sms: event.target.value })} />
          )}
        </Field>
        <p className="text-xs text-slate-600">Liquid, as in Shopify themes. Variables: {VARIABLES}.</p>
        {save.isError && <Alert tone="error">{errorMessage(save.error)}</Alert>}
        {save.isSuccess && <Alert tone="success">Saved. The next {triggerName(view.trigger)} message uses it.</Alert>}
        <div className="flex justify-end gap-2">
          {view.customized && (
            <Button onClick={() => reset.mutate()} disabled={reset.isPending}>
              Back to Waybill&apos;s message
            </Button>
          )}
          <Button variant="primary" onClick={() => save.mutate()} disabled={save.isPending}>
            {save.isPending ? "Saving…" : "Save message"}
          </Button>
        </div>
      </div>
      <section aria-label="Preview" className="space-y-3">
        <h3 className="text-sm font-semibold text-slate-900">Preview with a sample shipment</h3>
        {preview.isError ? (
          <Alert tone="error">{errorMessage(preview.error)}</Alert>
        ) : preview.data ? (
          <>
            <p className="text-sm">
              <span className="text-slate-500">Subject:</span> <span className="font-medium text-slate-900">{preview.data.subject}</span>
            </p>
            {/* No scripts, no forms, no same origin: the merchant's HTML can only be looked at. */}
            <iframe title="E-mail preview" sandbox="" srcDoc={preview.data.html} className="h-96 w-full rounded-md bg-white ring-1 ring-slate-200" />
            <pre className="rounded-md bg-slate-100 p-3 text-xs whitespace-pre-wrap text-slate-800">{preview.data.text}</pre>
            <p className="rounded-md bg-slate-100 p-3 text-xs text-slate-800">
              <span className="font-semibold">SMS:</span> {preview.data.sms}
            </p>
          </>
        ) : (
          <LoadingState />
        )}
      </section>
    </div>
  );
}

function Triggers({ view }: { view: MessageTemplateView }) {
  const client = useQueryClient();
  const [chosen, setChosen] = useState(view.enabledTriggers);
  const save = useMutation({
    mutationFn: (triggers: string[]) => send(dashboardApi.messageTriggers, "PUT", { triggers }),
    onSuccess: () => client.invalidateQueries({ queryKey: everyPageOf.messageTemplates }),
  });
  const toggle = (trigger: string, on: boolean) => {
    const next = on ? [...chosen, trigger] : chosen.filter((entry) => entry !== trigger);
    setChosen(next);
    save.mutate(next);
  };
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">Send a message when a shipment…</legend>
      <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
        {view.triggers.map((trigger) => (
          <label key={trigger} className="flex items-center gap-2 text-sm text-slate-800">
            <Checkbox checked={chosen.includes(trigger)} onChange={(event) => toggle(trigger, event.target.checked)} />
            {triggerName(trigger)}
          </label>
        ))}
      </div>
      {save.isError && <Alert tone="error">{errorMessage(save.error)}</Alert>}
    </fieldset>
  );
}

/** Settings → Notifications → Messages: which triggers send, and each trigger's message per language, with a live preview. */
export function MessageTemplates() {
  const [trigger, setTrigger] = useState("Delivered");
  const [language, setLanguage] = useState("en");
  const view = useQuery({
    queryKey: dashboardApi.messageTemplate(trigger, language).key,
    queryFn: () => read(dashboardApi.messageTemplate(trigger, language)),
  });
  return (
    <Card>
      <CardHeader
        title="Messages"
        description="What customers receive, in your words. Each trigger has a message per language; untouched ones use Waybill's."
      />
      <CardBody className="space-y-6">
        {view.isPending ? (
          <LoadingState />
        ) : view.isError ? (
          <ErrorState error={view.error} onRetry={() => view.refetch()} />
        ) : (
          <>
            <Triggers view={view.data} />
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Trigger">
                {(control) => (
                  <SelectInput {...control} value={trigger} onChange={(event) => setTrigger(event.target.value)}>
                    {view.data.triggers.map((entry) => (
                      <option key={entry} value={entry}>
                        {triggerName(entry)}
                        {view.data.customizedKeys.includes(`${entry}/${language}`) ? " (yours)" : ""}
                      </option>
                    ))}
                  </SelectInput>
                )}
              </Field>
              <Field label="Language">
                {(control) => (
                  <SelectInput {...control} value={language} onChange={(event) => setLanguage(event.target.value)}>
                    {view.data.languages.map((entry) => (
                      <option key={entry} value={entry}>
                        {LANGUAGE_NAMES[entry as PageLanguage] ?? entry}
                      </option>
                    ))}
                  </SelectInput>
                )}
              </Field>
            </div>
            <p className="text-sm">
              {view.data.customized ? <Badge tone="indigo">Your message</Badge> : <Badge tone="slate">Waybill&apos;s message</Badge>}
              {!view.data.enabledTriggers.includes(trigger) && <span className="ml-2 text-slate-600">Not sent: tick the trigger above to send it.</span>}
            </p>
            <Editor key={`${trigger}/${language}`} view={view.data} />
          </>
        )}
      </CardBody>
    </Card>
  );
}
