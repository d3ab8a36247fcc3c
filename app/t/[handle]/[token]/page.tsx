import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PageFrame } from "@/components/tracking-page/page-frame";
import { ShipmentView } from "@/components/tracking-page/shipment-view";
import { pageTrackingFor, parcelExtras } from "@/lib/trackings/page/page-requests";
import { pageShipment, pageShipmentOptions } from "@/lib/trackings/page/page-view";
import { pageContext, pageOrganization } from "../page-context";

type Props = { params: Promise<{ handle: string; token: string }>; searchParams: Promise<{ lang?: string; feedback?: string }> };

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
  const options = pageShipmentOptions(organization.trackingPage);
  const full = found.kind === "full";
  // The public view (a number typed in) names no order and asks nothing.
  const extras = full ? await parcelExtras(found.record.tracking) : { orderToken: null, feedback: null };
  const delivered = found.record.tracking.tag === "Delivered";
  return (
    <PageFrame brand={brand} language={language} languages={languages} path={`${lookupPath}/${token}`}>
      <ShipmentView
        shipment={pageShipment(found.record, found.kind, language, options)}
        language={language}
        lookupPath={`${lookupPath}?lang=${language}`}
        showOriginal={options.scanWording !== "translated"}
        extras={{
          orderPath: extras.orderToken ? `${lookupPath}/order/${extras.orderToken}?lang=${language}` : null,
          feedbackAction: full && delivered ? `${lookupPath}/${token}/feedback` : null,
          feedback: extras.feedback,
          feedbackOutcome: query.feedback === "saved" || query.feedback === "failed" ? query.feedback : undefined,
          trackingId: found.record.tracking.id,
        }}
      />
    </PageFrame>
  );
}
