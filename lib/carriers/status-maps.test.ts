import { describe, expect, it } from "vitest";
import { DHL_KEYWORD_RULES, DHL_STATUS_CODES } from "@/lib/carriers/dhl/status-map";
import { FEDEX_DERIVED_STATUS_CODES, FEDEX_EVENT_TYPES, FEDEX_EXCEPTION_CODES } from "@/lib/carriers/fedex/status-map";
import { isAssignableSubtag, type TagSubtag, tagOfSubtag } from "@/lib/carriers/subtags";
import { TAGS } from "@/lib/tags";
import {
  UPS_ACTIVITY_CODES,
  UPS_ACTIVITY_TYPES,
  UPS_IGNORED_STATUS_CODES,
  UPS_INFORMATIONAL_STATUS_CODES,
  UPS_STATUS_CODES,
} from "@/lib/carriers/ups/status-map";
import { USPS_EVENT_CODES, USPS_STATUS_CATEGORIES } from "@/lib/carriers/usps/status-map";
import { AUSPOST_DESCRIPTION_RULES, AUSPOST_ITEM_STATUSES } from "@/lib/carriers/auspost/status-map";
import { CANADAPOST_EVENT_CODES } from "@/lib/carriers/canadapost/status-map";
import { CORREIOS_EVENT_CODES } from "@/lib/carriers/correios/status-map";
import { DELHIVERY_FORWARD_CODES, DELHIVERY_LIFECYCLE } from "@/lib/carriers/delhivery/status-map";
import { DPD_STATUSES } from "@/lib/carriers/dpd/status-map";
import { GLS_EVENT_CODES, GLS_EVENT_TYPES, GLS_PARCEL_STATUSES } from "@/lib/carriers/gls/status-map";
import { INPOST_STATUSES } from "@/lib/carriers/inpost/status-map";
import { LAPOSTE_EVENT_CODES } from "@/lib/carriers/laposte/status-map";
import { POSTNL_EVENT_CODES, POSTNL_STATUS_CODES } from "@/lib/carriers/postnl/status-map";
import { POSTNORD_DESCRIPTION_RULES, POSTNORD_EVENT_STATUSES } from "@/lib/carriers/postnord/status-map";
import { PUROLATOR_KEYWORD_RULES, PUROLATOR_SCAN_TYPES } from "@/lib/carriers/purolator/status-map";
import { ROYALMAIL_EVENT_CODES } from "@/lib/carriers/royalmail/status-map";

/** Keyword rules as a table: the pattern's source is the key. */
const rules = (list: ReadonlyArray<{ match: RegExp; to: TagSubtag }>) => Object.fromEntries(list.map((rule) => [rule.match.source, rule.to]));

const tables: Record<string, Record<string, TagSubtag | null>> = {
  "DHL statusCode": DHL_STATUS_CODES,
  "DHL keyword rules": rules(DHL_KEYWORD_RULES),
  "UPS activity type": UPS_ACTIVITY_TYPES,
  "UPS status code": UPS_STATUS_CODES,
  "UPS activity code": UPS_ACTIVITY_CODES,
  "FedEx eventType": FEDEX_EVENT_TYPES,
  "FedEx exceptionCode": FEDEX_EXCEPTION_CODES,
  "FedEx derivedStatusCode": FEDEX_DERIVED_STATUS_CODES,
  "USPS eventCode": USPS_EVENT_CODES,
  "USPS statusCategory": USPS_STATUS_CATEGORIES,
  "La Poste event code": LAPOSTE_EVENT_CODES,
  "Royal Mail eventCode": ROYALMAIL_EVENT_CODES,
  "Canada Post event-identifier": CANADAPOST_EVENT_CODES,
  "Australia Post description rules": rules(AUSPOST_DESCRIPTION_RULES),
  "Australia Post item status": AUSPOST_ITEM_STATUSES,
  "Delhivery lifecycle": DELHIVERY_LIFECYCLE,
  "Delhivery forward StatusCode": DELHIVERY_FORWARD_CODES,
  "Correios event code": CORREIOS_EVENT_CODES,
  "PostNL status code": POSTNL_STATUS_CODES,
  "PostNL event code": POSTNL_EVENT_CODES,
  "GLS event code": GLS_EVENT_CODES,
  "GLS event type": GLS_EVENT_TYPES,
  "GLS parcel status": GLS_PARCEL_STATUSES,
  "DPD status": DPD_STATUSES,
  "Purolator scan type": PUROLATOR_SCAN_TYPES,
  "Purolator keyword rules": rules(PUROLATOR_KEYWORD_RULES),
  "PostNord event status": POSTNORD_EVENT_STATUSES,
  "PostNord description rules": rules(POSTNORD_DESCRIPTION_RULES),
  "InPost status": INPOST_STATUSES,
};

describe("carrier status maps", () => {
  for (const [name, table] of Object.entries(tables)) {
    it(`${name}: every mapped value is an assignable subtag of its tag`, () => {
      for (const [code, value] of Object.entries(table)) {
        if (value === null) continue;
        const [tag, subtag] = value;
        expect(TAGS, `${name} ${code}`).toContain(tag);
        expect(isAssignableSubtag(subtag), `${name} ${code} → ${subtag}`).toBe(true);
        expect(tagOfSubtag(subtag), `${name} ${code}`).toBe(tag);
        // Pending and Expired are Waybill's own states, never a carrier's.
        expect(["Pending", "Expired"], `${name} ${code}`).not.toContain(tag);
      }
    });
  }

  it("UPS: zero-padded 3-digit codes, none both mapped and informational or ignored", () => {
    for (const code of [...Object.keys(UPS_STATUS_CODES), ...UPS_INFORMATIONAL_STATUS_CODES, ...UPS_IGNORED_STATUS_CODES]) {
      expect(code).toMatch(/^\d{3}$/);
    }
    for (const code of UPS_INFORMATIONAL_STATUS_CODES) expect(UPS_STATUS_CODES).not.toHaveProperty(code);
    for (const code of UPS_IGNORED_STATUS_CODES) expect(UPS_STATUS_CODES).not.toHaveProperty(code);
  });

  it("DHL keyword rules refine only DHL's own status codes, in lower-case text", () => {
    for (const rule of DHL_KEYWORD_RULES) {
      for (const code of rule.when) expect(Object.keys(DHL_STATUS_CODES)).toContain(code);
      expect(rule.match.flags).not.toContain("i");
      expect(rule.match.source).toBe(rule.match.source.toLowerCase());
    }
  });

  it("FedEx event types are two characters", () => {
    for (const code of Object.keys(FEDEX_EVENT_TYPES)) expect(code).toMatch(/^[A-Za-z]{2}$/);
  });
});
