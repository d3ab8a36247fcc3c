"use client";

import { signOut } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";

export function SignOutButton({ className }: { className?: string }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  async function leave() {
    setPending(true);
    // No server-side redirect: next-auth would build it from NEXTAUTH_URL, which may be unset.
    await signOut({ redirect: false });
    router.replace("/sign-in");
    router.refresh();
  }
  return (
    <Button variant="secondary" size="sm" onClick={leave} disabled={pending} className={className}>
      {pending ? "Signing out…" : "Sign out"}
    </Button>
  );
}
