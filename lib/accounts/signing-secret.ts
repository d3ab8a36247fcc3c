import { openCredentials, sealCredentials } from "@/lib/connections/credentials-cipher";

const context = (organizationId: string, apiKeyId: string) => `api-key-secret:${organizationId}:${apiKeyId}`;

export function sealSigningSecret(organizationId: string, apiKeyId: string, secret: string): string {
  return sealCredentials({ secret }, context(organizationId, apiKeyId));
}

export function openSigningSecret(organizationId: string, apiKeyId: string, sealed: string): string {
  return openCredentials(sealed, context(organizationId, apiKeyId)).secret!;
}
