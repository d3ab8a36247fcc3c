"use client";

import { dashboardApi, read, send } from "@/components/data/dashboard-api";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "@/components/data/fetch-json";
import { formatDateTime } from "@/components/data/format";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CopyButton } from "@/components/ui/copy-button";
import { Field, TextInput } from "@/components/ui/form-field";
import { ErrorState, LoadingState } from "@/components/ui/states";
import type { WebhookSecretView } from "@/lib/webhooks/webhook-views";

export function WebhookSecret() {
  const client = useQueryClient();
  const [revealed, setRevealed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const secret = useQuery({
    queryKey: dashboardApi.webhookSecret.key,
    queryFn: () => read(dashboardApi.webhookSecret).then((data) => data.secret),
  });
  const rotate = useMutation({
    mutationFn: () => send<{ secret: WebhookSecretView }>(dashboardApi.webhookSecretRotation, "POST").then((data) => data.secret),
    onSuccess: (rotated) => {
      client.setQueryData(dashboardApi.webhookSecret.key, rotated);
      setConfirming(false);
      setRevealed(true);
    },
  });
  return (
    <Card>
      <CardHeader
        title="Signing secret"
        description="Each webhook carries an HMAC-SHA256 of its body made with this secret: check it before trusting the body."
      />
      {secret.isPending ? (
        <LoadingState />
      ) : secret.isError ? (
        <ErrorState error={secret.error} onRetry={() => secret.refetch()} />
      ) : (
        <CardBody className="space-y-4">
          <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <Field label="Secret" className="flex-1">
              {(control) => <TextInput {...control} readOnly className="font-mono" type={revealed ? "text" : "password"} value={secret.data.secret} />}
            </Field>
            <div className="flex gap-2">
              <Button size="sm" onClick={() => setRevealed(!revealed)} aria-pressed={revealed}>
                {revealed ? "Hide" : "Reveal"}
              </Button>
              <CopyButton value={secret.data.secret} />
              <Button size="sm" variant="ghostDanger" onClick={() => setConfirming(true)}>
                Rotate
              </Button>
            </div>
          </div>
          <p className="text-xs text-slate-500">
            {secret.data.rotatedAt ? `Rotated ${formatDateTime(secret.data.rotatedAt)}.` : "Never rotated."}
            {secret.data.previous && ` The previous secret still signs, in the “-previous” header, until ${formatDateTime(secret.data.previous.expiresAt)}.`}
          </p>
        </CardBody>
      )}
      <ConfirmDialog
        open={confirming}
        onClose={() => {
          setConfirming(false);
          rotate.reset();
        }}
        title="Rotate the signing secret?"
        description="Webhooks are signed with a new secret from now on. The current one keeps signing beside it for 24 hours, so you can update your receivers without losing any."
        confirmLabel="Rotate secret"
        pending={rotate.isPending}
        error={errorMessage(rotate.error)}
        onConfirm={() => rotate.mutate()}
      />
    </Card>
  );
}
