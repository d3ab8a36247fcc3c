import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local Ship24 public API (v1) for tests, answering in Ship24's documented format:
 *
 *   const fake = await startFakeShip24({ apiKey: "k", webhookSecret: "s" });
 *   fake.script("00340434161094042557", "dhl", [{ at: "2026-03-02T10:00:00+01:00", statusCode: "transit_handover", status: "Picked up" }]);
 *   // SHIP24_API_BASE_URL = fake.baseUrl; POST /trackers/track creates the tracker and answers its events.
 *   fake.pushRequest(url, number) → a Request with Ship24's bearer secret; fake.failNext("quota" | "auth" | "rate").
 */
export interface FakeShip24Event {
  at: string;
  statusCode?: string;
  milestone?: string;
  status: string;
  location?: string;
  /** A leg of another courier (a hand-over), with its own number. */
  courierCode?: string;
  trackingNumber?: string;
}

export interface FakeShip24 {
  baseUrl: string;
  script(number: string, courierCode: string | null, events: FakeShip24Event[], extra?: { destinationCountryCode?: string }): void;
  trackers: Map<string, { trackerId: string; isSubscribed: boolean }>;
  calls: Array<{ method: string; path: string }>;
  failNext(kind: "quota" | "auth" | "rate"): void;
  pushRequest(url: string, number: string, secret?: string): Request;
  close(): Promise<void>;
}

export async function startFakeShip24(options: { apiKey: string; webhookSecret: string }): Promise<FakeShip24> {
  const parcels = new Map<string, { courierCode: string | null; events: FakeShip24Event[]; destinationCountryCode?: string }>();
  const trackers = new Map<string, { trackerId: string; isSubscribed: boolean }>();
  const calls: FakeShip24["calls"] = [];
  const failures: Array<"quota" | "auth" | "rate"> = [];
  let sequence = 0;

  const trackingOf = (number: string) => {
    const parcel = parcels.get(number);
    const tracker = trackers.get(number)!;
    return {
      tracker: {
        trackerId: tracker.trackerId,
        trackingNumber: number,
        courierCode: parcel?.courierCode ? [parcel.courierCode] : [],
        isSubscribed: tracker.isSubscribed,
      },
      shipment: {
        statusMilestone: null,
        originCountryCode: "DE",
        destinationCountryCode: parcel?.destinationCountryCode ?? "FR",
        delivery: { estimatedDeliveryDate: null },
      },
      events: (parcel?.events ?? [])
        .map((event, index) => ({
          eventId: `${tracker.trackerId}-${index}`,
          trackingNumber: event.trackingNumber ?? number,
          status: event.status,
          occurrenceDatetime: event.at,
          order: index,
          location: event.location ?? null,
          courierCode: event.courierCode ?? parcel?.courierCode ?? null,
          statusCode: event.statusCode ?? null,
          statusMilestone: event.milestone ?? null,
        }))
        .reverse(),
    };
  };
  const errorBody = (code: string, message: string) => JSON.stringify({ errors: [{ code, message }], data: null });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const path = (req.url ?? "").replace(/^\/public\/v1/, "");
      calls.push({ method: req.method ?? "", path });
      const send = (status: number, body: string, headers: Record<string, string> = {}) =>
        res.writeHead(status, { "content-type": "application/json", ...headers }).end(body);
      const failure = failures.shift();
      if (req.headers.authorization !== `Bearer ${options.apiKey}` || failure === "auth") return send(401, errorBody("unauthorized", "Invalid API key"));
      if (failure === "rate") return send(429, errorBody("too_many_requests", "Slow down"), { "retry-after": "3" });
      if (failure === "quota") return send(403, errorBody("quota_limit_reached", "Quota reached"));
      const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : {};
      if (req.method === "GET" && path === "/couriers") return send(200, JSON.stringify({ data: { couriers: [] } }));
      if (req.method === "POST" && path === "/trackers/track") {
        const number = String(body.trackingNumber);
        if (!trackers.has(number)) trackers.set(number, { trackerId: `trk_${++sequence}`, isSubscribed: true });
        return send(200, JSON.stringify({ data: { trackings: [trackingOf(number)] } }));
      }
      const search = /^\/trackers\/search\/([^/]+)\/results$/.exec(path);
      if (req.method === "GET" && search) {
        const number = decodeURIComponent(search[1]!);
        if (!trackers.has(number)) return send(404, errorBody("tracker_not_found", "Tracker not found"));
        return send(200, JSON.stringify({ data: { trackings: [trackingOf(number)] } }));
      }
      const patch = /^\/trackers\/([^/]+)$/.exec(path);
      if (req.method === "PATCH" && patch) {
        const entry = [...trackers.values()].find((tracker) => tracker.trackerId === decodeURIComponent(patch[1]!));
        if (!entry) return send(404, errorBody("tracker_not_found", "Tracker not found"));
        entry.isSubscribed = Boolean(body.isSubscribed);
        return send(200, JSON.stringify({ data: { tracker: entry } }));
      }
      return send(404, errorBody("not_found", "No such endpoint"));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/public/v1`,
    script(number, courierCode, events, extra = {}) {
      parcels.set(number, { courierCode, events, ...extra });
    },
    trackers,
    calls,
    failNext(kind) {
      failures.push(kind);
    },
    pushRequest(url, number, secret = options.webhookSecret) {
      if (!trackers.has(number)) trackers.set(number, { trackerId: `trk_${++sequence}`, isSubscribed: true });
      const rawBody = JSON.stringify({
        trackings: [{ metadata: { generatedAt: new Date().toISOString(), messageId: `msg_${++sequence}`, topic: "tracking/events" }, ...trackingOf(number) }],
      });
      return new Request(url, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${secret}` }, body: rawBody });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
