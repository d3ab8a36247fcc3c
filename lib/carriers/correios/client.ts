import { z } from "zod";
import { CarrierClient, type CarrierClientOptions } from "@/lib/carriers/carrier-client";
import { carrierRequest, type CarrierResponse, errorForStatus } from "@/lib/carriers/http-client";
import { normalizeOffset, splitIsoDateTime } from "@/lib/carriers/event-time";
import { type AccessToken, credentialKey, OAuthTokenCache } from "@/lib/carriers/oauth-token-cache";
import { CarrierError } from "@/lib/carriers/types";
import { correiosObject, type CorreiosObject } from "./parse";

export const CORREIOS_DEFAULT_BASE_URL = "https://api.correios.com.br";

export interface CorreiosCredentials {
  /** The idCorreios user (usuário). */
  username: string;
  /** The API access code (código de acesso) generated in the Correios developer portal, not the portal password. */
  accessCode: string;
  /** The posting card (cartão de postagem) of the contract the token is issued for. */
  postingCard: string;
}

// API Rastro accepts only pt-BR, en and es-ES (Node's fetch alone sends "*", which it refuses).
const LANGUAGE = "pt-BR";
// Tokens live about 24 hours; `expiraEm` comes as Brasília time, with `zoneOffset` beside it.
const BRASILIA_OFFSET = "-03:00";
const FALLBACK_TOKEN_LIFETIME_MS = 3_600_000;

const answer = z.object({ objetos: z.array(correiosObject) });

/** Correios API Rastro: a token per posting card (Basic user and access code), up to 50 objects a call. */
export class CorreiosClient extends CarrierClient {
  private readonly tokens: OAuthTokenCache;

  constructor(options: CarrierClientOptions = {}) {
    super("Correios", CORREIOS_DEFAULT_BASE_URL, options);
    this.tokens = new OAuthTokenCache(options.clock);
  }

  /** The objects of one call by upper-cased number; a number the answer leaves out is missing from the map. */
  async track(trackingNumbers: string[], credentials: CorreiosCredentials): Promise<Map<string, CorreiosObject>> {
    const query = new URLSearchParams(trackingNumbers.map((number) => ["codigosObjetos", number]));
    query.set("resultado", "T");
    const response = await this.withToken(`${this.baseUrl}/srorastro/v1/objetos?${query}`, credentials);
    // An unknown number is no error: it comes back in `objetos` with its `mensagem`.
    if (response.status !== 200) throw errorForStatus("Correios", response, messageOf(response.body));
    const parsed = answer.safeParse(response.body);
    if (!parsed.success) throw new CarrierError("unavailable", `Correios sent an unreadable answer: ${parsed.error.message}`);
    return new Map(parsed.data.objetos.map((item) => [(item.codObjeto ?? "").toUpperCase(), item]));
  }

  /** One token request: the carrier's own answer to whether these credentials are good. */
  async checkCredentials(credentials: CorreiosCredentials): Promise<void> {
    await this.fetchToken(credentials);
  }

  /** A GET with the card's token; a token refused with 401 or 403 (revoked, expired early) is replaced once. */
  private async withToken(url: string, credentials: CorreiosCredentials): Promise<CarrierResponse> {
    const key = credentialKey(this.baseUrl, credentials.username, credentials.accessCode, credentials.postingCard);
    const fetchToken = () => this.fetchToken(credentials);
    const call = (token: string) =>
      this.send(url, { headers: { Authorization: `Bearer ${token}`, Accept: "application/json", "Accept-Language": LANGUAGE } }, key);
    const token = await this.tokens.get(key, fetchToken);
    const first = await call(token);
    if (first.status !== 401 && first.status !== 403) return first;
    this.tokens.invalidate(key, token);
    return call(await this.tokens.get(key, fetchToken));
  }

  private async fetchToken(credentials: CorreiosCredentials): Promise<AccessToken> {
    const response = await carrierRequest(
      "Correios",
      `${this.baseUrl}/token/v1/autentica/cartaopostagem`,
      {
        method: "POST",
        headers: {
          Authorization: `Basic ${Buffer.from(`${credentials.username}:${credentials.accessCode}`).toString("base64")}`,
          "Content-Type": "application/json",
          Accept: "application/json",
        },
        body: JSON.stringify({ numero: credentials.postingCard }),
      },
      this.options,
    );
    const body = (response.body ?? {}) as { token?: unknown; expiraEm?: unknown; zoneOffset?: unknown };
    if ((response.status === 200 || response.status === 201) && typeof body.token === "string") {
      return { value: body.token, expiresAtMs: this.expiresAtMs(body.expiraEm, body.zoneOffset) };
    }
    const detail = messageOf(response.body);
    // A wrong user, access code or posting card (or a card of another contract) is the merchant's to fix.
    if (response.status === 400 || response.status === 401 || response.status === 403) {
      throw new CarrierError("auth", `Correios refused the user, access code or posting card${detail ? `: ${detail}` : ""}`);
    }
    throw errorForStatus("Correios", response, detail);
  }

  /** `expiraEm` ("2026-07-02T11:50:58") read with `zoneOffset` ("-03:00"). */
  private expiresAtMs(expiraEm: unknown, zoneOffset: unknown): number {
    const split = typeof expiraEm === "string" ? splitIsoDateTime(expiraEm) : null;
    const offset = split?.offset ?? (typeof zoneOffset === "string" ? normalizeOffset(zoneOffset) : null) ?? BRASILIA_OFFSET;
    const expiresAt = split ? Date.parse(`${split.local}${offset}`) : Number.NaN;
    return Number.isNaN(expiresAt) ? (this.options.clock ?? Date.now)() + FALLBACK_TOKEN_LIFETIME_MS : expiresAt;
  }
}

/** The first of `msgs` in a Correios error body (`{msgs: ["PSW-001: …"], …}`), or its `mensagem`. */
function messageOf(body: unknown): string | undefined {
  const parsed = body as { msgs?: unknown; mensagem?: unknown } | null;
  const first = Array.isArray(parsed?.msgs) ? parsed.msgs[0] : parsed?.mensagem;
  return typeof first === "string" ? first : undefined;
}
