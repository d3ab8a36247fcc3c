"use client";

import type { ReactNode } from "react";
import { Alert } from "./alert";
import { Button } from "./button";
import { Modal } from "./modal";

interface ConfirmDialogProps {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: string;
  destructive?: boolean;
  pending?: boolean;
  error?: string | null;
  children?: ReactNode;
}

/** Asks before something that cannot be undone; the safe choice is focused first. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, onClose, onConfirm, title, description, confirmLabel, destructive, pending, error, children } = props;
  return (
    <Modal open={open} onClose={onClose} title={title} description={description}>
      {children}
      {error && (
        <Alert tone="error" className="mt-4">
          {error}
        </Alert>
      )}
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button autoFocus onClick={onClose}>
          Cancel
        </Button>
        <Button variant={destructive ? "danger" : "primary"} onClick={onConfirm} disabled={pending}>
          {pending ? "Working…" : confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
