import { afterEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { ApiError } from './client';
import {
  fetchKeyInfo,
  keyInfoQueryOptions,
  keyInfoSchema,
  keyKeys,
  requestTrialKey,
  trialKeyExpiry,
  trialKeySchema,
} from './keys';
import { fixture, stubFetch } from './fixtures/fetch-stub';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('trial key', () => {
  it('parses the reference 201 shape (no expires_at)', () => {
    const key = trialKeySchema.parse(fixture('reference-trial-key.json'));
    expect(key.key).toMatch(/^zap1_trial_[0-9a-f]{32}$/);
    expect(key.quota).toBe(5);
    expect(key.expires_at).toBeUndefined();
  });

  it('parses the trial key recorded from this service', () => {
    const key = trialKeySchema.parse(fixture('service-trial-key.json'));
    expect(key.tier).toBe('trial');
    expect(key.quota).toBeGreaterThan(0);
  });

  it('rejects a body without a key', () => {
    expect(trialKeySchema.safeParse({ tier: 'trial', quota: 5, expires_in_days: 30 }).success).toBe(false);
  });

  it('computes the expiry from expires_at, else from expires_in_days', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const reference = trialKeySchema.parse(fixture('reference-trial-key.json'));
    expect(trialKeyExpiry(reference, now).toISOString()).toBe('2026-01-31T00:00:00.000Z');
    expect(trialKeyExpiry({ ...reference, expires_at: '2026-02-15T12:00:00Z' }, now).toISOString()).toBe(
      '2026-02-15T12:00:00.000Z',
    );
  });

  it('posts without credentials and returns the key', async () => {
    const seen = stubFetch({ status: 201, body: fixture('reference-trial-key.json') });
    const key = await requestTrialKey('http://svc.example');
    expect(key.expires_in_days).toBe(30);
    expect(seen[0]).toMatchObject({ url: 'http://svc.example/trial-key', method: 'POST' });
    expect(seen[0]?.headers.authorization).toBeUndefined();
  });

  it('turns a rate-limited answer into an ApiError with Retry-After', async () => {
    stubFetch({
      status: 429,
      body: {
        error: { code: 'rate_limited', message: 'Too many trial keys from this address; try again later.' },
      },
      headers: { 'Retry-After': '120' },
    });
    const error: unknown = await requestTrialKey('').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', retryAfterS: 120 });
  });

  it('reports the reference "issuance disabled" 404 in its own words', async () => {
    stubFetch({ status: 404, body: 'Trial-key issuance is disabled' });
    await expect(requestTrialKey('')).rejects.toMatchObject({
      status: 404,
      message: 'Trial-key issuance is disabled',
    });
  });
});

describe('GET /key', () => {
  it('parses a trial key and an operator key (no quota, no expiry)', () => {
    expect(
      keyInfoSchema.parse({ tier: 'trial', quota: 50, used: 3, expires_at: '2026-02-01T00:00:00.000Z' }).used,
    ).toBe(3);
    const operator = keyInfoSchema.parse({ tier: 'operator', quota: null, used: null, expires_at: null });
    expect(operator.quota).toBeNull();
  });

  it('parses the key info recorded from this service', () => {
    const info = keyInfoSchema.parse(fixture('service-key-info.json'));
    expect(info.tier).toBe('trial');
    expect(typeof info.used).toBe('number');
  });

  it('sends the given key, not the kept one', async () => {
    const seen = stubFetch({
      status: 200,
      body: { tier: 'operator', quota: null, used: 0, expires_at: null },
    });
    const info = await fetchKeyInfo('', 'pasted-operator-key');
    expect(info.tier).toBe('operator');
    expect(seen[0]?.url).toBe('/key');
    expect(seen[0]?.headers.authorization).toBe('Bearer pasted-operator-key');
  });

  it('says an unknown key is unauthorized', async () => {
    stubFetch({ status: 401, body: fixture('service-error-unauthorized.json') });
    await expect(fetchKeyInfo('', 'nope')).rejects.toMatchObject({
      status: 401,
      code: 'unauthorized',
      message: expect.stringMatching(/trial key/),
    });
  });

  it('keys info queries per base URL and key', () => {
    expect(keyInfoQueryOptions('a', 'k1').queryKey).toEqual(keyKeys.info('a', 'k1'));
    expect(keyKeys.info('a', 'k1')).not.toEqual(keyKeys.info('b', 'k1'));
    expect(keyKeys.info('a', 'k1').slice(0, 2)).toEqual(keyKeys.all('a'));
  });
});
