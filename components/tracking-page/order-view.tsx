import { SHOPPER_TEXTS, type PageLanguage } from "@/lib/trackings/shopper-texts";
import { fill, ORDER_TEXTS } from "@/lib/trackings/order-texts";
import type { PageOrder } from "@/lib/trackings/page/order-page";
import { CourierLine, FeedbackForm, pageCard, pageLink, StatusSummary, Timeline } from "./shipment-parts";

/**
 * The shopper's whole order: every parcel with its own status, progress, estimate and latest scan,
 * newest activity first, each opening to its journey; then what is still being prepared.
 */
export function OrderView({
  order,
  language,
  handlePath,
  orderToken,
  lookupPath,
  showOriginal,
  feedback,
}: {
  order: PageOrder;
  language: PageLanguage;
  handlePath: string;
  orderToken: string;
  lookupPath: string;
  showOriginal: boolean;
  feedback: { trackingId: string; outcome: "saved" | "failed" } | null;
}) {
  const texts = ORDER_TEXTS[language];
  const shopper = SHOPPER_TEXTS[language];
  return (
    <div className="space-y-6">
      <section aria-labelledby="order" className={pageCard}>
        <h1 id="order" className="text-2xl font-semibold break-words text-slate-900">
          {fill(texts.orderTitle, { number: order.number })}
        </h1>
        <p className="mt-1 text-sm text-slate-700">
          {order.customerName && `${order.customerName} · `}
          {fill(texts.parcelCount, { count: order.parcels.length })}
        </p>
      </section>
      {order.parcels.map((parcel, index) => {
        const latest = parcel.shipment.events[0];
        const delivered = parcel.shipment.tag === "Delivered";
        return (
          <section key={parcel.trackingId} aria-labelledby={`parcel-${parcel.trackingId}`} className={`${pageCard} space-y-3`}>
            <h2 id={`parcel-${parcel.trackingId}`} className="text-sm font-semibold text-slate-700">
              {fill(texts.parcel, { index: index + 1 })}
            </h2>
            <StatusSummary shipment={parcel.shipment} language={language} id={`status-${parcel.trackingId}`} heading="h3" />
            {latest && (
              <p className="text-sm text-slate-800">
                <span className="font-semibold">{texts.latestUpdate}:</span> {latest.message} · {latest.time}
                {latest.place && ` · ${latest.place}`}
              </p>
            )}
            <details className="group">
              <summary className={`cursor-pointer text-sm ${pageLink}`}>{texts.journey}</summary>
              <div className="mt-2 space-y-2">
                <CourierLine shipment={parcel.shipment} language={language} />
                <Timeline shipment={parcel.shipment} language={language} showOriginal={showOriginal} />
              </div>
            </details>
            {delivered && (
              <FeedbackForm
                action={`${handlePath}/${parcel.token}/feedback`}
                back={`order/${orderToken}`}
                trackingId={parcel.trackingId}
                language={language}
                given={parcel.feedback}
                outcome={feedback?.trackingId === parcel.trackingId ? feedback.outcome : undefined}
              />
            )}
          </section>
        );
      })}
      {order.preparing.length > 0 && (
        <section aria-labelledby="preparing" className={pageCard}>
          <h2 id="preparing" className="text-lg font-semibold text-slate-900">
            {texts.preparing}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{texts.preparingNote}</p>
          <ul className="mt-2 list-disc pl-5 text-sm text-slate-800">
            {order.preparing.map((item, index) => (
              <li key={`${item}-${index}`}>{item}</li>
            ))}
          </ul>
        </section>
      )}
      <p>
        <a href={lookupPath} className={`text-sm ${pageLink}`}>
          {shopper.anotherShipment}
        </a>
      </p>
    </div>
  );
}
