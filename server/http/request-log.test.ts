/** What the log holds of a request in proxy mode: method and path only (README "What is logged"). */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { buildProxyApp } from '../proxy/upstream-proxy.js';
import { capturedLog } from '../test-helpers.js';
import { pathOf } from './request-log.js';

describe('request log lines', () => {
  it('keep the path of a URL and drop its query string', () => {
    expect(pathOf('/lookup?q=secret&x=1')).toBe('/lookup');
    expect(pathOf('/events')).toBe('/events');
  });

  it('in proxy mode name method and path only: no query string, Host or client address', async () => {
    const { logStream, lines } = capturedLog();
    // An upstream nobody listens on: the request is answered 502, and logged all the same.
    const config = loadConfig({ UPSTREAM_URL: 'http://127.0.0.1:9', UPSTREAM_TIMEOUT_MS: '1000' });
    const proxy = await buildProxyApp({
      config,
      upstreamUrl: config.upstreamUrl ?? '',
      log: 'requests',
      logStream,
    });
    try {
      await proxy.inject({ url: '/lookup?q=secret_wallet_pseudonym', headers: { host: 'front.example' } });
      await new Promise((resolve) => setImmediate(resolve));
      const requests = lines.map((line) => JSON.parse(line) as { req?: unknown }).filter((e) => e.req);
      expect(requests).toEqual([expect.objectContaining({ req: { method: 'GET', url: '/lookup' } })]);
      const everything = lines.join('\n');
      for (const secret of ['secret_wallet_pseudonym', 'front.example', 'remoteAddress']) {
        expect(everything).not.toContain(secret);
      }
    } finally {
      await proxy.close();
    }
  });
});
