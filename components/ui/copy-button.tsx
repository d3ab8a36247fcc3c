"use client";

import { useState } from "react";
import { Button } from "./button";

/** Copies text to the clipboard and says so, for screen readers too; `what` names the value when a panel has several. */
export function CopyButton({ value, label = "Copy", what }: { value: string; label?: string; what?: string }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    await navigator.clipboard.writeText(value);
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  }
  return (
    <Button size="sm" variant="secondary" onClick={copy} aria-live="polite" aria-label={what ? `${copied ? "Copied" : label} ${what}` : undefined}>
      {copied ? "Copied" : label}
    </Button>
  );
}
