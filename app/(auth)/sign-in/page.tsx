import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { FirstAdminForm } from "@/components/auth/first-admin-form";
import { SignInForm } from "@/components/auth/sign-in-form";
import { localPath } from "@/lib/dashboard/local-path";
import { needsFirstAdmin } from "@/lib/dashboard/needs-first-admin";
import { getDashboardUser } from "@/lib/dashboard/session";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string; setup?: string }> }) {
  const { callbackUrl, setup } = await searchParams;
  const next = localPath(callbackUrl);
  if (await getDashboardUser()) redirect(next);
  if (await needsFirstAdmin()) return <FirstAdminForm setupToken={typeof setup === "string" ? setup : ""} />;
  return <SignInForm next={next} />;
}
