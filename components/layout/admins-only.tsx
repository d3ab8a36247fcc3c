import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";

/** What a member sees on a page only admins may use. */
export function AdminsOnly({ what }: { what: string }) {
  return (
    <Card className="mx-auto mt-8 max-w-lg">
      <div className="px-6 py-10 text-center">
        <h1 className="text-xl font-semibold text-slate-900">Admins only</h1>
        <p className="mt-2 text-sm text-slate-600">Only admins of your organisation can manage {what}. Ask an admin if you need a change here.</p>
        <ButtonLink href="/trackings" variant="secondary" className="mt-6">
          Back to trackings
        </ButtonLink>
      </div>
    </Card>
  );
}
