"use client";

import { dashboardApi, send } from "@/components/data/dashboard-api";
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { errorMessage } from "@/components/data/fetch-json";
import { SelectInput } from "@/components/ui/form-field";

export interface ShellOrganization {
  id: string;
  name: string;
}

/** For people in several organisations: which one the dashboard works in. */
export function OrganizationSwitcher({ organizations, currentId }: { organizations: ShellOrganization[]; currentId: string }) {
  const router = useRouter();
  const queries = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  if (organizations.length < 2) return null;
  async function choose(organizationId: string) {
    setPending(true);
    setError(null);
    try {
      await send(dashboardApi.organization, "POST", { organizationId });
      // Every page's data belongs to the organisation: nothing cached of the other one, start again from the list.
      queries.clear();
      router.push("/trackings");
      router.refresh();
      setPending(false);
    } catch (failure) {
      setError(errorMessage(failure));
      setPending(false);
    }
  }
  return (
    <div>
      <label htmlFor="organization-switcher" className="block text-xs font-medium text-slate-500">
        Organisation
      </label>
      <SelectInput id="organization-switcher" className="mt-1 w-full" value={currentId} disabled={pending} onChange={(event) => choose(event.target.value)}>
        {organizations.map((organization) => (
          <option key={organization.id} value={organization.id}>
            {organization.name}
          </option>
        ))}
      </SelectInput>
      {error && <p className="mt-1 text-xs text-red-700">{error}</p>}
    </div>
  );
}
