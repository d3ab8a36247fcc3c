import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import { pageBrand, type PageBrand } from "@/lib/trackings/page/page-brand";
import { requestOrigin } from "@/lib/http/request-origin";
import { pageOrganizationFor, pageServedOnHost, type PageOrganization as Organization } from "@/lib/trackings/page/page-requests";
import { offeredLanguages, pageLanguage } from "@/lib/trackings/page/page-language";
import type { PageLanguage } from "@/lib/trackings/shopper-texts";

export interface PageContext {
  organization: Organization;
  brand: PageBrand;
  language: PageLanguage;
  languages: PageLanguage[];
}

/** The organisation, brand and language of a tracking page request; an old id or handle redirects to the current handle. */
export async function pageContext(organization: Organization, lang: string | undefined): Promise<PageContext> {
  const brand = pageBrand(organization);
  const languages = offeredLanguages(organization.trackingPage.languages);
  const language = pageLanguage(languages, lang, (await headers()).get("accept-language"));
  return { organization, brand, language, languages };
}

// The page and its metadata ask alike: one query per request.
const organizationOf = cache(pageOrganizationFor);

export async function pageOrganization(handle: string, rest: string): Promise<Organization> {
  const organization = await organizationOf(decodeURIComponent(handle));
  // On a merchant's own domain, another merchant's page does not exist.
  if (!organization || !(await pageServedOnHost(organization.id, new URL(requestOrigin(await headers())).host))) notFound();
  const current = organization.handle ?? organization.id;
  if (decodeURIComponent(handle) !== current) redirect(`/t/${encodeURIComponent(current)}${rest}`);
  return organization;
}
