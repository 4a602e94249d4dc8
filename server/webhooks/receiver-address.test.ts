/**
 * Which receiver addresses webhooks may reach: loopback and private allowed, link-local and
 * metadata refused unless allowed, unspecified and multicast always refused. No network: the
 * lookup is a test double.
 */
import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  addressRefusal,
  classifyAddress,
  guardLookup,
  RefusedAddressError,
  webhookUrlRefusal,
} from './receiver-address.js';
import { fakeLookup } from './test-helpers.js';

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.10', 'private'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['169.254.0.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf:ffff::1', 'link-local'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['0:0:0:0:0:ffff:a9fe:a9fe', 'link-local'],
    ['::169.254.169.254', 'link-local'],
    ['64:ff9b::169.254.169.254', 'link-local'],
    ['64:ff9b:1::a9fe:a9fe', 'translated'], // 169.254.169.254 under a /96
    ['64:ff9b:1:a9fe:a9:fe00::', 'translated'], // the same under the /48 itself
    ['64:ff9b:1:0:a9:fea9:fe00:0', 'translated'], // under a /64
    ['64:ff9b:1:42::808:808', 'public'], // 8.8.8.8 under a /96: a DNS64 network's IPv4-only receiver
    ['fd00:ec2::254', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['::', 'unspecified'],
    ['::ffff:0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'not-unicast'],
    ['255.255.255.255', 'not-unicast'],
    ['ff02::1', 'not-unicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['172.32.0.1', 'public'],
    ['169.253.1.1', 'public'],
    ['fec0::1', 'public'],
    ['8.8.8.8', 'public'],
    ['2001:db8::1', 'public'],
  ])('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it('is null for what is not an IP address', () => {
    for (const text of ['localhost', '169.254.169.254.', '1.2.3', '::g', '']) {
      expect(classifyAddress(text), text).toBeNull();
    }
  });
});

describe('addressRefusal', () => {
  it('allows loopback, private and public; refuses link-local and metadata unless allowed', () => {
    for (const a of ['127.0.0.1', '::1', '10.0.0.1', '172.20.0.1', '192.168.0.1', 'fd00::1', '8.8.8.8']) {
      expect(addressRefusal(a, false), a).toBeNull();
    }
    for (const a of ['169.254.169.254', 'fe80::1', '::ffff:169.254.169.254', 'fd00:ec2::254']) {
      expect(addressRefusal(a, false), a).toMatch(/link-local or cloud metadata.*WEBHOOK_ALLOW_PRIVATE/);
      expect(addressRefusal(a, true), a).toBeNull();
    }
  });

  it('always refuses unspecified, multicast and broadcast addresses', () => {
    for (const a of ['0.0.0.0', '::', '224.0.0.251', '255.255.255.255', 'ff02::1']) {
      expect(addressRefusal(a, true), a).toMatch(/not a receiver/);
    }
  });
});

describe('webhookUrlRefusal', () => {
  it.each([
    'http://127.0.0.1:8080/hook',
    'https://localhost/hook',
    'http://[::1]:9000/',
    'http://10.0.0.5/hook',
    'http://192.168.1.20:3000/x',
    'https://receiver.example/hook',
    'https://169-254-169-254.example/', // a name: checked when it is resolved
  ])('allows %s', (url) => {
    expect(webhookUrlRefusal(url, false)).toBeNull();
  });

  it.each([
    ['ftp://x.example/', /http\(s\)/],
    ['file:///etc/passwd', /http\(s\)/],
    ['javascript:alert(1)', /http\(s\)/],
    ['not a url', /not a valid URL/],
    ['http://u:p@x.example/', /credentials/],
    ['http://169.254.169.254/latest/meta-data/', /link-local/],
    ['http://169.254.43518/', /link-local/], // the URL parser's forms of 169.254.169.254
    ['http://2852039166/', /link-local/],
    ['http://0xa9.0xfe.0xa9.0xfe/', /link-local/],
    ['http://[fe80::1]:8080/', /link-local/],
    ['http://[::ffff:169.254.169.254]/', /link-local/],
    ['http://[fd00:ec2::254]/', /metadata/],
    ['http://0.0.0.0:8080/', /unspecified/],
    ['http://[::]:8080/', /unspecified/],
    ['http://[64:ff9b:1::a9fe:a9fe]/', /NAT64.*metadata/],
    ['http://127.0.0.1:0/hook', /port 0/],
    ['http://receiver.example:0/', /port 0/],
  ])('refuses %s', (url, reason) => {
    expect(webhookUrlRefusal(url, false)).toMatch(reason);
  });

  it('allows link-local hosts with WEBHOOK_ALLOW_PRIVATE, never other schemes or 0.0.0.0', () => {
    expect(webhookUrlRefusal('http://169.254.169.254/', true)).toBeNull();
    expect(webhookUrlRefusal('http://[fe80::1]/', true)).toBeNull();
    expect(webhookUrlRefusal('http://[64:ff9b:1::a9fe:a9fe]/', true)).toBeNull();
    expect(webhookUrlRefusal('gopher://127.0.0.1/', true)).toMatch(/http\(s\)/);
    expect(webhookUrlRefusal('http://0.0.0.0/', true)).toMatch(/unspecified/);
  });
});

function resolve(lookup: LookupFunction, hostname: string, all: boolean) {
  return new Promise<{ error: Error | null; address: string | LookupAddress[]; family?: number }>((done) =>
    lookup(hostname, { all }, (error, address, family) => done({ error, address, family })),
  );
}

describe('guardLookup', () => {
  it('passes allowed addresses on, in either callback form', async () => {
    const inner = fakeLookup([
      { address: '127.0.0.1', family: 4 },
      { address: '::1', family: 6 },
    ]);
    const guarded = guardLookup(false, inner.lookup);
    expect(await resolve(guarded, 'receiver.test', true)).toEqual({
      error: null,
      address: [
        { address: '127.0.0.1', family: 4 },
        { address: '::1', family: 6 },
      ],
      family: undefined,
    });
    expect(await resolve(guarded, 'receiver.test', false)).toEqual({
      error: null,
      address: '127.0.0.1',
      family: 4,
    });
    expect(inner.asked).toEqual(['receiver.test', 'receiver.test']);
  });

  it('fails when the name resolves to a link-local address, even beside an allowed one', async () => {
    for (const addresses of [
      [{ address: '169.254.169.254', family: 4 }],
      [
        { address: '10.0.0.1', family: 4 },
        { address: 'fe80::1', family: 6 },
      ],
      [{ address: '::ffff:169.254.169.254', family: 6 }],
    ]) {
      const { error } = await resolve(guardLookup(false, fakeLookup(addresses).lookup), 'meta.test', false);
      expect(error).toBeInstanceOf(RefusedAddressError);
      expect(error?.message).toMatch(/^refused: meta\.test resolves to .* link-local or cloud metadata/);
    }
    const allowed = guardLookup(true, fakeLookup([{ address: '169.254.169.254', family: 4 }]).lookup);
    expect((await resolve(allowed, 'meta.test', false)).address).toBe('169.254.169.254');
  });

  it('passes a resolver error on unchanged', async () => {
    const failing: LookupFunction = (hostname, _options, callback) =>
      callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '');
    const { error } = await resolve(guardLookup(false, failing), 'nowhere.test', true);
    expect(error).toMatchObject({ code: 'ENOTFOUND' });
  });
});
