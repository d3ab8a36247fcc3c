import type { Metadata } from "next";
import { LookupForm } from "@/components/tracking-page/lookup-form";
import { PageFrame } from "@/components/tracking-page/page-frame";
import { pageContext, pageOrganization } from "./page-context";

type Props = { params: Promise<{ handle: string }>; searchParams: Promise<{ lang?: string; order?: string; failed?: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const organization = await pageOrganization((await params).handle, "");
  return { title: { absolute: organization.trackingPage.displayName || organization.name }, robots: { index: false } };
}

/** The lookup form of the organisation's tracking page. */
export default async function TrackingLookupPage({ params, searchParams }: Props) {
  const [{ handle }, query] = await Promise.all([params, searchParams]);
  const organization = await pageOrganization(handle, "");
  const { brand, language, languages } = await pageContext(organization, query.lang);
  const path = `/t/${encodeURIComponent(brand.handle)}`;
  return (
    <PageFrame brand={brand} language={language} languages={languages} path={path}>
      <LookupForm handle={brand.handle} language={language} order={query.order?.slice(0, 100)} failed={query.failed === "1"} />
    </PageFrame>
  );
}
