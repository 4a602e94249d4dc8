/**
 * The lifecycle export under load: several at once are each complete, small requests are answered
 * while they stream, a slow client holds its export back and a client that goes ends it, and a
 * compressed export is flushed as it is made.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyExport } from 'zap1';
import { heavyWork } from '../http/heavy-work.js';
import { contractEvent, makeTestApp, operator, type TestApp } from '../test-helpers.js';
import { ExportPackageSchema, exportsInProgress } from './lifecycle.js';

const WALLET = 'busy_wallet';
const EVENTS = 620;
let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await makeTestApp();
  const posts = Array.from({ length: EVENTS }, (_, n) =>
    t.app.inject({ method: 'POST', url: '/event', headers: operator, payload: contractEvent(n, WALLET) }),
  );
  for (const res of await Promise.all(posts)) expect(res.statusCode).toBe(201);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
});

/** Polls `check` every 20 ms until it holds (at most 20 s). */
async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A GET over a real socket: the response, and a promise of its whole body. */
function get(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ res: http.IncomingMessage; req: http.ClientRequest }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${path}`, { headers, agent: false }, (res) => resolve({ res, req }));
    req.on('error', reject);
  });
}

function readAll(res: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    res.on('data', (chunk: Buffer) => parts.push(chunk));
    res.on('end', () => resolve(Buffer.concat(parts)));
    res.on('error', reject);
  });
}

describe('several exports at once', () => {
  it('each is complete, in order, and verifies', async () => {
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => t.app.inject({ url: `/lifecycle/${WALLET}/export` })),
    );
    const leafOrder = (pkg: ReturnType<typeof ExportPackageSchema.parse>) =>
      pkg.proofs.map((p) => p.leaf_hash);
    const packages = answers.map((res) => {
      expect(res.statusCode).toBe(200);
      return ExportPackageSchema.parse(res.json());
    });
    for (const pkg of packages) {
      expect(pkg.proofs).toHaveLength(EVENTS);
      expect(new Set(leafOrder(pkg)).size).toBe(EVENTS);
      expect(leafOrder(pkg)).toEqual(leafOrder(packages[0]!));
      expect(verifyExport(pkg)).toMatchObject({ valid: true });
    }
  });

  it('answers /health while they stream, before they are done', async () => {
    const exports = await Promise.all(Array.from({ length: 4 }, () => get(`/lifecycle/${WALLET}/export`)));
    let exportsDone = 0;
    const bodies = exports.map(({ res }) =>
      readAll(res).then((body) => {
        exportsDone++;
        return body;
      }),
    );
    const health = await get('/health');
    await readAll(health.res);
    const doneWhenHealthAnswered = exportsDone;
    expect(health.res.statusCode).toBe(200);
    for (const body of await Promise.all(bodies)) {
      expect(ExportPackageSchema.parse(JSON.parse(body.toString('utf8'))).proofs).toHaveLength(EVENTS);
    }
    // Four exports of 620 proofs each take many turns; /health waits for one at most.
    expect(doneWhenHealthAnswered).toBeLessThan(exports.length);
  });
});

/** A slice that holds the scheduler until released: nothing else runs meanwhile. */
function holdScheduler(): { running: Promise<void>; release: () => void } {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let started = () => {};
  const running = new Promise<void>((resolve) => (started = resolve));
  void heavyWork.run(async () => {
    started();
    await released;
  });
  return { running, release };
}

describe('one client', () => {
  it('a client that does not read holds its export back; reading it through completes it', async () => {
    const res = await t.app.inject({ url: `/lifecycle/${WALLET}/export`, payloadAsStream: true });
    expect(res.statusCode).toBe(200);
    const stream = res.stream();
    // Unread: once its buffer is full, the export asks for no slice more (none waiting, none run).
    let last = -1;
    let steady = 0;
    await until(() => {
      const { slicesRun, waiting } = heavyWork.stats;
      steady = slicesRun === last && waiting === 0 ? steady + 1 : 0;
      last = slicesRun;
      return steady >= 10;
    });
    expect(exportsInProgress()).toBe(1);
    const parts: Buffer[] = [];
    for await (const part of stream) parts.push(part as Buffer);
    expect(exportsInProgress()).toBe(0);
    const pkg = ExportPackageSchema.parse(JSON.parse(Buffer.concat(parts).toString('utf8')));
    expect(pkg.proofs).toHaveLength(EVENTS);
  });

  it('a client that goes mid-export ends its work: its waiting slice is dropped, never run', async () => {
    const first = holdScheduler();
    await first.running;
    const request = http.get(`${base}/lifecycle/${WALLET}/export`, { agent: false });
    request.on('error', () => {});
    const response = new Promise<http.IncomingMessage>((resolve) => request.on('response', resolve));
    // The export's first read waits behind the held slice; a second hold goes behind it.
    await until(() => heavyWork.stats.waiting === 1);
    const second = holdScheduler();
    first.release();
    await second.running;
    const res = await response;
    expect(res.headers['transfer-encoding']).toBe('chunked');
    const head = await new Promise<Buffer>((resolve) => res.once('data', resolve));
    expect(head.toString('utf8')).toContain('"proofs":[');
    // Streaming: its next slice waits behind the second hold.
    await until(() => heavyWork.stats.waiting === 1);
    expect(exportsInProgress()).toBe(1);
    const slicesRun = heavyWork.stats.slicesRun;
    request.destroy();
    await until(() => exportsInProgress() === 0);
    expect(heavyWork.stats.waiting).toBe(0);
    second.release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heavyWork.stats.slicesRun).toBe(slicesRun);
  });

  it('a client that goes before its export starts costs no read', async () => {
    const hold = holdScheduler();
    await hold.running;
    const request = http.get(`${base}/lifecycle/${WALLET}/export`, { agent: false });
    request.on('error', () => {});
    await until(() => heavyWork.stats.waiting === 1);
    const slicesRun = heavyWork.stats.slicesRun;
    request.destroy();
    await until(() => heavyWork.stats.waiting === 0);
    hold.release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heavyWork.stats.slicesRun).toBe(slicesRun);
    expect(exportsInProgress()).toBe(0);
    expect((await t.app.inject({ url: '/health' })).statusCode).toBe(200);
  });

  it('compresses with gzip or brotli as the client asks, each part flushed as it is made', async () => {
    for (const [accept, encoding, decode] of [
      ['gzip', 'gzip', zlib.gunzipSync],
      ['br;q=1, gzip;q=0.5', 'br', zlib.brotliDecompressSync],
    ] as const) {
      const res = await t.app.inject({
        url: `/lifecycle/${WALLET}/export`,
        headers: { 'accept-encoding': accept },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(String(res.headers['vary'])).toContain('accept-encoding');
      expect(res.headers['content-length']).toBeUndefined();
      const pkg = ExportPackageSchema.parse(JSON.parse(decode(res.rawPayload).toString('utf8')));
      expect(pkg.proofs).toHaveLength(EVENTS);
      expect(verifyExport(pkg)).toMatchObject({ valid: true });
    }
  });

  it('answers HEAD with the headers of the export, makes no body and logs nothing', async () => {
    const lines: string[] = [];
    const logStream = new PassThrough();
    logStream.setEncoding('utf8');
    logStream.on('data', (chunk: string) => lines.push(chunk));
    const quiet = await makeTestApp({}, { log: 'errors', logStream });
    try {
      const posted = await quiet.app.inject({
        method: 'POST',
        url: '/event',
        headers: operator,
        payload: contractEvent(1, WALLET),
      });
      expect(posted.statusCode).toBe(201);
      for (let i = 0; i < 3; i++) {
        const res = await quiet.app.inject({ method: 'HEAD', url: `/lifecycle/${WALLET}/export` });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-disposition']).toBe(`attachment; filename="zap1-export-${WALLET}.json"`);
        expect(res.body).toBe('');
        expect(res.headers['content-length']).toBeUndefined();
      }
      // With compression asked for, the same headers a GET would send.
      const gzip = await quiet.app.inject({
        method: 'HEAD',
        url: `/lifecycle/${WALLET}/export`,
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(String(gzip.headers['vary'])).toContain('accept-encoding');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(exportsInProgress()).toBe(0);
      expect(lines).toEqual([]);
    } finally {
      await quiet.close();
    }
  });
});
