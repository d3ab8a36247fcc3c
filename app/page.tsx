import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { requestOrigin } from "@/lib/http/request-origin";
import { getDashboardUser } from "@/lib/dashboard/session";
import { domainOrganizationFor } from "@/lib/trackings/page/page-requests";
import { LookupPage, type LookupQuery } from "./t/[handle]/lookup-page";

type Props = { searchParams: Promise<LookupQuery> };

/** On a merchant's own domain, its tracking page; on Waybill's, the dashboard. */
export default async function Home({ searchParams }: Props) {
  const organization = await domainOrganizationFor(new URL(requestOrigin(await headers())).host);
  if (!organization) redirect((await getDashboardUser()) ? "/trackings" : "/sign-in");
  return <LookupPage organization={organization} query={await searchParams} atRoot />;
}
