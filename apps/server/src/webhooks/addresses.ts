import dns from 'node:dns';
import type { LookupAddress } from 'node:dns';
import ipaddr from 'ipaddr.js';

/**
 * Which addresses a webhook may reach (decision 117): public unicast ones only, as ipaddr.js
 * classifies them; loopback, private, link-local, carrier-grade NAT, unique-local, multicast,
 * reserved and the IPv6 ranges that embed an IPv4 address are refused unless
 * ALLOW_PRIVATE_WEBHOOKS=1. Checked when an endpoint is registered and again on every connection,
 * against the address actually connected to, so a name that resolves elsewhere later (DNS
 * rebinding) reaches nothing private either.
 */

/** Whether `address` (an IPv4 or IPv6 literal) is a public unicast address. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

/** The refusal of a non-public address, with a message for the person who gave the URL. */
export class PrivateAddressError extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(
      `${host} resolves to ${address}, a loopback, private, link-local or otherwise non-public ` +
        'address; webhooks may only reach public addresses',
    );
    this.name = 'PrivateAddressError';
  }
}

/** A URL's host name as the resolver takes it (IPv6 literals without their brackets). */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * Every address `host` resolves to (itself when it is a literal); throws PrivateAddressError
 * when one is not public and private addresses are not allowed, and the resolver's error when it
 * does not resolve.
 */
export async function resolvePublic(host: string, allowPrivate: boolean): Promise<string[]> {
  const addresses = ipaddr.isValid(host)
    ? [host]
    : (await dns.promises.lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  if (!allowPrivate) {
    const refused = addresses.find((address) => !isPublicAddress(address));
    if (refused !== undefined) throw new PrivateAddressError(host, refused);
  }
  return addresses;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http.request that resolves as Node does, then refuses the connection when an
 * address is not public (unless allowed): the check is made on the very addresses connected to.
 */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) {
        callback(error, []);
        return;
      }
      const refused = allowPrivate
        ? undefined
        : addresses.find((entry) => !isPublicAddress(entry.address));
      if (refused) {
        callback(new PrivateAddressError(hostname, refused.address), []);
        return;
      }
      const first = addresses[0];
      if (options.all) callback(null, addresses);
      else if (first) callback(null, first.address, first.family);
      else
        callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
    });
  };
}
