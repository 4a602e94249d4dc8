import { afterEach, describe, expect, it, vi } from 'vitest';
import { validateEvent } from 'zap1';
import { ApiError } from './client';
import { eventResultSchema, submitEvent, submitEventMutationOptions, eventKeys } from './submit-event';
import { fixture, stubFetch } from './fixtures/fetch-stub';

afterEach(() => {
  vi.unstubAllGlobals();
});

const BODY = {
  event_type: 'CONTRACT_ANCHOR',
  wallet_hash: 'wallet_abc',
  serial_number: 'Z15P-2026-001',
  contract_sha256: '0123456789abcdef'.repeat(4),
};

describe('POST /event result', () => {
  it('parses the reference 201 shape', () => {
    const result = eventResultSchema.parse(fixture('reference-event-created.json'));
    expect(result.status).toBe('created');
    expect(result.timestamp).toBeUndefined();
  });

  it('parses the created and exists bodies recorded from this service', () => {
    const created = eventResultSchema.parse(fixture('service-event-created.json'));
    const exists = eventResultSchema.parse(fixture('service-event-exists.json'));
    expect(created.status).toBe('created');
    expect(exists.status).toBe('exists');
    expect(exists.leaf_hash).toBe(created.leaf_hash);
  });

  it('parses a DEPLOYMENT reply with the server timestamp', () => {
    const result = eventResultSchema.parse(
      Object.assign({}, fixture('reference-event-created.json'), {
        event_type: 'DEPLOYMENT',
        timestamp: 1767225600,
      }),
    );
    expect(result.timestamp).toBe(1767225600);
  });

  it('rejects an unknown status and an uppercase leaf', () => {
    const base = fixture('reference-event-created.json');
    expect(eventResultSchema.safeParse(Object.assign({}, base, { status: 'queued' })).success).toBe(false);
    expect(eventResultSchema.safeParse(Object.assign({}, base, { leaf_hash: 'AE'.repeat(32) })).success).toBe(
      false,
    );
  });
});

describe('submitEvent', () => {
  it('posts JSON with the given key and returns the result', async () => {
    const seen = stubFetch({ status: 201, body: fixture('reference-event-created.json') });
    const result = await submitEvent('http://svc.example', BODY, { apiKey: 'zap1_trial_x' });
    expect(result.leaf_hash).toBe('ae15a6e4afceee1d6339690204f55d4c1336339ee4736147b3a0760d45c2bf04');
    expect(seen[0]).toMatchObject({ url: 'http://svc.example/event', method: 'POST' });
    expect(seen[0]?.headers.authorization).toBe('Bearer zap1_trial_x');
    expect(seen[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual(BODY);
  });

  it('carries the field errors of validation_failed, in the same words as validateEvent', async () => {
    // Recorded from this service for this body.
    const body = {
      ...BODY,
      wallet_hash: 'x y',
      serial_number: 'S',
      contract_sha256: 'ABCDEF0123456789'.repeat(4),
    };
    stubFetch({ status: 400, body: fixture('service-error-validation.json') });
    const error: unknown = await submitEvent('', body, { apiKey: 'k' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    if (!(error instanceof ApiError)) return;
    expect(error.code).toBe('validation_failed');
    expect(error.fields).toEqual(validateEvent(body));
  });

  it('reports an exhausted quota', async () => {
    stubFetch({
      status: 403,
      body: { error: { code: 'quota_exhausted', message: 'This key has used its quota of 50 events.' } },
    });
    await expect(submitEvent('', BODY, { apiKey: 'k' })).rejects.toMatchObject({
      status: 403,
      code: 'quota_exhausted',
    });
  });

  it('reports the reference plain-text 401', async () => {
    stubFetch({ status: 401, body: 'Invalid or missing API key' });
    await expect(submitEvent('', BODY, { apiKey: 'k' })).rejects.toMatchObject({
      code: 'unauthorized',
      message: 'Invalid or missing API key',
    });
  });

  it('has a mutation keyed per base URL', () => {
    expect(submitEventMutationOptions('x').mutationKey).toEqual(eventKeys.submit('x'));
  });
});
