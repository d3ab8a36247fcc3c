import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PageFrame } from "@/components/tracking-page/page-frame";
import { ShipmentView } from "@/components/tracking-page/shipment-view";
import { pageTrackingFor } from "@/lib/trackings/page/page-requests";
import { pageShipment } from "@/lib/trackings/page/page-view";
import { pageContext, pageOrganization } from "../page-context";

type Props = { params: Promise<{ handle: string; token: string }>; searchParams: Promise<{ lang?: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { handle, token } = await params;
  const organization = await pageOrganization(handle, `/${token}`);
  return { title: { absolute: organization.trackingPage.displayName || organization.name }, robots: { index: false } };
}

/** One shipment's page: the link the merchant sends, or where a lookup leads. */
export default async function TrackingShipmentPage({ params, searchParams }: Props) {
  const [{ handle, token }, query] = await Promise.all([params, searchParams]);
  const organization = await pageOrganization(handle, `/${token}`);
  const found = await pageTrackingFor(organization.id, decodeURIComponent(token));
  if (!found) notFound();
  const { brand, language, languages } = await pageContext(organization, query.lang);
  const lookupPath = `/t/${encodeURIComponent(brand.handle)}`;
  return (
    <PageFrame brand={brand} language={language} languages={languages} path={`${lookupPath}/${token}`}>
      <ShipmentView shipment={pageShipment(found.record, found.kind, language)} language={language} lookupPath={`${lookupPath}?lang=${language}`} />
    </PageFrame>
  );
}
