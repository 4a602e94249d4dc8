/**
 * The client against a hostile service (security review): a 100 MB answer is cut at its route's
 * limit with `answer_too_large`, quickly and in bounded memory, the connection closed early; a
 * `Content-Length` over the limit is refused unread; an answer at the limit is read; a write is
 * never sent on by a redirect, and a read is followed only on the service's own origin.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Zap1Error, createClient } from '../index.js';
import { HUGE_BYTES, startHostileServer, type HostileServer, type Route } from '../../test/hostile-server.js';

const LEAF = 'ab'.repeat(32);
const INFO = { protocol: 'ZAP1', version: '3', network: 'devnet' };
const MB = 1024 * 1024;

let servers: HostileServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

async function hostile(route: (method: string, path: string) => Route | undefined): Promise<HostileServer> {
  const server = await startHostileServer(route);
  servers.push(server);
  return server;
}

/** The rejection of `promise`, which must be a `Zap1Error`. */
async function failure(promise: Promise<unknown>): Promise<Zap1Error> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Zap1Error);
  return error as Zap1Error;
}

describe('a 100 MB answer', () => {
  const cases = [
    {
      path: '/protocol/info',
      ask: (c: ReturnType<typeof createClient>) => c.protocolInfo(),
      said: "answered /protocol/info with more than 64 KB; a ZAP1 service's info is a few KB, so it is not read.",
    },
    {
      path: `/verify/${LEAF}/proof.json`,
      ask: (c: ReturnType<typeof createClient>) => c.proof(LEAF),
      said: `answered /verify/${LEAF}/proof.json with more than 1 MB; a proof bundle is a few KB, so it is not read.`,
    },
    {
      path: '/anchor/history',
      ask: (c: ReturnType<typeof createClient>) => c.anchorHistoryPage(),
      said: 'answered /anchor/history with more than 8 MB; a history of 20,000 anchors is smaller, so it is not read.',
    },
  ];

  it.each(cases)('on $path is cut at its limit, in bounded memory', async ({ path, ask, said }) => {
    const server = await hostile((_, asked) => (asked === path ? { kind: 'stream' } : undefined));
    const rssGrowth = server.watchMemory();
    const error = await failure(ask(createClient({ baseUrl: server.origin })));
    expect(error).toMatchObject({ code: 'answer_too_large', status: 200 });
    expect(error.message).toBe(`${server.origin} ${said}`);
    // The client let the connection go: the service stopped far short of its 100 MB.
    expect(await server.served(path).closed).toEqual({ early: true });
    expect(server.served(path).bytes).toBeLessThan(HUGE_BYTES / 4);
    expect(rssGrowth()).toBeLessThan(100 * MB);
  });

  it('is refused unread when its Content-Length says so (the service sends one chunk, then waits)', async () => {
    const server = await hostile(() => ({ kind: 'declared' }));
    const error = await failure(createClient({ baseUrl: server.origin }).anchorHistoryPage());
    expect(error.code).toBe('answer_too_large');
    expect(error.message).toBe(
      `${server.origin} answered /anchor/history with 100 MB (its Content-Length), more than 8 MB; a history of 20,000 anchors is smaller, so it is not read.`,
    );
    expect(await server.served('/anchor/history').closed).toEqual({ early: true });
  });

  it('is refused when it streams a declared size over the limit too', async () => {
    const server = await hostile(() => ({ kind: 'stream', declare: true }));
    const error = await failure(createClient({ baseUrl: server.origin }).protocolInfo());
    expect(error.code).toBe('answer_too_large');
    expect(error.message).toContain('(its Content-Length)');
    expect(await server.served('/protocol/info').closed).toEqual({ early: true });
  });
});

describe('an answer near the limit', () => {
  it('is read at exactly the limit and refused one byte over', async () => {
    let size = 64 * 1024;
    const server = await hostile(() => ({ kind: 'json', body: INFO, size }));
    const client = createClient({ baseUrl: server.origin });
    expect(await client.protocolInfo()).toMatchObject(INFO);
    size += 1;
    expect((await failure(client.protocolInfo())).code).toBe('answer_too_large');
  });

  it('is read over its route limit when the call raises it (maxAnswerBytes)', async () => {
    const server = await hostile(() => ({ kind: 'json', body: INFO, size: 100 * 1024 }));
    const client = createClient({ baseUrl: server.origin });
    expect((await failure(client.protocolInfo())).code).toBe('answer_too_large');
    expect(await client.protocolInfo({ maxAnswerBytes: 128 * 1024 })).toMatchObject(INFO);
  });
});

describe('redirects', () => {
  it('a write answered with a redirect is not sent on: the other server receives nothing', async () => {
    const elsewhere = await hostile(() => ({ kind: 'json', body: { key: 'x' } }));
    const service = await hostile((_, path) => ({
      kind: 'redirect',
      status: 307,
      location: `${elsewhere.origin}${path}`,
    }));
    const client = createClient({ baseUrl: service.origin, apiKey: 'k'.repeat(40) });
    const trial = await failure(client.trialKey());
    expect(trial).toMatchObject({ code: 'redirect_refused', status: 307 });
    expect(trial.message).toBe(
      `${service.origin} answered POST /trial-key with a redirect (HTTP 307 to ${elsewhere.origin}/trial-key), which is not followed for a write: nothing was sent on. Use the service's own API address.`,
    );
    const event = await failure(client.submitEvent({ event_type: 'CONTRACT_ANCHOR' }));
    expect(event.code).toBe('redirect_refused');
    await failure(client.deleteWebhook('w1'));
    expect(service.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /trial-key',
      'POST /event',
      'DELETE /webhooks/w1',
    ]);
    expect(elsewhere.requests).toEqual([]);
  });

  it('a read sent on to another origin is refused, its body never read', async () => {
    const elsewhere = await hostile(() => ({ kind: 'stream' }));
    const service = await hostile(() => ({
      kind: 'redirect',
      status: 302,
      location: `${elsewhere.origin}/protocol/info`,
    }));
    const error = await failure(createClient({ baseUrl: service.origin }).protocolInfo());
    expect(error.code).toBe('redirect_refused');
    expect(error.message).toBe(
      `${service.origin} sent /protocol/info on to ${elsewhere.origin}, another origin, so its answer is not read. If that is the service you mean, use its address.`,
    );
    expect(await elsewhere.served('/protocol/info').closed).toEqual({ early: true });
  });

  it('a read sent on within the same origin is followed', async () => {
    const service = await hostile((_, path) =>
      path === '/protocol/info'
        ? { kind: 'redirect', status: 301, location: '/v3/protocol/info' }
        : { kind: 'json', body: INFO },
    );
    expect(await createClient({ baseUrl: service.origin }).protocolInfo()).toMatchObject(INFO);
    expect(service.requests.map((r) => r.path)).toEqual(['/protocol/info', '/v3/protocol/info']);
  });
});
