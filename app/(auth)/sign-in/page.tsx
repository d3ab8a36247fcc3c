import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { FirstAdminForm } from "@/components/auth/first-admin-form";
import { SignInForm } from "@/components/auth/sign-in-form";
import { localPath } from "@/lib/dashboard/local-path";
import { needsFirstAdmin } from "@/lib/dashboard/needs-first-admin";
import { getDashboardUser } from "@/lib/dashboard/session";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string }> }) {
  const next = localPath((await searchParams).callbackUrl);
  if (await getDashboardUser()) redirect(next);
  if (await needsFirstAdmin()) return <FirstAdminForm />;
  return <SignInForm next={next} />;
}
