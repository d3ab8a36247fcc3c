import { LookupForm } from "@/components/tracking-page/lookup-form";
import { PageFrame } from "@/components/tracking-page/page-frame";
import type { PageOrganization } from "@/lib/trackings/page/page-requests";
import { pageContext } from "./page-context";

export type LookupQuery = { lang?: string; order?: string; failed?: string };

/** The lookup form in the organisation's frame: at `/t/<handle>`, or at `/` on its own domain. */
export async function LookupPage({ organization, query, atRoot = false }: { organization: PageOrganization; query: LookupQuery; atRoot?: boolean }) {
  const { brand, language, languages } = await pageContext(organization, query.lang);
  return (
    <PageFrame brand={brand} language={language} languages={languages} path={atRoot ? "/" : `/t/${encodeURIComponent(brand.handle)}`}>
      <LookupForm handle={brand.handle} language={language} order={query.order?.slice(0, 100)} failed={query.failed === "1"} />
    </PageFrame>
  );
}
