import http from "node:http";
import type { AddressInfo } from "node:net";
import { TRACK17_CODES } from "@/lib/carriers/track17/client";
import { track17Signature } from "@/lib/carriers/track17/push";

/**
 * A local 17TRACK v2.4 for tests and benchmarks, answering in 17TRACK's documented format:
 *
 *   const fake = await startFakeTrack17({ apiKey: "k" });
 *   fake.script("RM123456785GB", 11031, [{ at: "2026-03-01T09:00:00+00:00", subStatus: "InfoReceived", description: "Label" }]);
 *   // TRACK17_API_BASE_URL = fake.baseUrl; numbers answer "not registered" until registered,
 *   // then their scripted events whose time has come (fake.now() is the clock, setNow moves it).
 *   await fake.pushTo(url, "RM123456785GB");      // a signed TRACKING_UPDATED
 *   fake.failNext("quota" | "daily" | "auth" | "rate" | "down");
 */
export interface FakeTrack17Event {
  /** time_iso: local time with its offset; or `utcOnly` for an event that has only time_utc. */
  at: string;
  subStatus: string;
  description: string;
  city?: string;
  country?: string;
  postalCode?: string;
  utcOnly?: boolean;
  /** The carrier of this leg when it is not the registered one (a hand-over). */
  carrier?: number;
}

export type FakeTrack17Failure = "quota" | "daily" | "auth" | "rate" | "down";

export interface FakeTrack17 {
  baseUrl: string;
  /** `registered`: as if an earlier poll had registered it (a benchmark's steady state). */
  script(
    number: string,
    carrier: number,
    events: FakeTrack17Event[],
    extra?: { localNumber?: string; localCarrier?: number; undetectable?: boolean; registered?: boolean },
  ): void;
  setNow(now: Date): void;
  registered(number: string): boolean;
  stopped(number: string): boolean;
  /** Every call, in order: endpoint and the numbers it named. */
  calls: Array<{ endpoint: string; numbers: string[] }>;
  failNext(kind: FakeTrack17Failure): void;
  setQuota(remaining: number): void;
  pushTo(url: string, number: string, event?: "TRACKING_UPDATED" | "TRACKING_STOPPED"): Promise<number>;
  /** The signed push 17TRACK would send about a number, as a Request to hand to a route. */
  pushRequest(url: string, number: string, event?: "TRACKING_UPDATED" | "TRACKING_STOPPED"): Request;
  close(): Promise<void>;
}

interface Parcel {
  carrier: number;
  events: FakeTrack17Event[];
  localNumber?: string;
  localCarrier?: number;
  undetectable?: boolean;
}

export async function startFakeTrack17(options: { apiKey: string }): Promise<FakeTrack17> {
  const parcels = new Map<string, Parcel>();
  const registered = new Set<string>();
  const stopped = new Set<string>();
  const calls: FakeTrack17["calls"] = [];
  const failures: FakeTrack17Failure[] = [];
  let now = new Date();
  let quotaRemaining = 100;

  const trackInfo = (number: string) => {
    const parcel = parcels.get(number)!;
    const visible = parcel.events.filter((event) => Date.parse(event.at) <= now.getTime());
    if (!visible.length) return null;
    const legs = new Map<number, FakeTrack17Event[]>();
    for (const event of visible) legs.set(event.carrier ?? parcel.carrier, [...(legs.get(event.carrier ?? parcel.carrier) ?? []), event]);
    const latest = visible[visible.length - 1]!;
    return {
      shipping_info: { shipper_address: { country: "CN" }, recipient_address: { country: "GB" } },
      latest_status: { status: latest.subStatus.split("_")[0], sub_status: latest.subStatus },
      misc_info: {
        service_type: "Standard",
        weight_kg: "0.25",
        pieces: "1",
        local_number: parcel.localNumber ?? null,
        local_key: parcel.localCarrier ?? null,
        local_provider: null,
      },
      tracking: {
        providers: [...legs].map(([key, events]) => ({
          provider: { key, name: `Carrier ${key}` },
          events: [...events].reverse().map((event) => ({
            time_iso: event.utcOnly ? null : event.at,
            time_utc: new Date(event.at).toISOString(),
            description: event.description,
            location: event.city ?? null,
            stage: event.subStatus.split("_")[0],
            sub_status: event.subStatus,
            address: { country: event.country ?? null, city: event.city ?? null, postal_code: event.postalCode ?? null },
          })),
        })),
      },
    };
  };

  const envelope = (accepted: unknown[], rejected: unknown[]) => ({ code: 0, data: { accepted, rejected } });
  const refusal = (number: string, code: number, message: string) => ({ number, error: { code, message } });

  function answer(endpoint: string, items: Array<{ number: string; carrier?: number }>): { status: number; body: unknown; headers?: Record<string, string> } {
    const failure = failures.shift();
    if (failure === "auth")
      return { status: 401, body: { code: TRACK17_CODES.invalidKey, data: { errors: [{ code: TRACK17_CODES.invalidKey, message: "Invalid access token" }] } } };
    if (failure === "rate") return { status: 429, body: { code: 429 }, headers: { "retry-after": "7" } };
    if (failure === "down") return { status: 503, body: { code: 503 } };
    if (failure === "daily")
      return { status: 200, body: { code: TRACK17_CODES.dailyLimit, data: { errors: [{ code: TRACK17_CODES.dailyLimit, message: "Daily limit reached" }] } } };
    if (endpoint === "getquota")
      return {
        status: 200,
        body: { code: 0, data: { quota_total: 100, quota_used: 100 - quotaRemaining, quota_remain: quotaRemaining, today_used: 0, max_track_daily: 0 } },
      };
    const accepted: unknown[] = [];
    const rejected: unknown[] = [];
    for (const item of items) {
      const parcel = parcels.get(item.number);
      if (endpoint === "register") {
        if (failure === "quota" || quotaRemaining <= 0) rejected.push(refusal(item.number, TRACK17_CODES.quotaExhausted, "Quota exhausted"));
        else if (parcel?.undetectable || (!parcel && item.carrier === undefined))
          rejected.push(refusal(item.number, TRACK17_CODES.carrierNotDetectable, "Carrier cannot be detected"));
        else if (registered.has(item.number)) rejected.push(refusal(item.number, TRACK17_CODES.alreadyRegistered, "Already registered"));
        else {
          registered.add(item.number);
          stopped.delete(item.number);
          quotaRemaining--;
          accepted.push({ number: item.number, carrier: item.carrier ?? parcel?.carrier, origin: 2, tag: "" });
        }
      } else if (!registered.has(item.number)) {
        rejected.push(refusal(item.number, TRACK17_CODES.notRegistered, "The tracking number is not registered"));
      } else if (endpoint === "gettrackinfo") {
        accepted.push({ number: item.number, carrier: parcel?.carrier ?? item.carrier, tag: "", track_info: parcel ? trackInfo(item.number) : null });
      } else if (endpoint === "stoptrack") {
        stopped.add(item.number);
        accepted.push({ number: item.number, carrier: item.carrier });
      } else if (endpoint === "retrack") {
        if (!stopped.has(item.number)) rejected.push(refusal(item.number, -18019904, "Not stopped"));
        else {
          stopped.delete(item.number);
          accepted.push({ number: item.number, carrier: item.carrier });
        }
      } else {
        accepted.push({ number: item.number, carrier: item.carrier });
      }
    }
    return { status: 200, body: envelope(accepted, rejected) };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const endpoint = (req.url ?? "").split("/").pop() ?? "";
      if (req.headers["17token"] !== options.apiKey) {
        res
          .writeHead(401, { "content-type": "application/json" })
          .end(JSON.stringify({ code: TRACK17_CODES.invalidKey, data: { errors: [{ code: TRACK17_CODES.invalidKey, message: "Invalid access token" }] } }));
        return;
      }
      const items = JSON.parse(Buffer.concat(chunks).toString("utf8") || "[]") as Array<{ number: string; carrier?: number }>;
      calls.push({ endpoint, numbers: items.map((item) => item.number) });
      if (items.length > 40) {
        res
          .writeHead(200, { "content-type": "application/json" })
          .end(JSON.stringify({ code: TRACK17_CODES.tooManyNumbers, data: { errors: [{ code: TRACK17_CODES.tooManyNumbers, message: "More than 40" }] } }));
        return;
      }
      const { status, body, headers } = answer(endpoint, items);
      res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  function pushRequest(url: string, number: string, event: "TRACKING_UPDATED" | "TRACKING_STOPPED" = "TRACKING_UPDATED"): Request {
    const parcel = parcels.get(number)!;
    const rawBody = JSON.stringify({
      event,
      data: { number, carrier: parcel.carrier, tag: "", track_info: event === "TRACKING_UPDATED" ? trackInfo(number) : undefined },
    });
    return new Request(url, {
      method: "POST",
      headers: { "content-type": "application/json", sign: track17Signature(rawBody, options.apiKey) },
      body: rawBody,
    });
  }

  return {
    baseUrl: `http://127.0.0.1:${port}/track/v2.4`,
    script(number, carrier, events, { registered: already, ...extra } = {}) {
      parcels.set(number, { carrier, events: [...events].sort((a, b) => Date.parse(a.at) - Date.parse(b.at)), ...extra });
      if (already) registered.add(number);
    },
    setNow(value) {
      now = value;
    },
    registered: (number) => registered.has(number),
    stopped: (number) => stopped.has(number),
    calls,
    failNext(kind) {
      failures.push(kind);
    },
    setQuota(remaining) {
      quotaRemaining = remaining;
    },
    pushRequest,
    async pushTo(url, number, event = "TRACKING_UPDATED") {
      return (await fetch(pushRequest(url, number, event))).status;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
