import { SHOPPER_TEXTS, type PageLanguage } from "@/lib/trackings/shopper-texts";

interface LookupFormProps {
  handle: string;
  language: PageLanguage;
  /** The order number a merchant's `*_tracking_order_url` fills in. */
  order?: string;
  failed: boolean;
}

const input =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus:border-[var(--accent)] focus:outline-2 focus:outline-[var(--accent)]";
const button =
  "w-full rounded-md bg-[var(--accent)] px-4 py-2 text-base font-semibold text-white hover:opacity-90 focus:outline-2 focus:outline-offset-2 focus:outline-[var(--accent)] sm:w-auto";

/** Two plain forms that work without JavaScript: a number alone, or an order number with its e-mail or postal code. */
export function LookupForm({ handle, language, order, failed }: LookupFormProps) {
  const texts = SHOPPER_TEXTS[language];
  const action = `/t/${encodeURIComponent(handle)}/lookup`;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">{texts.trackTitle}</h1>
        <p className="mt-1 text-slate-700">{texts.lookupIntro}</p>
      </div>
      {failed && (
        <p role="alert" className="rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
          {texts.notFound}
        </p>
      )}
      <form method="post" action={action} className="space-y-3 rounded-lg bg-white p-4 ring-1 ring-slate-200">
        <h2 className="text-base font-semibold text-slate-900">{texts.byOrder}</h2>
        <input type="hidden" name="lang" value={language} />
        <label className="block text-sm font-medium text-slate-800">
          {texts.orderNumber}
          <input name="order" required defaultValue={order} autoComplete="off" className={input} />
        </label>
        <label className="block text-sm font-medium text-slate-800">
          {texts.emailOrPostalCode}
          <input name="contact" required autoComplete="email" className={input} />
        </label>
        <button type="submit" className={button}>
          {texts.lookUp}
        </button>
      </form>
      <form method="post" action={action} className="space-y-3 rounded-lg bg-white p-4 ring-1 ring-slate-200">
        <h2 className="text-base font-semibold text-slate-900">{texts.byNumber}</h2>
        <input type="hidden" name="lang" value={language} />
        <label className="block text-sm font-medium text-slate-800">
          {texts.trackingNumber}
          <input name="number" required autoComplete="off" className={input} />
        </label>
        <button type="submit" className={button}>
          {texts.lookUp}
        </button>
      </form>
    </div>
  );
}
