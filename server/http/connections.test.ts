import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_KEY, capturedLog, contractEvent, makeTestApp, type TestApp } from '../test-helpers.js';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

/** Opens a raw TCP connection to the listening app and collects what it answers until it closes. */
function rawExchange(
  port: number,
  send: (socket: net.Socket) => void,
): Promise<{ text: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1', () => send(socket));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve({ text, closedAfterMs: Date.now() - started }));
    setTimeout(() => reject(new Error('the connection was never closed')), 60_000).unref();
  });
}

function jsonBodyOf(responseText: string): unknown {
  return JSON.parse(responseText.slice(responseText.indexOf('\r\n\r\n') + 4));
}

async function listening(env: Record<string, string> = {}): Promise<number> {
  t = await makeTestApp(env);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening on TCP');
  return address.port;
}

describe('requests the HTTP parser refuses', () => {
  it('answers a 100 KB header with 431 in the JSON error shape', async () => {
    const port = await listening();
    const { text } = await rawExchange(port, (socket) => {
      socket.write(`GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(100_000)}\r\n\r\n`);
    });
    expect(text.startsWith('HTTP/1.1 431')).toBe(true);
    expect(text).toMatch(/content-type: application\/json/i);
    expect(jsonBodyOf(text)).toEqual({
      error: { code: 'headers_too_large', message: expect.stringContaining('headers are too large') },
    });
    expectEveryAnswersHeaders(text);
  });

  it('answers a malformed request line with 400 in the JSON error shape', async () => {
    const port = await listening();
    const { text } = await rawExchange(port, (socket) => socket.write('NOT HTTP AT ALL\r\n\r\n'));
    expect(text.startsWith('HTTP/1.1 400')).toBe(true);
    expect(jsonBodyOf(text)).toEqual({ error: { code: 'malformed_request', message: expect.any(String) } });
    expectEveryAnswersHeaders(text);
  });

  it('answers an HTTP/1.1 request without Host with 400 in JSON, and one with Host as usual', async () => {
    const port = await listening();
    const { text } = await rawExchange(port, (socket) => socket.write('GET /stats HTTP/1.1\r\n\r\n'));
    expect(text.startsWith('HTTP/1.1 400')).toBe(true);
    expect(jsonBodyOf(text)).toEqual({
      error: { code: 'malformed_request', message: expect.stringContaining('Host header') },
    });
    expectEveryAnswersHeaders(text);
    const { text: withHost } = await rawExchange(port, (socket) =>
      socket.write('GET /stats HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
    );
    expect(withHost.startsWith('HTTP/1.1 200')).toBe(true);
  });

  it('answers an Expect other than 100-continue with 417 in JSON, and stores nothing', async () => {
    const port = await listening();
    const { text } = await rawExchange(port, (socket) =>
      socket.write(
        'POST /event HTTP/1.1\r\nHost: x\r\nExpect: 200-ok\r\nContent-Type: application/json\r\n' +
          `Authorization: Bearer ${ADMIN_KEY}\r\nContent-Length: 2\r\n\r\n{}`,
      ),
    );
    expect(text.startsWith('HTTP/1.1 417')).toBe(true);
    expect(jsonBodyOf(text)).toEqual({ error: { code: 'expectation_failed', message: expect.any(String) } });
    expectEveryAnswersHeaders(text);
    expect(await t!.store.leaves.leafCount()).toBe(0);
  });

  it('answers a malformed URL with 400 validation_failed naming the path, without echoing it', async () => {
    const port = await listening();
    for (const path of ['/verify/%zz/check', `/lifecycle/${'a'.repeat(5000)}`]) {
      const { text } = await rawExchange(port, (socket) =>
        socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`),
      );
      expect(text.startsWith('HTTP/1.1 400'), path).toBe(true);
      expect(jsonBodyOf(text)).toEqual({
        error: {
          code: 'validation_failed',
          message: expect.stringContaining('The URL is malformed'),
          fields: [{ field: 'path', message: expect.stringContaining('percent-encoding') }],
        },
      });
      expect(text.length).toBeLessThan(4000);
      expectEveryAnswersHeaders(text);
    }
  });

  it('checks Host before Expect: no 100 Continue and no 417 for a request without Host', async () => {
    const port = await listening();
    for (const expectation of ['100-continue', '200-ok']) {
      const { text } = await rawExchange(port, (socket) =>
        socket.write(
          `POST /event HTTP/1.1\r\nExpect: ${expectation}\r\nContent-Type: application/json\r\n` +
            `Authorization: Bearer ${ADMIN_KEY}\r\nContent-Length: 2\r\n\r\n`,
        ),
      );
      expect(text.startsWith('HTTP/1.1 400'), expectation).toBe(true);
      expect(jsonBodyOf(text)).toMatchObject({ error: { code: 'malformed_request' } });
    }
  });

  it('still takes a body sent after 100 Continue', async () => {
    const port = await listening();
    const body = JSON.stringify(contractEvent(1));
    const { text } = await rawExchange(port, (socket) => {
      socket.write(
        'POST /event HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nConnection: close\r\n' +
          `Content-Type: application/json\r\nAuthorization: Bearer ${ADMIN_KEY}\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
      );
      socket.once('data', () => socket.write(body));
    });
    expect(text.startsWith('HTTP/1.1 100 Continue')).toBe(true);
    expect(text).toContain('HTTP/1.1 201');
    expect(await t!.store.leaves.leafCount()).toBe(1);
  });
});

/** The security headers and a request id, which every answer carries, also those made below Fastify. */
function expectEveryAnswersHeaders(responseText: string): void {
  const head = responseText.slice(0, responseText.indexOf('\r\n\r\n')).toLowerCase();
  expect(head).toContain("content-security-policy: default-src 'self'");
  expect(head).toContain('x-content-type-options: nosniff');
  expect(head).toContain('referrer-policy: no-referrer');
  expect(head).toMatch(/x-request-id: [0-9a-f-]{36}/);
}

describe('slow clients', () => {
  it('cuts a body trickled at 1 byte a second within 30 s (default timeouts), answering 408', async () => {
    const port = await listening();
    let timer: NodeJS.Timeout | undefined;
    const { text, closedAfterMs } = await rawExchange(port, (socket) => {
      socket.write(
        'POST /event HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
          `Authorization: Bearer ${ADMIN_KEY}\r\nContent-Length: 1000\r\n\r\n`,
      );
      timer = setInterval(() => socket.writable && socket.write('{'), 1000);
    });
    clearInterval(timer);
    expect(text.startsWith('HTTP/1.1 408')).toBe(true);
    expect(jsonBodyOf(text)).toEqual({ error: { code: 'request_timeout', message: expect.any(String) } });
    expect(closedAfterMs).toBeLessThan(30_000);
    // Not before the configured deadline: a legitimately slow upload has its whole window.
    expect(closedAfterMs).toBeGreaterThanOrEqual(t!.config.requestTimeoutMs - 100);
  }, 45_000);

  it('honours a configured request timeout', async () => {
    const port = await listening({ REQUEST_TIMEOUT_MS: '2000', HEADERS_TIMEOUT_MS: '2000' });
    const { text, closedAfterMs } = await rawExchange(port, (socket) => {
      // Headers never finished.
      socket.write('GET /health HTTP/1.1\r\nHost: x\r\n');
    });
    expect(text.startsWith('HTTP/1.1 408')).toBe(true);
    expect(closedAfterMs).toBeGreaterThanOrEqual(1900);
    expect(closedAfterMs).toBeLessThan(8000);
  });
});

describe('request ids and the failure log', () => {
  it('names every answer with a fresh request id', async () => {
    t = await makeTestApp();
    const first = await t.app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'x-request-id': 'forged' },
    });
    const second = await t.app.inject({ method: 'GET', url: '/health' });
    const ids = [first.headers['x-request-id'], second.headers['x-request-id']];
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('logs every 5xx with its request id and no credentials, even with request logging off', async () => {
    const { logStream, lines } = capturedLog();
    t = await makeTestApp({}, { log: 'errors', logStream });
    // The database going away under a running service is a real 5xx path.
    await t.store.close();
    const secretQuery = 'token=do-not-log-me';
    const response = await t.app.inject({
      method: 'GET',
      url: `/anchor/history?${secretQuery}`,
      headers: { authorization: `Bearer ${ADMIN_KEY}` },
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(500);
    const id = response.headers['x-request-id'];
    await new Promise((resolve) => setImmediate(resolve));
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const entry = entries.find((e) => e.reqId === id);
    expect(entry).toMatchObject({ statusCode: response.statusCode, route: 'GET /anchor/history' });
    const everything = lines.join('\n');
    expect(everything).not.toContain(ADMIN_KEY);
    expect(everything).not.toContain(secretQuery);
    // A 4xx is the client's business, not an operator's alarm.
    const before = lines.length;
    await t.app.inject({ method: 'GET', url: '/verify/zz/check' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.length).toBe(before);
  });

  it('logs each request by method and path only when request logging is on', async () => {
    const { logStream, lines } = capturedLog();
    t = await makeTestApp({}, { log: 'requests', logStream });
    await t.app.inject({
      method: 'GET',
      url: '/lookup?q=secret_wallet_pseudonym',
      headers: { authorization: `Bearer ${ADMIN_KEY}`, 'user-agent': 'agent-do-not-log' },
    });
    await new Promise((resolve) => setImmediate(resolve));
    const requests = lines.map((line) => JSON.parse(line) as { req?: unknown }).filter((e) => e.req);
    expect(requests).toEqual([expect.objectContaining({ req: { method: 'GET', url: '/lookup' } })]);
    const everything = lines.join('\n');
    for (const secret of ['secret_wallet_pseudonym', ADMIN_KEY, 'agent-do-not-log', 'remoteAddress']) {
      expect(everything).not.toContain(secret);
    }
  });
});
