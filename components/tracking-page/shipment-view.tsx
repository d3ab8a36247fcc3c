import { SHOPPER_TEXTS, type PageLanguage } from "@/lib/trackings/shopper-texts";
import { ORDER_TEXTS } from "@/lib/trackings/order-texts";
import type { GivenFeedback } from "@/lib/trackings/feedback/feedback-of";
import type { PageShipment } from "@/lib/trackings/page/page-view";
import { CourierLine, FeedbackForm, pageCard, pageLink, StatusSummary, Timeline } from "./shipment-parts";

export interface ShipmentExtras {
  /** The order's page, when the order has other parcels. */
  orderPath: string | null;
  /** Where the delivery question posts; null when it is not asked (not delivered, or the public view). */
  feedbackAction: string | null;
  feedback: GivenFeedback | null;
  feedbackOutcome?: "saved" | "failed";
  trackingId: string;
}

/** One shipment: status in words, progress over the milestones, estimate, timeline and courier. */
export function ShipmentView({
  shipment,
  language,
  lookupPath,
  showOriginal,
  extras,
}: {
  shipment: PageShipment;
  language: PageLanguage;
  lookupPath: string;
  showOriginal: boolean;
  extras: ShipmentExtras;
}) {
  const texts = SHOPPER_TEXTS[language];
  return (
    <div className="space-y-6">
      <section aria-labelledby="status" className={pageCard}>
        {shipment.order && (
          <p className="text-sm text-slate-700">
            {texts.order} {shipment.order.number}
            {shipment.order.customerName && ` · ${shipment.order.customerName}`}
          </p>
        )}
        <StatusSummary shipment={shipment} language={language} id="status" />
        {extras.orderPath && (
          <p className="mt-3 text-sm">
            <a href={extras.orderPath} className={pageLink}>
              {ORDER_TEXTS[language].wholeOrder}
            </a>
          </p>
        )}
      </section>

      {shipment.courier && (
        <section aria-label={texts.courier} className={pageCard}>
          <CourierLine shipment={shipment} language={language} />
        </section>
      )}

      <section aria-labelledby="timeline" className={pageCard}>
        <h2 id="timeline" className="text-sm font-semibold text-slate-900">
          {texts.timeline}
        </h2>
        <Timeline shipment={shipment} language={language} showOriginal={showOriginal} />
      </section>
      {extras.feedbackAction && (
        <FeedbackForm
          action={extras.feedbackAction}
          trackingId={extras.trackingId}
          language={language}
          given={extras.feedback}
          outcome={extras.feedbackOutcome}
        />
      )}
      <p>
        <a href={lookupPath} className={`text-sm ${pageLink}`}>
          {texts.anotherShipment}
        </a>
      </p>
    </div>
  );
}
