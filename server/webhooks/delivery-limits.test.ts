/**
 * Deliveries are bounded whatever the receiver does: an answer that streams without end is read
 * only up to a few KiB, then the connection is dropped; a stalled answer ends with the timeout. A
 * receiver host name is resolved before connecting and refused if it leads to a link-local
 * address. Traffic goes to 127.0.0.1 only; refused addresses come from a lookup double or a
 * stored URL and are never connected to.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTestApp, submitContractEvent, type TestApp } from '../test-helpers.js';
import { MAX_RESPONSE_BYTES, WebhookDispatcher, type DispatcherOptions } from './dispatcher.js';
import { fakeLookup } from './test-helpers.js';

let t: TestApp;
const servers: http.Server[] = [];
beforeEach(async () => {
  t = await makeTestApp();
  await submitContractEvent(t, 1);
});
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }
  await t.close();
});

/** A receiver on 127.0.0.1 whose answer is `answer`; returns its port. */
async function serve(answer: (res: http.ServerResponse) => void): Promise<number> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => answer(res));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** Registers `url` in the store (as an older version, or WEBHOOK_ALLOW_PRIVATE, could have). */
async function hook(url: string): Promise<string> {
  const id = randomUUID();
  await t.store.webhooks.registerWebhook({
    id,
    url,
    secretHex: '00'.repeat(16),
    createdAt: new Date().toISOString(),
    leafCursor: 0,
    anchorCursor: 0,
  });
  return id;
}

const cursor = async (id: string) =>
  (await t.store.webhooks.listWebhooks()).find((w) => w.id === id)?.leafCursor;

/**
 * A dispatcher for the one stored leaf, whose log lines go to `lines`; `round()` runs one round of
 * deliveries and returns how many milliseconds it took.
 */
function dispatcher(options: Partial<DispatcherOptions> = {}) {
  const lines: string[] = [];
  const d = new WebhookDispatcher({
    store: t.store,
    treeSize: () => 1,
    log: (line) => lines.push(line),
    ...options,
  });
  const round = async (): Promise<number> => {
    const started = Date.now();
    await d.deliverDue();
    return Date.now() - started;
  };
  return { round, lines };
}

async function waitFor(condition: () => boolean, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!condition() && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
}

describe('answers are read only up to a limit', () => {
  it.each([
    [200, 1],
    [503, 0],
  ])(
    'an answer %i that streams without end is recorded promptly, and its connection dropped',
    async (status, delivered) => {
      // The receiver writes until its connection closes, or stops by itself after 64 MiB or 5 s.
      let sent = 0;
      let wroteAll = false;
      let closed = false;
      const port = await serve((res) => {
        res.on('close', () => (closed = true));
        res.writeHead(status, { 'content-type': 'application/octet-stream' });
        const chunk = Buffer.alloc(64 * 1024, 0x61);
        const until = Date.now() + 5000;
        const pump = (): void => {
          while (!res.destroyed && sent < 64 * 1024 * 1024 && Date.now() < until) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          if (!res.destroyed) {
            wroteAll = true;
            res.end();
          }
        };
        pump();
      });
      const id = await hook(`http://127.0.0.1:${port}/hook`);
      const { round, lines } = dispatcher({ timeoutMs: 8000 });
      expect(await round()).toBeLessThan(4000);
      expect(await cursor(id)).toBe(delivered);
      if (status === 503) expect(lines).toEqual([expect.stringContaining('answered HTTP 503')]);
      else expect(lines).toEqual([]);
      await waitFor(() => closed, 2000);
      expect(closed).toBe(true);
      expect(wroteAll).toBe(false);
      // What the receiver got out before the close: the few KiB read plus the socket buffers.
      expect(sent).toBeLessThan(32 * 1024 * 1024);
      expect(MAX_RESPONSE_BYTES).toBeLessThanOrEqual(16 * 1024);
    },
  );

  it('an answer that stops midway ends with the timeout; its status still decides', async () => {
    let closed = false;
    const port = await serve((res) => {
      res.on('close', () => (closed = true));
      res.writeHead(200, { 'content-length': '1000000' });
      res.write('x'.repeat(100)); // and nothing more
    });
    const id = await hook(`http://127.0.0.1:${port}/hook`);
    const { round } = dispatcher({ timeoutMs: 300 });
    expect(await round()).toBeLessThan(4000);
    expect(await cursor(id)).toBe(1);
    await waitFor(() => closed, 2000);
    expect(closed).toBe(true);
  });

  it('no answer at all is a failed delivery after the timeout', async () => {
    const port = await serve(() => undefined);
    const id = await hook(`http://127.0.0.1:${port}/hook`);
    const { round, lines } = dispatcher({ timeoutMs: 300 });
    expect(await round()).toBeLessThan(4000);
    expect(await cursor(id)).toBe(0);
    expect(lines).toEqual([expect.stringContaining('failed')]);
  });
});

describe('receiver addresses at delivery', () => {
  it('connects to the address the host name resolves to, when it is allowed (loopback)', async () => {
    let got = 0;
    const port = await serve((res) => {
      got++;
      res.writeHead(204).end();
    });
    const id = await hook(`http://receiver.invalid:${port}/hook`);
    const { lookup, asked } = fakeLookup([{ address: '127.0.0.1', family: 4 }]);
    await dispatcher({ lookup }).round();
    expect(asked).toContain('receiver.invalid');
    expect(got).toBe(1);
    expect(await cursor(id)).toBe(1);
  });

  it('refuses a host name that resolves to a link-local address, before connecting', async () => {
    const id = await hook('http://metadata.invalid/latest/meta-data/');
    const { lookup, asked } = fakeLookup([{ address: '169.254.169.254', family: 4 }]);
    const { round, lines } = dispatcher({ lookup });
    await round();
    expect(asked).toEqual(['metadata.invalid']);
    expect(await cursor(id)).toBe(0);
    expect(lines).toEqual([
      expect.stringMatching(
        /failed, refused: metadata\.invalid resolves to 169\.254\.169\.254 is a link-local or cloud metadata address/,
      ),
    ]);
  });

  it('refuses a stored link-local or unspecified URL without resolving or connecting', async () => {
    const ids = [
      await hook('http://169.254.169.254/latest/meta-data/'),
      await hook('http://[::ffff:169.254.169.254]/'),
      await hook('http://0.0.0.0:9/hook'),
    ];
    const { lookup, asked } = fakeLookup([{ address: '127.0.0.1', family: 4 }]);
    const { round, lines } = dispatcher({ lookup });
    expect(await round()).toBeLessThan(3000);
    expect(asked).toEqual([]);
    for (const id of ids) expect(await cursor(id)).toBe(0);
    expect(lines).toHaveLength(3);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/refused: 169\.254\.169\.254 is a link-local/),
        expect.stringMatching(/refused: ::ffff:a9fe:a9fe is a link-local/),
        expect.stringMatching(/refused: 0\.0\.0\.0 is an unspecified address/),
      ]),
    );
  });
});
