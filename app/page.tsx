import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { LookupForm } from "@/components/tracking-page/lookup-form";
import { PageFrame } from "@/components/tracking-page/page-frame";
import { getDashboardUser } from "@/lib/dashboard/session";
import { domainOrganizationFor } from "@/lib/trackings/page/page-requests";
import { pageContext } from "./t/[handle]/page-context";

type Props = { searchParams: Promise<{ lang?: string; order?: string; failed?: string }> };

/** On a merchant's own domain, its tracking page; on Waybill's, the dashboard. */
export default async function Home({ searchParams }: Props) {
  const organization = await domainOrganizationFor((await headers()).get("host"));
  if (!organization) redirect((await getDashboardUser()) ? "/trackings" : "/sign-in");
  const query = await searchParams;
  const { brand, language, languages } = await pageContext(organization, query.lang);
  return (
    <PageFrame brand={brand} language={language} languages={languages} path="/">
      <LookupForm handle={brand.handle} language={language} order={query.order?.slice(0, 100)} failed={query.failed === "1"} />
    </PageFrame>
  );
}
