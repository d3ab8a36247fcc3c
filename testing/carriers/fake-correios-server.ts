import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import { listenOnLoopback } from "./listen-on-loopback";

/**
 * A local stand-in for the Correios API: `POST /token/v1/autentica/cartaopostagem` (Basic user and
 * access code, `{numero}` the posting card) issuing day-long tokens, and API Rastro
 * `GET /srorastro/v1/objetos?codigosObjetos=…&resultado=T` (Bearer, 1 to 50 objects) answering from
 * `lib/carriers/correios/fixtures/`, failing on demand. Numbers it was taught with `deliver` move to Delivered.
 */

export const CORREIOS_NUMBERS = { delivered: "SS123456785BR", inTransit: "LB202603083CN", exception: "QB314159268BR", notFound: "OJ000000005BR" } as const;
export const CORREIOS_CREDENTIALS = { username: "fake-correios-user", accessCode: "fake-access-code", postingCard: "0070000001" };

const FIXTURE_OF: Record<string, string> = {
  [CORREIOS_NUMBERS.delivered]: "delivered",
  [CORREIOS_NUMBERS.inTransit]: "in-transit",
  [CORREIOS_NUMBERS.exception]: "exception",
};

const LANGUAGES = ["pt-BR", "en", "es-ES"];
const TOKEN_LIFETIME_MS = 24 * 3_600_000;

function fixture(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`../../lib/carriers/correios/fixtures/${name}.json`, import.meta.url), "utf8"));
}

/** Brasília wall-clock time without an offset, as the Correios write `expiraEm` (no DST since 2019). */
const brasiliaTime = (ms: number) => new Date(ms - 3 * 3_600_000).toISOString().slice(0, 19);

export type CorreiosFailure = { kind: "auth" } | { kind: "rate_limited"; retryAfterSeconds: number; times?: number } | { kind: "server_error" };

export interface FakeCorreiosServer {
  url: string;
  /** The numbers of each API Rastro call, in order. */
  calls: string[][];
  /** Token requests answered so far. */
  readonly tokenCalls: number;
  /** Applies to API Rastro calls, not to token requests. */
  failWith(failure: CorreiosFailure | null): void;
  /** Answers for `number` with the delivered fixture's events, renamed to it (a whole-flow test's parcel). */
  deliver(number: string): void;
  /** Forgets every token issued, as when the Correios revoke them before `expiraEm`. */
  revokeTokens(): void;
  reset(): void;
  close(): Promise<void>;
}

function objectFor(number: string, delivered: Set<string>): Record<string, unknown> {
  const name = delivered.has(number) ? "delivered" : FIXTURE_OF[number];
  if (!name) return { codObjeto: number, mensagem: "SRO-020: Objeto não encontrado na base de dados dos Correios." };
  return { ...fixture(name), codObjeto: number };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startFakeCorreiosServer(): Promise<FakeCorreiosServer> {
  const calls: string[][] = [];
  const delivered = new Set<string>();
  const tokens = new Set<string>();
  const state = { tokenCalls: 0 };
  let failure: CorreiosFailure | null = null;
  let failuresLeft = Infinity;
  const basic = `Basic ${Buffer.from(`${CORREIOS_CREDENTIALS.username}:${CORREIOS_CREDENTIALS.accessCode}`).toString("base64")}`;

  const server = createServer(async (request, response) => {
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { "content-type": "application/json", ...headers });
      response.end(JSON.stringify(body));
    };
    const url = new URL(request.url ?? "/", "http://localhost");
    const refuse = (status: number, message: string) => send(status, { msgs: [message], date: brasiliaTime(Date.now()), path: url.pathname });

    if (request.method === "POST" && url.pathname === "/token/v1/autentica/cartaopostagem") {
      state.tokenCalls += 1;
      const body = JSON.parse((await readBody(request)) || "{}") as { numero?: unknown };
      if (request.headers.authorization !== basic) return refuse(401, "PSW-001: Usuário ou código de acesso inválido.");
      if (body.numero !== CORREIOS_CREDENTIALS.postingCard) return refuse(400, "CTR-003: Cartão de postagem não pertence ao usuário.");
      const token = `fake.${randomUUID()}`;
      tokens.add(token);
      const now = Date.now();
      return send(201, {
        ambiente: "PRODUCAO",
        id: CORREIOS_CREDENTIALS.username,
        perfil: "PJ",
        emissao: brasiliaTime(now),
        expiraEm: brasiliaTime(now + TOKEN_LIFETIME_MS),
        zoneOffset: "-03:00",
        cartaoPostagem: { numero: CORREIOS_CREDENTIALS.postingCard, contrato: "9912000001", dr: 72, api: [34, 35, 87] },
        token,
      });
    }

    if (request.method !== "GET" || url.pathname !== "/srorastro/v1/objetos") return refuse(404, "Recurso não encontrado");
    const numbers = url.searchParams.getAll("codigosObjetos");
    calls.push(numbers);
    if (failure && failuresLeft > 0) {
      failuresLeft -= 1;
      if (failure.kind === "auth") return refuse(401, "Token inválido ou expirado");
      if (failure.kind === "rate_limited") {
        return send(429, { msgs: ["Limite de requisições excedido"] }, { "retry-after": String(failure.retryAfterSeconds) });
      }
      return refuse(503, "Serviço indisponível");
    }
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    if (!bearer || !tokens.has(bearer)) return refuse(401, "Token inválido ou expirado");
    if (!LANGUAGES.includes(String(request.headers["accept-language"]))) {
      return refuse(400, "SRO-018: Permitido apenas os valores pt-BR(Português), en(Inglês) e es-ES(Espanhol) para o idioma");
    }
    if (numbers.length < 1 || numbers.length > 50) return refuse(400, "SRO-001: Informe de 1 a 50 objetos");
    if (url.searchParams.get("resultado") !== "T") return refuse(400, "SRO-010: Resultado deve ser T, U ou P");
    return send(200, {
      versao: "3.0.0",
      quantidade: numbers.length,
      objetos: numbers.map((number) => objectFor(number.toUpperCase(), delivered)),
      tipoResultado: "Todos os eventos",
    });
  });
  const { url, close } = await listenOnLoopback(server);
  return {
    url,
    calls,
    get tokenCalls() {
      return state.tokenCalls;
    },
    failWith(next) {
      failure = next;
      failuresLeft = next?.kind === "rate_limited" ? (next.times ?? Infinity) : Infinity;
    },
    deliver: (number) => void delivered.add(number),
    revokeTokens: () => tokens.clear(),
    reset() {
      calls.length = 0;
      delivered.clear();
      tokens.clear();
      state.tokenCalls = 0;
      failure = null;
    },
    close,
  };
}
