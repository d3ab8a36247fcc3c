import { lookup, type LookupAddress, type LookupOptions } from "node:dns";
import { isPrivateAddress } from "./private-address";

export class PrivateAddressError extends Error {
  readonly code = "EWEBHOOKPRIVATE";

  constructor(host: string, address: string) {
    super(
      host === address
        ? `${host} is a private, loopback or link-local address; webhooks are not sent there unless WEBHOOK_ALLOW_PRIVATE=true`
        : `${host} resolves to ${address}, a private, loopback or link-local address; webhooks are not sent there unless WEBHOOK_ALLOW_PRIVATE=true`,
    );
    this.name = "PrivateAddressError";
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for sockets that refuses a name if any of its addresses is private. The socket then
 * connects to the very addresses checked here, so a second answer from DNS (rebinding) never matters.
 */
export function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = addresses.find((entry) => isPrivateAddress(entry.address));
    if (refused) return callback(new PrivateAddressError(hostname, refused.address), []);
    if (options.all) return callback(null, addresses);
    const [first] = addresses;
    if (!first) return callback(Object.assign(new Error(`${hostname} has no addresses`), { code: "ENOTFOUND" }), []);
    callback(null, first.address, first.family);
  });
}

/** Every address of a host, checked: the save-time guard (the send-time one is the socket's lookup). */
export function resolvePublicAddresses(hostname: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    publicOnlyLookup(hostname, { all: true }, (error, addresses) => {
      if (error) reject(error);
      else resolve((addresses as LookupAddress[]).map((entry) => entry.address));
    });
  });
}
