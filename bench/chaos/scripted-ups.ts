import http from "node:http";
import type { AddressInfo } from "node:net";

/** A UPS Track API stand-in whose parcels move a step every `stepMs` from their first request: label, pickup, hub, out for delivery, delivered. */
const STEPS = [
  { type: "M", code: "MP", statusCode: "003", description: "Shipper created a label, UPS has not received the package yet." },
  { type: "P", code: "PU", statusCode: "038", description: "Pickup Scan" },
  { type: "I", code: "AR", statusCode: "005", description: "Arrived at Facility" },
  { type: "I", code: "OT", statusCode: "021", description: "Out For Delivery Today" },
  { type: "D", code: "KB", statusCode: "011", description: "Delivered" },
] as const;
export const SCRIPTED_STEPS = STEPS.length;

export interface ScriptedUps {
  url: string;
  /** Requests for a number that arrived while another request for the same number was still being answered. */
  overlappingPolls(): number;
  trackRequests(): number;
  close(): Promise<void>;
}

function activity(ms: number, step: (typeof STEPS)[number]) {
  // Louisville, UTC−5, as UPS writes local date and time.
  const local = new Date(ms - 5 * 3_600_000).toISOString();
  return {
    location: { address: { city: "LOUISVILLE", stateProvince: "KY", postalCode: "40213", countryCode: "US", country: "US" } },
    status: { type: step.type, code: step.code, statusCode: step.statusCode, description: step.description },
    date: local.slice(0, 10).replace(/-/g, ""),
    time: local.slice(11, 19).replace(/:/g, ""),
    gmtDate: new Date(ms).toISOString().slice(0, 10).replace(/-/g, ""),
    gmtTime: new Date(ms).toISOString().slice(11, 19),
    gmtOffset: "-05:00",
  };
}

export async function startScriptedUps(options: { stepMs: number; answerDelayMs: [number, number] }): Promise<ScriptedUps> {
  const firstSeen = new Map<string, number>();
  const inFlight = new Map<string, number>();
  let overlaps = 0;
  let requests = 0;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    req.resume();
    if (req.method === "POST" && url.pathname === "/security/v1/oauth/token") {
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ access_token: "chaos-token", token_type: "Bearer", expires_in: "14399", status: "approved" }));
      return;
    }
    const match = /^\/api\/track\/v1\/details\/([^/]+)$/.exec(url.pathname);
    if (req.method !== "GET" || !match) {
      res.writeHead(404).end();
      return;
    }
    const number = decodeURIComponent(match[1]!);
    requests++;
    if ((inFlight.get(number) ?? 0) > 0) overlaps++;
    inFlight.set(number, (inFlight.get(number) ?? 0) + 1);
    const now = Date.now();
    const start = firstSeen.get(number) ?? now;
    firstSeen.set(number, start);
    const shown = Math.min(STEPS.length, Math.floor((now - start) / options.stepMs) + 1);
    const body = {
      trackResponse: {
        shipment: [
          {
            inquiryNumber: number,
            package: [
              {
                trackingNumber: number,
                packageCount: 1,
                activity: STEPS.slice(0, shown)
                  .map((step, index) => activity(start + index * options.stepMs, step))
                  .reverse(),
              },
            ],
          },
        ],
      },
    };
    const [min, max] = options.answerDelayMs;
    setTimeout(
      () => {
        inFlight.set(number, (inFlight.get(number) ?? 1) - 1);
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
      },
      min + Math.random() * (max - min),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    overlappingPolls: () => overlaps,
    trackRequests: () => requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
