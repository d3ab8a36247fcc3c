import { SHOPPER_TEXTS, type PageLanguage } from "@/lib/trackings/shopper-texts";
import type { PageShipment } from "@/lib/trackings/page/page-view";

/** One shipment: status in words, progress over the milestones, estimate, timeline and courier. */
export function ShipmentView({ shipment, language, lookupPath }: { shipment: PageShipment; language: PageLanguage; lookupPath: string }) {
  const texts = SHOPPER_TEXTS[language];
  const percent = Math.round(((shipment.milestone - 1) / 3) * 100);
  return (
    <div className="space-y-6">
      <section aria-labelledby="status" className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
        {shipment.order && (
          <p className="text-sm text-slate-700">
            {texts.order} {shipment.order.number}
            {shipment.order.customerName && ` · ${shipment.order.customerName}`}
          </p>
        )}
        <h1 id="status" className={`mt-1 text-2xl font-semibold ${shipment.problem ? "text-red-800" : "text-slate-900"}`}>
          {shipment.status}
        </h1>
        <p className="mt-1 font-mono text-sm break-all text-slate-700">{shipment.trackingNumber}</p>
        {shipment.deliveredOn ? (
          <p className="mt-3 text-slate-800">
            {texts.deliveredOn} <strong>{shipment.deliveredOn}</strong>
          </p>
        ) : (
          shipment.estimate && (
            <p className="mt-3 text-slate-800">
              {texts.estimatedDelivery}: <strong>{shipment.estimate}</strong>
            </p>
          )
        )}
        <div
          role="progressbar"
          aria-label={shipment.status}
          aria-valuemin={1}
          aria-valuemax={4}
          aria-valuenow={shipment.milestone}
          aria-valuetext={texts.milestones[shipment.milestone - 1]}
          className="mt-4 h-2 overflow-hidden rounded-full bg-slate-200"
        >
          <div className={`h-full ${shipment.problem ? "bg-red-700" : "bg-[var(--accent)]"}`} style={{ width: `${Math.max(percent, 4)}%` }} />
        </div>
        <ol className="mt-2 grid grid-cols-4 gap-1 text-xs text-slate-700">
          {texts.milestones.map((name, index) => (
            <li key={name} className={index < shipment.milestone ? "font-semibold text-slate-900" : undefined}>
              {name}
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="courier" className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
        <h2 id="courier" className="text-sm font-semibold text-slate-900">
          {texts.courier}
        </h2>
        <p className="mt-1 text-slate-800">
          {shipment.courier.name}
          {shipment.courier.link && (
            <>
              {" · "}
              <a href={shipment.courier.link} rel="noopener noreferrer nofollow" className="text-[var(--accent)] underline underline-offset-2">
                {texts.courierLink}
              </a>
            </>
          )}
        </p>
      </section>

      <section aria-labelledby="timeline" className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
        <h2 id="timeline" className="text-sm font-semibold text-slate-900">
          {texts.timeline}
        </h2>
        {shipment.events.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">{texts.noEvents}</p>
        ) : (
          <ol className="mt-3 space-y-4 border-l-2 border-slate-200 pl-4">
            {shipment.events.map((event, index) => (
              <li key={`${event.time}-${index}`}>
                <p className="text-sm font-medium break-words text-slate-900">{event.message}</p>
                <p className="text-xs text-slate-700">
                  {event.time}
                  {event.place && ` · ${event.place}`}
                </p>
              </li>
            ))}
          </ol>
        )}
      </section>
      <p>
        <a href={lookupPath} className="text-sm text-[var(--accent)] underline underline-offset-2">
          {texts.anotherShipment}
        </a>
      </p>
    </div>
  );
}
