/**
 * The web app's request function and the verifier's service reader (the Verify page's and the
 * command line's) against a hostile service (security review): a 100 MB answer is cut at its
 * route's limit, quickly and in bounded memory, the connection closed early; a `Content-Length`
 * over the limit is refused unread; a write is never sent on by a redirect, and a read is followed
 * only on the service's own origin.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ServiceUnavailableError } from 'zap1';
import { HUGE_BYTES, startHostileServer, type HostileServer, type Route } from 'zap1/testing';
import { ApiError, apiRequest } from './client';
import { httpServiceReader } from 'zap1';

const LEAF = 'ab'.repeat(32);
const INFO = { protocol: 'ZAP1', version: '3', network: 'devnet' };
const MB = 1024 * 1024;
const INFO_CUT =
  "answered /protocol/info with more than 64 KB; a ZAP1 service's info is a few KB, so it is not read.";

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

async function rejection<E>(promise: Promise<unknown>, type: new (...args: never[]) => E): Promise<E> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(type);
  return error as E;
}

/** That the service's answer to `path` was cut short by the client, and memory stayed bounded. */
async function cutShort(server: HostileServer, path: string, rssGrowth: () => number): Promise<void> {
  expect(await server.served(path).closed).toEqual({ early: true });
  expect(server.served(path).bytes).toBeLessThan(HUGE_BYTES / 4);
  expect(rssGrowth()).toBeLessThan(100 * MB);
}

describe("the app's apiRequest", () => {
  it('cuts a 100 MB /protocol/info at 64 KB and a 100 MB /anchor/history at 8 MB', async () => {
    const server = await hostile(() => ({ kind: 'stream' }));
    for (const [path, said] of [
      ['/protocol/info', INFO_CUT],
      ['/anchor/history', 'answered /anchor/history with more than 8 MB'],
    ] as const) {
      const rssGrowth = server.watchMemory();
      const error = await rejection(
        apiRequest(path, { schema: z.unknown(), baseUrl: server.origin }),
        ApiError,
      );
      expect(error.code).toBe('answer_too_large');
      expect(error.message).toContain(`${server.origin} ${said}`);
      await cutShort(server, path, rssGrowth);
    }
  });

  it('refuses a Content-Length over the limit unread, and reads an answer at the limit', async () => {
    let route: Route = { kind: 'declared' };
    const server = await hostile(() => route);
    const error = await rejection(
      apiRequest('/protocol/info', { schema: z.unknown(), baseUrl: server.origin }),
      ApiError,
    );
    expect(error.message).toContain('with 100 MB (its Content-Length), more than 64 KB');
    expect(await server.served('/protocol/info').closed).toEqual({ early: true });
    route = { kind: 'json', body: INFO, size: 64 * 1024 };
    expect(await apiRequest('/protocol/info', { schema: z.unknown(), baseUrl: server.origin })).toEqual(INFO);
  });

  it('times out a body that stops coming, as it times out headers that never come', async () => {
    // Under every limit, but only its first chunk ever comes: the one way this ends is the budget.
    const server = await hostile(() => ({ kind: 'declared', bytes: 1024 * 1024 }));
    const error = await rejection(
      apiRequest('/stats', { schema: z.unknown(), baseUrl: server.origin, timeoutMs: 100 }),
      ApiError,
    );
    expect(error).toMatchObject({ code: 'timeout', status: 0 });
    expect(await server.served('/stats').closed).toEqual({ early: true });
  });

  it('sends no write on through a redirect, and points at Settings', async () => {
    const elsewhere = await hostile(() => ({ kind: 'json', body: {} }));
    const service = await hostile((_, path) => ({
      kind: 'redirect',
      status: 307,
      location: `${elsewhere.origin}${path}`,
    }));
    const error = await rejection(
      apiRequest('/event', {
        schema: z.unknown(),
        method: 'POST',
        json: { a: 1 },
        apiKey: 'k',
        baseUrl: service.origin,
      }),
      ApiError,
    );
    expect(error).toMatchObject({ code: 'redirect_refused', status: 307, pointsAtSettings: true });
    expect(error.message).toContain('which is not followed for a write: nothing was sent on');
    expect(elsewhere.requests).toEqual([]);
  });

  it('refuses a read sent on to another origin, and follows one on the same origin', async () => {
    const elsewhere = await hostile(() => ({ kind: 'stream' }));
    const service = await hostile((_, path) =>
      path === '/stats'
        ? { kind: 'redirect', status: 302, location: `${elsewhere.origin}/stats` }
        : path === '/protocol/info'
          ? { kind: 'redirect', status: 302, location: '/moved/protocol/info' }
          : { kind: 'json', body: INFO },
    );
    const error = await rejection(
      apiRequest('/stats', { schema: z.unknown(), baseUrl: service.origin }),
      ApiError,
    );
    expect(error.code).toBe('redirect_refused');
    expect(error.message).toContain(`sent /stats on to ${elsewhere.origin}, another origin`);
    expect(await elsewhere.served('/stats').closed).toEqual({ early: true });
    expect(await apiRequest('/protocol/info', { schema: z.unknown(), baseUrl: service.origin })).toEqual(
      INFO,
    );
  });
});

describe('httpServiceReader', () => {
  const reader = (server: HostileServer) => httpServiceReader(server.origin, { trust: 'chosen' });

  it('cuts each 100 MB answer it reads at its limit, and says so as the reason it could not ask', async () => {
    const server = await hostile(() => ({ kind: 'stream' }));
    const asks: [string, (r: ReturnType<typeof reader>) => Promise<unknown>, string][] = [
      ['/protocol/info', (r) => r.network(), INFO_CUT],
      [`/verify/${LEAF}/proof.json`, (r) => r.proof(LEAF), 'with more than 1 MB; a proof bundle is a few KB'],
      ['/anchor/history', (r) => r.historyPage(null), 'answered /anchor/history with more than 8 MB'],
      [
        `/anchor/evidence/${'7'.repeat(64)}`,
        (r) => r.evidence!('7'.repeat(64)),
        'with more than 8 MB; chain evidence',
      ],
    ];
    for (const [path, ask, said] of asks) {
      const rssGrowth = server.watchMemory();
      const error = await rejection(ask(reader(server)), ServiceUnavailableError);
      expect(error.message).toContain(said);
      expect(error.message.startsWith(server.origin)).toBe(true);
      await cutShort(server, path, rssGrowth);
    }
  });

  it('lets go of an answer it judges by its status alone (the leaf check, a 404)', async () => {
    const server = await hostile(() => ({ kind: 'stream' }));
    expect(await reader(server).leafKnown(LEAF)).toBe(true);
    expect(await server.served(`/verify/${LEAF}/check`).closed).toEqual({ early: true });
  });

  it('refuses a Content-Length over the limit unread, and reads an answer at the limit', async () => {
    let route: Route = { kind: 'declared' };
    const server = await hostile(() => route);
    const error = await rejection(reader(server).network(), ServiceUnavailableError);
    expect(error.message).toContain('with 100 MB (its Content-Length), more than 64 KB');
    route = { kind: 'json', body: INFO, size: 64 * 1024 };
    expect(await reader(server).network()).toBe('devnet');
  });

  it('times out a body that stops coming', async () => {
    const server = await hostile(() => ({ kind: 'declared', bytes: 1024 * 1024 }));
    const slow = httpServiceReader(server.origin, { trust: 'chosen', timeoutMs: 100 });
    const error = await rejection(slow.historyPage(null), ServiceUnavailableError);
    expect(error.message).toBe(`${server.origin} did not answer /anchor/history (it timed out)`);
  });

  it('refuses an answer from another origin, and follows a redirect on its own', async () => {
    const elsewhere = await hostile(() => ({ kind: 'json', body: INFO }));
    const service = await hostile((_, path) =>
      path === '/protocol/info'
        ? { kind: 'redirect', status: 302, location: `${elsewhere.origin}/protocol/info` }
        : { kind: 'redirect', status: 302, location: '/protocol/info' },
    );
    const error = await rejection(reader(service).network(), ServiceUnavailableError);
    expect(error.message).toBe(
      `${service.origin} sent /protocol/info on to ${elsewhere.origin}, another origin, so its answer is not read. If that is the service you mean, use its address.`,
    );
    const same = await hostile((_, path) =>
      path === '/protocol/info'
        ? { kind: 'redirect', status: 308, location: '/v3/info' }
        : { kind: 'json', body: INFO },
    );
    expect(await reader(same).network()).toBe('devnet');
  });
});
