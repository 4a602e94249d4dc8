/**
 * The client's one error, `Zap1Error`, as the service gives cause for it (status, code, message,
 * field errors, Retry-After), and cancellation: an aborted request rejects with the abort, not an error of the service.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Zap1Error, createClient } from 'zap1';
import { ADMIN_KEY, contractEvent, startListeningService, type ListeningService } from './service.js';

let service: ListeningService;
beforeAll(async () => {
  service = await startListeningService({ TRIAL_KEYS_PER_HOUR: '2' });
});
afterAll(async () => {
  await service?.close();
});

/** The rejection of `promise`, which must be a `Zap1Error`. */
async function failure(promise: Promise<unknown>): Promise<Zap1Error> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Zap1Error);
  return error as Zap1Error;
}

describe('Zap1Error', () => {
  it('carries the field errors of an event the service refuses, and nothing is recorded', async () => {
    const client = createClient({ baseUrl: service.url, apiKey: ADMIN_KEY });
    const before = (await client.anchorStatus()).leaf_count;
    const error = await failure(client.submitEvent({ ...contractEvent(1), contract_sha256: 'not-a-hash' }));
    expect(error).toMatchObject({ status: 400, code: 'validation_failed', retryAfter: null });
    expect(error.fields.map((f) => f.field)).toContain('contract_sha256');
    expect(error.message.length).toBeGreaterThan(0);
    expect((await client.anchorStatus()).leaf_count).toBe(before);
  });

  it('says 401 unauthorized without a key and 403 forbidden for a trial key on an operator route', async () => {
    const anonymous = createClient({ baseUrl: service.url });
    expect(await failure(anonymous.submitEvent(contractEvent(2)))).toMatchObject({
      status: 401,
      code: 'unauthorized',
    });
    const trial = await anonymous.trialKey();
    const withTrial = createClient({ baseUrl: service.url, apiKey: trial.key });
    expect(await failure(withTrial.webhooks())).toMatchObject({ status: 403, code: 'forbidden' });
  });

  it('gives Retry-After in seconds when the service rate-limits, and 404 not_found for an unknown leaf', async () => {
    const anonymous = createClient({ baseUrl: service.url });
    let limited: Zap1Error | null = null;
    for (let i = 0; i < 4 && limited === null; i++) {
      limited = await anonymous.trialKey().then(
        () => null,
        (e: unknown) => (e instanceof Zap1Error ? e : null),
      );
    }
    expect(limited).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(limited?.retryAfter).toBeGreaterThan(0);
    expect(await failure(anonymous.check('0'.repeat(64)))).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('is status 0 network_error when nothing answers', async () => {
    const client = createClient({ baseUrl: 'http://127.0.0.1:9' });
    expect(await failure(client.protocolInfo())).toMatchObject({ status: 0, code: 'network_error' });
  });

  it('is bad_response when an answer does not have the shape of its route', async () => {
    const fakeFetch: typeof fetch = async () => Response.json({ protocol: 'ZAP1' });
    const client = createClient({ baseUrl: 'https://zap1.example', fetch: fakeFetch });
    const error = await failure(client.stats());
    expect(error).toMatchObject({ status: 200, code: 'bad_response' });
    expect(error.message).toContain('total_leaves');
  });
});

describe('cancelling a request', () => {
  it('rejects with the AbortSignal’s reason, before or during the request', async () => {
    const client = createClient({ baseUrl: service.url });
    const cancelled = new AbortController();
    cancelled.abort();
    await expect(client.protocolInfo({ signal: cancelled.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    const timedOut = client.eventsPage({}, { signal: AbortSignal.timeout(0) });
    await expect(timedOut).rejects.toMatchObject({ name: 'TimeoutError' });
    const iterating = new AbortController();
    const walk = client.allEvents({}, { signal: iterating.signal });
    iterating.abort();
    await expect(walk.next()).rejects.not.toBeInstanceOf(Zap1Error);
  });
});
