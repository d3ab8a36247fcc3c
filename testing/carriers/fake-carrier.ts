/** The carriers the shared fake answers for: DHL, UPS, FedEx and USPS (fake-carrier-server.ts). */
export type FakeCarrier = "dhl" | "ups" | "fedex" | "usps";
