import type { Metadata } from "next";
import { LookupPage, type LookupQuery } from "./lookup-page";
import { pageOrganization } from "./page-context";

type Props = { params: Promise<{ handle: string }>; searchParams: Promise<LookupQuery> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const organization = await pageOrganization((await params).handle, "");
  return { title: { absolute: organization.trackingPage.displayName || organization.name }, robots: { index: false } };
}

/** The lookup form of the organisation's tracking page. */
export default async function TrackingLookupPage({ params, searchParams }: Props) {
  const [{ handle }, query] = await Promise.all([params, searchParams]);
  return <LookupPage organization={await pageOrganization(handle, "")} query={query} />;
}
