/**
 * The client address behind a request, for per-address limits. Without a proxy it is the socket's
 * peer. Behind proxies (`TRUST_PROXY`) it is read from `X-Forwarded-For`, trusting only what the
 * operator's own proxies wrote: counted from the right, since each proxy appends the address it
 * saw and anything to the left of that may come from the client itself. Values that are not IP
 * addresses are ignored.
 */
import { BlockList, isIP } from 'node:net';

/** How far `X-Forwarded-For` is trusted. */
export type ProxyTrust =
  | { kind: 'none' }
  /** This many proxies stand in front of the service. */
  | { kind: 'hops'; hops: number }
  /** Requests through these addresses (or networks) come from the operator's proxies. */
  | { kind: 'addresses'; proxies: BlockList; text: string };

/** The parse error's message says what to write instead; `null` value: not set. */
export function parseProxyTrust(value: string | null): ProxyTrust | { error: string } {
  if (value === null || value === 'false' || value === '0') return { kind: 'none' };
  if (value === 'true') {
    return {
      error:
        'true would trust every X-Forwarded-For hop, so any client could pick its own address; write the number of proxies in front of the service (e.g. 1) or their addresses and networks (e.g. 10.0.0.5,10.1.0.0/16)',
    };
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops < 1 || hops > 10) return { error: `a number of proxies must be from 1 to 10, got ${value}` };
    return { kind: 'hops', hops };
  }
  const proxies = new BlockList();
  for (const item of value.split(',').map((s) => s.trim())) {
    const [address = '', prefixText, extra] = item.split('/');
    const family = isIP(address);
    const prefix = prefixText === undefined ? null : Number(prefixText);
    const maxPrefix = family === 6 ? 128 : 32;
    if (
      family === 0 ||
      extra !== undefined ||
      (prefix !== null && !(Number.isInteger(prefix) && prefix >= 0 && prefix <= maxPrefix))
    ) {
      return { error: `"${item}" is not an IP address or network (e.g. 10.0.0.5 or 10.1.0.0/16)` };
    }
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (prefix === null) proxies.addAddress(address, type);
    else proxies.addSubnet(address, prefix, type);
  }
  return { kind: 'addresses', proxies, text: value };
}

/** `::ffff:1.2.3.4` is IPv4 1.2.3.4 (how a dual-stack socket reports IPv4 peers). */
function normalise(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
}

function isTrusted(proxies: BlockList, address: string): boolean {
  const family = isIP(address);
  return family !== 0 && proxies.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * The client address: `socketAddress` itself without a proxy; else the address the trusted
 * proxies saw, from the right of `forwardedFor` (the header, possibly repeated) and the socket.
 */
export function clientAddressOf(
  trust: ProxyTrust,
  socketAddress: string,
  forwardedFor: string | string[] | undefined,
): string {
  const peer = normalise(socketAddress);
  if (trust.kind === 'none') return peer;
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? '');
  const chain = [
    ...header
      .split(',')
      .map((s) => normalise(s.trim()))
      .filter((s) => isIP(s) !== 0),
    peer,
  ];
  if (trust.kind === 'hops') return chain[Math.max(0, chain.length - 1 - trust.hops)] ?? peer;
  // Walk left from the socket while the address is one of our proxies; the first other one is the client.
  let i = chain.length - 1;
  while (i > 0 && isTrusted(trust.proxies, chain[i]!)) i--;
  return chain[i] ?? peer;
}

/** The eight 16-bit groups of an IPv6 address (`isIP(address) === 6`, no zone), `::` expanded. */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  // A dotted IPv4 tail (`::ffff:1.2.3.4`, `64:ff9b::1.2.3.4`) is the last two groups.
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const left = parse(head);
  const right = rest === undefined ? [] : parse(rest);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * What per-address limits count under: an IPv4 address itself, an IPv6 address by its /64 (one
 * host or subscriber usually owns a whole /64, so counting each address would hand it 2^64
 * budgets), written `2001:db8:0:1::/64`. An IPv4-mapped address (`::ffff:1.2.3.4`) counts as the
 * IPv4 address. Anything that is not an IP address is returned unchanged.
 */
export function rateLimitSubject(address: string): string {
  const bare = address.replace(/%.*$/, ''); // an IPv6 zone (`fe80::1%eth0`) names a link, not a host
  const family = isIP(bare);
  if (family === 4) return bare;
  if (family !== 6) return address;
  const groups = ipv6Groups(bare);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
