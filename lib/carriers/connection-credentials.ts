import { CarrierError, type TrackRequest } from "@/lib/carriers/types";

export type CredentialName =
  "apiKey" | "apiSecret" | "clientId" | "clientSecret" | "accountNumber" | "customerNumber" | "username" | "password" | "delisId" | "token";

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * A credential from the tracking's courier connection (field names in either case style,
 * "clientId" or "client_id"); the server-wide default only when no connection is used, so
 * a connection's key is never paired with the server's secret.
 */
export function credential(request: TrackRequest, name: CredentialName, fallback: string | undefined): string | undefined {
  if (!request.credentials) return fallback || undefined;
  return (request.credentials[name] ?? request.credentials[snakeCase(name)])?.trim() || undefined;
}

/** Like `credential`, but a missing value is an auth failure of the call. */
export function requiredCredential(carrier: string, request: TrackRequest, name: CredentialName, fallback: string | undefined): string {
  const value = credential(request, name, fallback);
  if (!value) throw new CarrierError("auth", `${carrier} ${snakeCase(name)} is not configured`);
  return value;
}

/** A required credential of a connection being saved (no server-wide fallback). */
export function connectionCredential(carrier: string, credentials: Record<string, string>, name: CredentialName): string {
  const value = (credentials[name] ?? credentials[snakeCase(name)])?.trim();
  if (!value) throw new CarrierError("auth", `${carrier} ${snakeCase(name)} is not configured`);
  return value;
}
