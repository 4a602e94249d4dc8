/**
 * Where a webhook may be delivered (README "Webhooks" and "Security"). Loopback and private ranges
 * are allowed, for receivers on the operator's own machine or network. Link-local addresses
 * (169.254.0.0/16, fe80::/10: where cloud metadata services answer, e.g. 169.254.169.254), the
 * other well-known metadata addresses, and local-use NAT64 addresses that may stand for one, are
 * refused unless WEBHOOK_ALLOW_PRIVATE=true. Addresses that name no single receiver
 * (unspecified 0.0.0.0/8 and ::, multicast, broadcast), and port 0, are always refused.
 * The URL's host is checked at registration; a host name is checked again at delivery, on the
 * addresses it resolves to right before connecting (`guardLookup`).
 */
import dns, { type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';

export type AddressKind =
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'metadata'
  | 'translated'
  | 'unspecified'
  | 'not-unicast'
  | 'public';

/** Metadata services outside the link-local ranges: AWS over IPv6, Alibaba Cloud. */
const METADATA_ADDRESSES = new Set(['fd00:ec2:0:0:0:0:0:254', '100.100.100.200']);

function ipv4Bytes(text: string): number[] | null {
  if (isIP(text) !== 4) return null;
  return text.split('.').map(Number);
}

/** The eight 16-bit words of an IPv6 address (a zone such as `%eth0` is ignored), or null. */
function ipv6Words(text: string): number[] | null {
  let s = text.split('%')[0] ?? '';
  if (isIP(s) !== 6) return null;
  let tail: number[] | null = null;
  const last = s.slice(s.lastIndexOf(':') + 1);
  if (last.includes('.')) {
    const b = ipv4Bytes(last);
    if (b === null) return null;
    tail = [(b[0]! << 8) | b[1]!, (b[2]! << 8) | b[3]!];
    s = `${s.slice(0, s.length - last.length)}0:0`;
  }
  const [head = '', rest] = s.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = rest === undefined || rest === '' ? [] : rest.split(':');
  const zeros = rest === undefined ? 0 : 8 - left.length - right.length;
  const words = [...left, ...Array<string>(zeros).fill('0'), ...right].map((w) => parseInt(w, 16));
  if (words.length !== 8 || words.some((w) => !(w >= 0 && w <= 0xffff))) return null;
  if (tail) words.splice(6, 2, ...tail);
  return words;
}

function classifyIpv4([a, b, c, d]: number[]): AddressKind {
  if (a === 0) return 'unspecified'; // 0.0.0.0/8, "this network"
  if (a === 127) return 'loopback';
  if (a === 10 || (a === 172 && b! >= 16 && b! <= 31) || (a === 192 && b === 168)) return 'private';
  if (a === 169 && b === 254) return 'link-local';
  if (METADATA_ADDRESSES.has(`${a}.${b}.${c}.${d}`)) return 'metadata';
  if (a! >= 224) return 'not-unicast'; // multicast, reserved, broadcast
  return 'public';
}

/**
 * Bytes of an IPv6 address that hold the IPv4 address under each prefix length a network can give
 * the local-use NAT64 prefix 64:ff9b:1::/48 (RFC 8215): /48, /56, /64 and /96 (RFC 6052 2.2; byte 8
 * is reserved and skipped).
 */
const LOCAL_NAT64_IPV4_BYTES = [
  [6, 7, 9, 10],
  [7, 9, 10, 11],
  [9, 10, 11, 12],
  [12, 13, 14, 15],
];

/**
 * An address in the local-use NAT64 prefix: which of those layouts the network uses cannot be told
 * from here, so it is 'translated' (refused unless allowed) when any of them reads as a link-local
 * or metadata IPv4 address, and public otherwise (as a DNS64 network's IPv4-only receivers are).
 */
function classifyLocalNat64(words: number[]): AddressKind {
  const bytes = words.flatMap((word) => [word >> 8, word & 0xff]);
  const risky = LOCAL_NAT64_IPV4_BYTES.some((positions) => {
    const kind = classifyIpv4(positions.map((i) => bytes[i]!));
    return kind === 'link-local' || kind === 'metadata';
  });
  return risky ? 'translated' : 'public';
}

/** The kind of an IP address (IPv4 or IPv6, IPv4-mapped and NAT64 forms by their IPv4 address). */
export function classifyAddress(address: string): AddressKind | null {
  const v4 = ipv4Bytes(address);
  if (v4) return classifyIpv4(v4);
  const w = ipv6Words(address);
  if (w === null) return null;
  const zeroUpTo = (n: number) => w.slice(0, n).every((x) => x === 0);
  if (zeroUpTo(8)) return 'unspecified';
  if (zeroUpTo(7) && w[7] === 1) return 'loopback';
  const embedded = [w[6]! >> 8, w[6]! & 0xff, w[7]! >> 8, w[7]! & 0xff];
  // ::ffff:a.b.c.d (IPv4-mapped), ::a.b.c.d (IPv4-compatible), 64:ff9b::a.b.c.d (NAT64).
  if (zeroUpTo(5) && (w[5] === 0xffff || w[5] === 0)) return classifyIpv4(embedded);
  if (w[0] === 0x64 && w[1] === 0xff9b && w.slice(2, 6).every((x) => x === 0)) {
    return classifyIpv4(embedded);
  }
  if (w[0] === 0x64 && w[1] === 0xff9b && w[2] === 1) return classifyLocalNat64(w);
  if ((w[0]! & 0xffc0) === 0xfe80) return 'link-local';
  if (METADATA_ADDRESSES.has(w.map((x) => x.toString(16)).join(':'))) return 'metadata';
  if ((w[0]! & 0xfe00) === 0xfc00) return 'private'; // fc00::/7, unique local
  if (w[0]! >> 8 === 0xff) return 'not-unicast';
  return 'public';
}

/** Why a delivery to this IP address is refused, or null when it is allowed. */
export function addressRefusal(address: string, allowPrivate: boolean): string | null {
  switch (classifyAddress(address)) {
    case null:
      return `${address} is not an IP address`;
    case 'unspecified':
      return `${address} is an unspecified address, not a receiver`;
    case 'not-unicast':
      return `${address} is a multicast or broadcast address, not a receiver`;
    case 'link-local':
    case 'metadata':
      return allowPrivate
        ? null
        : `${address} is a link-local or cloud metadata address; set WEBHOOK_ALLOW_PRIVATE=true to allow it`;
    case 'translated':
      return allowPrivate
        ? null
        : `${address} is a local-use NAT64 address (64:ff9b:1::/48) that may stand for a link-local or cloud metadata address; set WEBHOOK_ALLOW_PRIVATE=true to allow it`;
    default:
      return null;
  }
}

/**
 * A webhook URL whose form is usable, or what is wrong with it, whatever its host: not a URL, not
 * http(s), credentials in it, or port 0 (which names no receiver; the URL parser refuses ports
 * above 65535).
 */
function webhookUrlOrRefusal(value: string): URL | string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    // A space, a port above 65535, a zone id: the URL parser says no.
    return 'url is not a valid URL';
  }
  const http = url.protocol === 'http:' || url.protocol === 'https:';
  if (!http || url.username !== '' || url.password !== '')
    return 'url must be an http(s) URL without credentials';
  if (url.port === '0') return 'url must not use port 0';
  return url;
}

/**
 * What is wrong with a webhook URL's form, or null (`webhookUrlOrRefusal`): the registration
 * schema's check (routes/webhooks.ts); `webhookUrlRefusal` makes the same one, then the host's.
 */
export function webhookUrlFormRefusal(value: string): string | null {
  const url = webhookUrlOrRefusal(value);
  return typeof url === 'string' ? url : null;
}

/**
 * Why a webhook URL is refused, or null: its form (`webhookUrlOrRefusal`), or a host that is an
 * address refused by `addressRefusal`. A host name passes here; its addresses are checked at delivery.
 */
export function webhookUrlRefusal(value: string, allowPrivate: boolean): string | null {
  const url = webhookUrlOrRefusal(value);
  if (typeof url === 'string') return url;
  // The URL parser has already normalized the host (169.254.43518 and 0xa9fe.0xa9fe are 169.254.169.254).
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host) === 0) return null;
  return addressRefusal(host, allowPrivate);
}

/** A refused receiver address, found while resolving its host name (before any connection). */
export class RefusedAddressError extends Error {
  readonly code = 'EWEBHOOKADDRESS';
  constructor(hostname: string, reason: string) {
    super(`refused: ${hostname} resolves to ${reason}`);
    this.name = 'RefusedAddressError';
  }
}

/**
 * A `lookup` for the connection (node:net): resolves with `lookup` (default dns.lookup) and fails
 * if any address the name resolves to is refused, so a name cannot lead to a link-local receiver.
 */
export function guardLookup(allowPrivate: boolean, lookup: LookupFunction = dns.lookup): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, found) => {
      if (error) return callback(error, '');
      const addresses: LookupAddress[] = typeof found === 'string' ? [{ address: found, family: 0 }] : found;
      if (addresses.length === 0) return callback(new Error(`${hostname} resolves to no address`), '');
      for (const { address } of addresses) {
        const reason = addressRefusal(address, allowPrivate);
        if (reason !== null) return callback(new RefusedAddressError(hostname, reason), '');
      }
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      return callback(null, first!.address, first!.family || isIP(first!.address));
    });
  };
}
