/**
 * Test-only: a hostile ZAP1 "service" on a loopback port, for the tests that check every reader
 * (the app's, the zap1 client's, the verifier's) cuts an answer at its limit and follows no
 * redirect it should not. Each path answers as the test says: a body of 100 MB streamed in 64 KB
 * chunks (as fast as the client takes them, so a client that buffered would show it in memory), a
 * `Content-Length` far over any limit, plain JSON, or a redirect. Every request is recorded with the
 * bytes written to it and whether the client closed it before the end.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const HUGE_BYTES = 100 * 1024 * 1024;
export const CHUNK_BYTES = 64 * 1024;

export type Route =
  /** `bytes` of JSON-looking text that never closes, in 64 KB chunks; `declare` sends their Content-Length. */
  | { kind: 'stream'; bytes?: number; declare?: boolean }
  /** A Content-Length of `bytes`, one chunk, then nothing until the client goes: a reader must refuse it unread. */
  | { kind: 'declared'; bytes?: number }
  /** `body` as JSON; `size` pads it with trailing spaces (still JSON) to exactly that many bytes. */
  | { kind: 'json'; body: unknown; status?: number; size?: number }
  | { kind: 'redirect'; status: number; location: string };

export interface Served {
  method: string;
  path: string;
  /** Bytes of body written so far. */
  bytes: number;
  /** Resolves once the connection of this answer closed, with whether it closed before the answer ended. */
  closed: Promise<{ early: boolean }>;
}

export interface HostileServer {
  origin: string;
  requests: Served[];
  /**
   * Starts watching this process's memory (the client under test runs in it): the returned function
   * gives how far `rss` rose above its value now, at its highest over every chunk written since.
   */
  watchMemory: () => () => number;
  /** The request for `path` (its first), which the test waits on. */
  served: (path: string) => Served;
  close: () => Promise<void>;
}

/** Starts the server; `route(method, path)` says how each request is answered (404 when undefined). */
export async function startHostileServer(
  route: (method: string, path: string) => Route | undefined,
): Promise<HostileServer> {
  const requests: Served[] = [];
  let peak = 0;
  const sampleRss = () => {
    peak = Math.max(peak, process.memoryUsage().rss);
  };

  async function stream(res: ServerResponse, served: Served, bytes: number): Promise<void> {
    const head = Buffer.from('{"protocol":"ZAP1","padding":"');
    const chunk = Buffer.alloc(CHUNK_BYTES, 'a');
    // Plain listeners, not events.once: a response that errors after the client left must not
    // leave a rejected promise nobody awaits.
    let left = false;
    const gone = new Promise<void>((resolve) =>
      res.once('close', () => {
        left = true;
        resolve();
      }),
    );
    const drain = () => new Promise<void>((resolve) => res.once('drain', () => resolve()));
    for (let sent = 0; sent < bytes && !left;) {
      const piece = sent === 0 ? Buffer.concat([head, chunk.subarray(head.length)]) : chunk;
      const drained = res.write(piece);
      sent += piece.length;
      served.bytes = sent;
      sampleRss();
      // Wait for the client to take it (or go): the pace is the client's, never the clock's.
      if (!drained) await Promise.race([drain(), gone]);
      else await new Promise((resolve) => setImmediate(resolve));
    }
    if (!left) res.end();
  }

  function answer(req: IncomingMessage, res: ServerResponse): void {
    const method = req.method ?? 'GET';
    const path = req.url ?? '/';
    let ended = false;
    res.on('finish', () => (ended = true));
    res.on('error', () => undefined); // a client that goes mid-answer is what these tests expect
    const served: Served = {
      method,
      path,
      bytes: 0,
      closed: new Promise((resolve) => res.on('close', () => resolve({ early: !ended }))),
    };
    requests.push(served);
    req.resume(); // a POST's body is taken and dropped: what matters is that it arrived here
    const how = route(method, path);
    if (how === undefined) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'not_found', message: 'no such path here' } }));
    } else if (how.kind === 'redirect') {
      res.writeHead(how.status, { location: how.location });
      res.end();
    } else if (how.kind === 'json') {
      const text = JSON.stringify(how.body);
      const body = how.size === undefined ? text : text.padEnd(how.size, ' ');
      res.writeHead(how.status ?? 200, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      });
      res.end(body);
      served.bytes = Buffer.byteLength(body);
    } else if (how.kind === 'declared') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': how.bytes ?? HUGE_BYTES });
      res.write(Buffer.alloc(CHUNK_BYTES, ' '));
      served.bytes = CHUNK_BYTES;
    } else {
      const bytes = how.bytes ?? HUGE_BYTES;
      res.writeHead(200, {
        'content-type': 'application/json',
        ...(how.declare ? { 'content-length': bytes } : {}),
      });
      void stream(res, served, bytes);
    }
  }

  const server = createServer(answer);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    watchMemory() {
      const start = process.memoryUsage().rss;
      peak = start;
      return () => peak - start;
    },
    served(path) {
      const found = requests.find((r) => r.path === path);
      if (!found)
        throw new Error(`${path} was never asked; asked: ${requests.map((r) => r.path).join(', ')}`);
      return found;
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
