import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { OrderView } from "@/components/tracking-page/order-view";
import { PageFrame } from "@/components/tracking-page/page-frame";
import { pageOrderFor } from "@/lib/trackings/page/page-requests";
import { pageShipmentOptions } from "@/lib/trackings/page/page-view";
import { pageContext, pageOrganization } from "../../page-context";

type Props = { params: Promise<{ handle: string; token: string }>; searchParams: Promise<{ lang?: string; feedback?: string; parcel?: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { handle, token } = await params;
  const organization = await pageOrganization(handle, `/order/${token}`);
  return { title: { absolute: organization.trackingPage.displayName || organization.name }, robots: { index: false } };
}

/** An order's page: where a lookup with the order's e-mail or postal code leads when it has several parcels. */
export default async function TrackingOrderPage({ params, searchParams }: Props) {
  const [{ handle, token }, query] = await Promise.all([params, searchParams]);
  const organization = await pageOrganization(handle, `/order/${token}`);
  const { brand, language, languages } = await pageContext(organization, query.lang);
  const options = pageShipmentOptions(organization.trackingPage);
  const orderToken = decodeURIComponent(token);
  const order = await pageOrderFor(organization.id, orderToken, language, options);
  if (!order) notFound();
  const handlePath = `/t/${encodeURIComponent(brand.handle)}`;
  // A feedback form sends the shopper back here, to the parcel it was about (`#feedback-<id>`).
  const outcome = query.feedback === "saved" || query.feedback === "failed" ? query.feedback : null;
  const answered = outcome ? order.parcels.find((parcel) => parcel.trackingId === query.parcel) : undefined;
  return (
    <PageFrame brand={brand} language={language} languages={languages} path={`${handlePath}/order/${token}`}>
      <OrderView
        order={order}
        language={language}
        handlePath={handlePath}
        orderToken={orderToken}
        lookupPath={`${handlePath}?lang=${language}`}
        showOriginal={options.scanWording !== "translated"}
        feedback={outcome && answered ? { trackingId: answered.trackingId, outcome } : null}
      />
    </PageFrame>
  );
}
