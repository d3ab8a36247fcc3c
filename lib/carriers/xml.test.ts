import { describe, expect, it } from "vitest";
import { buildXml, parseXml } from "./xml";

describe("XML for SOAP and XML carriers", () => {
  it("drops namespace prefixes, keeps texts as strings and makes listed elements arrays", () => {
    const parsed = parseXml(
      `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><ns2:r xmlns:ns2="urn:x"><pin>0012345678</pin><event code="20">one</event></ns2:r></soap:Body></soap:Envelope>`,
      { arrays: ["event"] },
    );
    expect(parsed).toEqual({ Envelope: { Body: { r: { pin: "0012345678", event: [{ "#text": "one", "@_code": "20" }] } } } });
  });

  it("refuses XML that is not well formed", () => {
    expect(() => parseXml("<a><b></a>")).toThrow();
  });

  it("builds a request body with attributes and escapes text", () => {
    expect(buildXml({ req: { "@_xmlns": "urn:x", pin: "A&B", token: { "@_nil": "true" } } })).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><req xmlns="urn:x"><pin>A&amp;B</pin><token nil="true"/></req>',
    );
  });
});
