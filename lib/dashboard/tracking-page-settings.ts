import type { Database } from "@/db/client";
import type { Organization } from "@/db/schema";
import { findPageOrganization } from "@/lib/trackings/page/find-page-organization";
import { publicBaseUrl } from "@/lib/http/public-address";
import { domainChallenge } from "@/lib/trackings/page/domain-proof";
import { pageBrand } from "@/lib/trackings/page/page-brand";
import { PAGE_LANGUAGES } from "@/lib/trackings/shopper-texts";
import type { TrackingPageView } from "./types";

/** Settings → Tracking page: what is set, and where the page is. */
export async function trackingPageView(db: Database, organization: Organization): Promise<TrackingPageView> {
  const brand = pageBrand((await findPageOrganization(db, organization.id)) ?? { ...organization, logoUpdatedAt: null });
  const { trackingPage } = organization;
  return {
    handle: organization.handle,
    customDomain: organization.customDomain,
    customDomainProof:
      organization.customDomain && organization.customDomainToken
        ? { proven: organization.customDomainVerifiedAt !== null, ...domainChallenge(organization.customDomain, organization.customDomainToken) }
        : null,
    displayName: trackingPage.displayName ?? "",
    accentColor: trackingPage.accentColor ?? "",
    supportEmail: trackingPage.supportEmail ?? "",
    links: trackingPage.links ?? [],
    languages: trackingPage.languages?.length ? trackingPage.languages : [...PAGE_LANGUAGES],
    hideCourier: trackingPage.hideCourier === true,
    hideOrigin: trackingPage.hideOrigin === true,
    scanWording: trackingPage.scanWording ?? "both",
    pageUrl: `${publicBaseUrl()}/t/${encodeURIComponent(brand.handle)}`,
    logoUrl: brand.logoUrl,
    organizationName: organization.name,
  };
}
