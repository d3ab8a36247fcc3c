import http from "node:http";
import { listenOnLoopback } from "@/testing/carriers/listen-on-loopback";

/**
 * An AfterShip account of `rows` trackings behind its 2025-04 list endpoint, written from AfterShip's
 * documentation: `GET /tracking/2025-04/trackings` with `as-api-key`, cursor paging (`limit` up to
 * 200, `pagination.next_cursor`, `has_next_page`), each tracking with its checkpoints, and the
 * account's rate limit (10 requests a second, 429 with `Retry-After` past it).
 */
export async function startFakeAfterShip(rows: number, apiKey: string) {
  const day = 86_400_000;
  const base = Date.UTC(2026, 9, 1);
  const tracking = (n: number) => {
    const created = new Date(base + (n % 50) * day);
    const steps = [
      ["InfoReceived", "InfoReceived_001", "Shipment information received", "Los Angeles"],
      ["InTransit", "InTransit_002", "Accepted at origin facility", "Los Angeles"],
      ["InTransit", "InTransit_001", "Departed facility", "Chicago"],
      ["OutForDelivery", "OutForDelivery_001", "Out for delivery", "New York"],
      ["Delivered", "Delivered_001", "Delivered, front door", "New York"],
    ].slice(0, 1 + (n % 5));
    const last = steps.at(-1)!;
    return {
      id: `as${String(n).padStart(10, "0")}`,
      tracking_number: `ITOD-20-${String(1_000_000_000 + n)}`,
      slug: "testing-courier",
      title: `Order ${n}`,
      order_id: `order-${n}`,
      order_number: `#${n}`,
      customers: [{ role: "buyer", name: `Customer ${n}`, email: `customer${n}@example.com`, phone_number: null, language: "en" }],
      custom_fields: { channel: n % 2 ? "web" : "app" },
      destination_country_region: "USA",
      destination_postal_code: "10001",
      tag: last[0],
      subtag: last[1],
      subtag_message: last[2],
      active: last[0] !== "Delivered",
      created_at: created.toISOString().replace("Z", "+00:00"),
      courier_estimated_delivery_date: { estimated_delivery_date: new Date(created.getTime() + 5 * day).toISOString().slice(0, 10) },
      checkpoints: steps.map(([tag, subtag, message, city], index) => ({
        slug: "testing-courier",
        checkpoint_time: new Date(created.getTime() + index * 6 * 3_600_000)
          .toISOString()
          .replace(".000Z", "-05:00")
          .replace(/T(\d{2})/, (_, hour) => `T${hour}`),
        city,
        country_region: "USA",
        message,
        tag,
        subtag,
        subtag_message: message,
        raw_tag: subtag,
      })),
    };
  };
  let windowStart = 0;
  let inWindow = 0;
  let requests = 0;
  let limited = 0;
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { "content-type": "application/json", ...headers });
      response.end(JSON.stringify(body));
    };
    requests += 1;
    if (request.headers["as-api-key"] !== apiKey) return send(401, { meta: { code: 401, message: "Invalid API key.", type: "Unauthorized" }, data: {} });
    const now = Date.now();
    if (now - windowStart >= 1000) [windowStart, inWindow] = [now, 0];
    if (++inWindow > 10) {
      limited += 1;
      return send(
        429,
        {
          meta: { code: 429, message: "You have exceeded the API call rate limit. The default limit is 10 requests per second.", type: "TooManyRequests" },
          data: {},
        },
        { "retry-after": "1" },
      );
    }
    const limit = Math.min(200, Number(url.searchParams.get("limit") ?? 100));
    const start = Number(url.searchParams.get("cursor") ?? 0);
    const end = Math.min(rows, start + limit);
    const trackings = Array.from({ length: end - start }, (_, index) => tracking(start + index + 1));
    send(200, {
      meta: { code: 200 },
      data: { pagination: { total: rows, next_cursor: end < rows ? String(end) : null, has_next_page: end < rows }, trackings },
    });
  });
  return { ...(await listenOnLoopback(server)), stats: () => ({ requests, limited }) };
}
