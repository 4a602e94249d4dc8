import { describe, expect, it } from 'vitest';
import { clientAddressOf, parseProxyTrust, rateLimitSubject, type ProxyTrust } from './client-address.js';
import { RateLimiter } from './rate-limit.js';

function trust(value: string | null): ProxyTrust {
  const parsed = parseProxyTrust(value);
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed;
}

describe('the client address behind proxies', () => {
  it('is the socket peer without a proxy, whatever X-Forwarded-For says', () => {
    expect(clientAddressOf(trust(null), '203.0.113.9', '1.2.3.4')).toBe('203.0.113.9');
    expect(clientAddressOf(trust('false'), '::ffff:203.0.113.9', undefined)).toBe('203.0.113.9');
  });

  it('with one proxy, is the address the proxy appended, not a spoofed one to its left', () => {
    // The client sent "6.6.6.6" itself; the proxy (the socket peer) appended the address it saw.
    expect(clientAddressOf(trust('1'), '10.0.0.2', '6.6.6.6, 198.51.100.7')).toBe('198.51.100.7');
    expect(clientAddressOf(trust('2'), '10.0.0.2', '6.6.6.6, 198.51.100.7, 10.0.0.1')).toBe('198.51.100.7');
    // Fewer hops than configured: the leftmost address there is.
    expect(clientAddressOf(trust('2'), '10.0.0.2', '198.51.100.7')).toBe('198.51.100.7');
  });

  it('with proxy addresses and networks, is the first address from the right that is not a proxy', () => {
    const t = trust('10.0.0.0/8, 2001:db8::/32');
    expect(clientAddressOf(t, '10.0.0.2', '6.6.6.6, 198.51.100.7, 10.9.9.9')).toBe('198.51.100.7');
    expect(clientAddressOf(t, '2001:db8::1', '2001:db9::5')).toBe('2001:db9::5');
    // A request that does not come through a proxy at all: the peer itself.
    expect(clientAddressOf(t, '198.51.100.8', '6.6.6.6')).toBe('198.51.100.8');
  });

  it('ignores values that are not IP addresses', () => {
    expect(clientAddressOf(trust('1'), '10.0.0.2', 'evil, 198.51.100.7, unknown')).toBe('198.51.100.7');
    expect(clientAddressOf(trust('1'), '10.0.0.2', 'not-an-ip')).toBe('10.0.0.2');
  });

  it('refuses TRUST_PROXY=true with what to write instead, and bad addresses naming them', () => {
    expect(parseProxyTrust('true')).toEqual({
      error: expect.stringMatching(/number of proxies .* \(e\.g\. 1\)/),
    });
    expect(parseProxyTrust('10.0.0.1,proxy.local')).toEqual({
      error: expect.stringContaining('"proxy.local" is not an IP address'),
    });
  });
});

describe('what per-address limits count under', () => {
  it('is an IPv4 address itself', () => {
    expect(rateLimitSubject('203.0.113.9')).toBe('203.0.113.9');
  });

  it('is the /64 of an IPv6 address, written one way however the address is', () => {
    const subject = '2001:db8:0:1::/64';
    for (const address of [
      '2001:db8:0:1::1',
      '2001:0db8:0000:0001:0000:0000:0000:0002',
      '2001:DB8::1:ffff:ffff:ffff:ffff',
      '2001:db8:0:1:1:2:3.4.5.6',
    ]) {
      expect(rateLimitSubject(address)).toBe(subject);
    }
    expect(rateLimitSubject('2001:db8:0:2::1')).toBe('2001:db8:0:2::/64');
    expect(rateLimitSubject('2001:db9:0:1::1')).not.toBe(subject);
    expect(rateLimitSubject('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitSubject('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('is the IPv4 address of an IPv4-mapped IPv6 address', () => {
    expect(rateLimitSubject('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(rateLimitSubject('::FFFF:cb00:7109')).toBe('203.0.113.9');
  });

  it('leaves what is not an IP address as it is', () => {
    expect(rateLimitSubject('')).toBe('');
    expect(rateLimitSubject('unknown')).toBe('unknown');
  });
});

describe('RateLimiter memory', () => {
  it('stays bounded for any number of clients, dropping expired windows first', () => {
    let now = 0;
    const limiter = new RateLimiter(5, 60_000, () => now, 1_000);
    for (let i = 0; i < 20_000; i++) limiter.hit(`198.51.${i >> 8}.${i & 255}`);
    expect(limiter.size).toBe(1_000);
    now += 60_000;
    limiter.hit('203.0.113.1');
    expect(limiter.size).toBe(1);
  });

  it('still limits a client whose window is among the kept ones', () => {
    const limiter = new RateLimiter(2, 60_000, () => 0, 10);
    expect([1, 2, 3].map(() => limiter.hit('a').allowed)).toEqual([true, true, false]);
  });
});
