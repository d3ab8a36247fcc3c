import { SHOPPER_TEXTS, type PageLanguage } from "@/lib/trackings/shopper-texts";
import { fill, ORDER_TEXTS } from "@/lib/trackings/order-texts";
import type { PageShipment } from "@/lib/trackings/page/page-view";
import type { GivenFeedback } from "@/lib/trackings/feedback/feedback-of";

const card = "rounded-lg bg-white p-4 ring-1 ring-slate-200";
const link = "text-[var(--accent)] underline underline-offset-2";

/** Status in words, the number, the estimate (or the delivery day) and progress over the milestones. */
export function StatusSummary({
  shipment,
  language,
  id,
  heading: Heading = "h1",
}: {
  shipment: PageShipment;
  language: PageLanguage;
  id: string;
  heading?: "h1" | "h3";
}) {
  const texts = SHOPPER_TEXTS[language];
  const percent = Math.round(((shipment.milestone - 1) / 3) * 100);
  return (
    <>
      <Heading id={id} className={`mt-1 font-semibold ${Heading === "h1" ? "text-2xl" : "text-lg"} ${shipment.problem ? "text-red-800" : "text-slate-900"}`}>
        {shipment.status}
      </Heading>
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
        aria-label={`${shipment.status} ${shipment.trackingNumber}`}
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
    </>
  );
}

/** The courier and its own tracking link; nothing when the merchant hides the courier. */
export function CourierLine({ shipment, language }: { shipment: PageShipment; language: PageLanguage }) {
  if (!shipment.courier) return null;
  const texts = SHOPPER_TEXTS[language];
  return (
    <p className="text-slate-800">
      <span className="font-semibold text-slate-900">{texts.courier}:</span> {shipment.courier.name}
      {shipment.courier.link && (
        <>
          {" · "}
          <a href={shipment.courier.link} rel="noopener noreferrer nofollow" className={link}>
            {texts.courierLink}
          </a>
        </>
      )}
    </p>
  );
}

/** The scans, newest first; a translated known phrase keeps the carrier's words beside it (or in its title). */
export function Timeline({ shipment, language, showOriginal }: { shipment: PageShipment; language: PageLanguage; showOriginal: boolean }) {
  const texts = SHOPPER_TEXTS[language];
  if (shipment.events.length === 0) return <p className="mt-2 text-sm text-slate-700">{texts.noEvents}</p>;
  return (
    <ol className="mt-3 space-y-4 border-l-2 border-slate-200 pl-4">
      {shipment.events.map((event, index) => (
        <li key={`${event.time}-${index}`}>
          <p className="text-sm font-medium break-words text-slate-900" title={event.original && !showOriginal ? event.original : undefined}>
            {event.message}
          </p>
          {event.original && showOriginal && (
            <p className="text-xs break-words text-slate-600">
              {ORDER_TEXTS[language].carrierWords}: {event.original}
            </p>
          )}
          <p className="text-xs text-slate-700">
            {event.time}
            {event.place && ` · ${event.place}`}
          </p>
        </li>
      ))}
    </ol>
  );
}

/** "How was your delivery?": 1–5 and a comment, sent as a plain form (no script, no cookie). */
export function FeedbackForm({
  action,
  back,
  trackingId,
  language,
  given,
  outcome,
}: {
  action: string;
  back?: string;
  trackingId: string;
  language: PageLanguage;
  given: GivenFeedback | null;
  outcome?: "saved" | "failed";
}) {
  const texts = ORDER_TEXTS[language];
  const locale = SHOPPER_TEXTS[language].locale;
  const closed = given !== null && !given.changeable;
  const until = given ? new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(given.changeableUntil) : null;
  const headingId = `feedback-title-${trackingId}`;
  return (
    <section id={`feedback-${trackingId}`} aria-labelledby={headingId} className={card}>
      <h2 id={headingId} className="text-sm font-semibold text-slate-900">
        {texts.feedbackTitle}
      </h2>
      {outcome === "saved" && (
        <p role="status" className="mt-2 text-sm text-emerald-800">
          {texts.thanks} {until && !closed && fill(texts.changeUntil, { date: until })}
        </p>
      )}
      {outcome === "failed" && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {texts.feedbackFailed}
        </p>
      )}
      {closed ? (
        <p className="mt-2 text-sm text-slate-800">
          {given.rating} / 5 · {texts.ratings[given.rating - 1]}
          {given.comment && <span className="block break-words whitespace-pre-line text-slate-700">{given.comment}</span>}
        </p>
      ) : (
        <form method="post" action={action} className="mt-3 space-y-3">
          <input type="hidden" name="lang" value={language} />
          {back && <input type="hidden" name="back" value={back} />}
          <fieldset>
            <legend className="sr-only">{texts.feedbackTitle}</legend>
            <div className="flex flex-wrap gap-2">
              {texts.ratings.map((label, index) => (
                <label key={label} className="flex items-center gap-1 rounded-md px-2 py-1 text-sm text-slate-800 ring-1 ring-slate-300">
                  <input type="radio" name="rating" value={index + 1} required defaultChecked={given?.rating === index + 1} />
                  {index + 1} · {label}
                </label>
              ))}
            </div>
          </fieldset>
          <label className="block text-sm text-slate-800">
            {texts.comment}
            <textarea
              name="comment"
              maxLength={1000}
              rows={3}
              defaultValue={given?.comment ?? ""}
              className="mt-1 block w-full rounded-md px-2 py-1 text-sm ring-1 ring-slate-300"
            />
          </label>
          <button type="submit" className="rounded-md bg-[var(--accent)] px-3 py-1.5 text-sm font-medium text-white">
            {texts.send}
          </button>
        </form>
      )}
    </section>
  );
}

export const pageCard = card;
export const pageLink = link;
