import type { Metadata } from "next";
import { AcceptInvitationForm } from "@/components/auth/accept-invitation-form";
import { Card } from "@/components/ui/card";
import { openInvitationView } from "@/lib/dashboard/open-invitation";

export const metadata: Metadata = { title: "Join an organisation" };

export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const invitation = await openInvitationView(token);
  if (!invitation) {
    return (
      <Card className="px-6 py-7">
        <h1 className="text-xl font-semibold text-slate-900">This invitation cannot be used</h1>
        <p className="mt-2 text-sm text-slate-600">It has expired or was used already. Ask the admin who invited you for a new one.</p>
      </Card>
    );
  }
  return <AcceptInvitationForm token={token} {...invitation} />;
}
