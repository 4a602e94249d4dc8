// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { shouldRetry } from '../app/query-client';
import { ApiError, apiRequest, GET_TIMEOUT_MS, NOT_ZAP1 } from './client';
import { stubFetch } from './fixtures/fetch-stub';
import { protocolInfoSchema } from './protocol';

const HTML =
  '<!doctype html><html><head><title>ZAP1 Anchor</title></head><body><div id="root"></div></body></html>';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

describe('apiRequest', () => {
  it('calls a 2xx HTML page (e.g. the app at /app) not a ZAP1 service, and points at Settings', async () => {
    stubFetch({ status: 200, body: HTML, contentType: 'text/html' });
    const error = await failure(
      apiRequest('/stats', { schema: z.looseObject({}), baseUrl: 'http://host/app' }),
    );
    expect(error.code).toBe(NOT_ZAP1);
    expect(error.message).toMatch(/does not look like a ZAP1 service/);
    expect(error.message).toMatch(/should not end in \/app/);
    expect(error.message).not.toContain('<');
    expect(error.pointsAtSettings).toBe(true);
  });

  it('calls JSON of another shape on /protocol/info not a ZAP1 service, elsewhere an unexpected shape', async () => {
    stubFetch({ status: 200, body: { hello: 'world' } }, { status: 200, body: { hello: 'world' } });
    const info = await failure(
      apiRequest('/protocol/info', { schema: protocolInfoSchema, baseUrl: 'http://other' }),
    );
    expect(info.code).toBe(NOT_ZAP1);
    const other = await failure(
      apiRequest('/stats', { schema: z.object({ total: z.number() }), baseUrl: 'http://other' }),
    );
    expect(other.code).toBe('bad_response');
    expect(other.pointsAtSettings).toBe(false);
  });

  it('never shows an HTML error page as the message, and points at Settings', async () => {
    stubFetch({ status: 404, body: `${HTML}<h1>Not Found</h1>`, contentType: 'text/html' });
    const error = await failure(apiRequest('/stats', { schema: z.unknown(), baseUrl: 'http://host' }));
    expect(error.status).toBe(404);
    expect(error.code).toBe('not_found');
    expect(error.message).toBe('The service answered HTTP 404 with a page that is not a ZAP1 answer.');
    expect(error.pointsAtSettings).toBe(true);
  });

  it('keeps the reference service plain-text error wording', async () => {
    stubFetch({ status: 404, body: 'leaf not found' });
    const error = await failure(
      apiRequest('/verify/x/check', { schema: z.unknown(), baseUrl: 'http://host' }),
    );
    expect(error.message).toBe('leaf not found');
    // The service's own words: not a reason to doubt the service URL.
    expect(error.pointsAtSettings).toBe(false);
  });

  it('reads the JSON error body with its field errors, dropping malformed entries', async () => {
    stubFetch({
      status: 400,
      body: {
        error: {
          code: 'validation_failed',
          message: 'The event is invalid',
          fields: [{ field: 'wallet_hash', message: 'wallet_hash is required' }, { field: 3 }, 'x'],
        },
      },
    });
    const error = await failure(
      apiRequest('/event', { schema: z.unknown(), method: 'POST', json: {}, baseUrl: 'http://host' }),
    );
    expect(error.code).toBe('validation_failed');
    expect(error.message).toBe('The event is invalid');
    expect(error.fields).toEqual([{ field: 'wallet_hash', message: 'wallet_hash is required' }]);
    expect(error.pointsAtSettings).toBe(false);
  });

  it('gives up on a GET that gets no answer after about 8 s, with a timeout that is not retried', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const pending = failure(apiRequest('/stats', { schema: z.unknown(), baseUrl: 'http://10.255.255.1' }));
    await vi.advanceTimersByTimeAsync(GET_TIMEOUT_MS - 1);
    let settled = false;
    void pending.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(2);
    const error = await pending;
    expect(GET_TIMEOUT_MS).toBeLessThanOrEqual(8_000);
    expect(error.code).toBe('timeout');
    expect(error.message).toMatch(/did not answer within 8 s/);
    expect(error.pointsAtSettings).toBe(true);
    expect(shouldRetry(0, error)).toBe(false);
  });
});

describe('shouldRetry', () => {
  it('retries network failures and 5xx twice, never 4xx', () => {
    const network = new ApiError({ status: 0, code: 'network_error', message: 'down' });
    const server = new ApiError({ status: 502, code: 'internal', message: 'bad gateway' });
    const missing = new ApiError({ status: 404, code: 'not_found', message: 'no' });
    expect(shouldRetry(0, network)).toBe(true);
    expect(shouldRetry(1, server)).toBe(true);
    expect(shouldRetry(2, server)).toBe(false);
    expect(shouldRetry(0, missing)).toBe(false);
  });
});

describe('a service that cannot be reached', () => {
  afterEach(() => document.head.querySelector('meta[name="zap1-upstream"]')?.remove());

  it('on another origin, says it may be CORS and names proxy mode with the URL to give it', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failure(
      apiRequest('/stats', { schema: z.unknown(), baseUrl: 'https://zap1.elsewhere.example' }),
    );
    expect(error.code).toBe('network_error');
    expect(error.message).toContain('CORS');
    expect(error.message).toContain('UPSTREAM_URL=https://zap1.elsewhere.example npm start');
    expect(error.pointsAtSettings).toBe(true);
  });

  it('on this origin, does not blame CORS, and names the deployment a proxy forwards to', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const own = await failure(apiRequest('/stats', { schema: z.unknown(), baseUrl: '' }));
    expect(own.message).toBe(
      'The service at this site could not be reached. Check the service URL in Settings.',
    );

    const meta = document.createElement('meta');
    meta.name = 'zap1-upstream';
    meta.content = 'https://zap1.reference.example';
    document.head.append(meta);
    const proxied = await failure(apiRequest('/stats', { schema: z.unknown(), baseUrl: '' }));
    expect(proxied.message).toContain('https://zap1.reference.example (through this site)');
    expect(proxied.message).not.toContain('CORS');
  });
});
