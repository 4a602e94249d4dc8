import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './client';
import { stubFetch } from './fixtures/fetch-stub';
import { fetchLifecycle, lifecycleResultFromError, lifecycleSchema, nextLinkPath } from './lifecycle';

describe('lifecycle schema (docs/reference-api.md 4.9)', () => {
  it('accepts the reference shape', () => {
    const parsed = lifecycleSchema.parse({
      wallet_hash: 'w1',
      event_count: 2,
      events: [
        {
          leaf_hash: 'a'.repeat(64),
          event_type: 'DEPLOYMENT',
          serial_number: 'SN-1',
          created_at: '2026-01-01T00:00:00Z',
          anchor_txid: 'b'.repeat(64),
          anchor_height: 4000003,
          anchored: true,
          anchored_semantics: 'text',
          transaction_reference_recorded: true,
          verify_url: '/verify/x/check',
        },
        {
          leaf_hash: 'c'.repeat(64),
          event_type: 'EXIT',
          serial_number: null,
          created_at: '2026-01-02T00:00:00Z',
          anchor_txid: null,
          anchor_height: null,
          anchored: false,
          anchored_semantics: 'text',
          transaction_reference_recorded: false,
          verify_url: '/verify/y/check',
        },
      ],
    });
    expect(parsed.events.map((e) => e.anchored)).toEqual([true, false]);
  });
});

describe('lifecycle answers the page explains', () => {
  it('maps 404 to "no events" and 401/403 to "key required"', () => {
    expect(
      lifecycleResultFromError(
        new ApiError({ status: 404, code: 'not_found', message: 'No events for this wallet' }),
      ),
    ).toEqual({ kind: 'no_events' });
    expect(
      lifecycleResultFromError(new ApiError({ status: 401, code: 'unauthorized', message: 'key needed' })),
    ).toEqual({
      kind: 'key_required',
      message: 'key needed',
    });
    expect(
      lifecycleResultFromError(new ApiError({ status: 403, code: 'forbidden', message: 'no' }))?.kind,
    ).toBe('key_required');
  });

  it('leaves other failures to the error state', () => {
    expect(
      lifecycleResultFromError(new ApiError({ status: 0, code: 'network_error', message: 'down' })),
    ).toBeNull();
    expect(lifecycleResultFromError(new Error('boom'))).toBeNull();
  });
});

describe('a paged lifecycle', () => {
  afterEach(() => vi.unstubAllGlobals());
  const event = (n: number, keyId: string) => ({
    leaf_hash: n.toString(16).padStart(64, '0'),
    event_type: 'CONTRACT_ANCHOR',
    created_at: '2026-11-01T00:00:00Z',
    key_id: keyId,
  });

  it('follows the Link pages to the whole lifecycle, keeping who wrote each event', async () => {
    const seen = stubFetch(
      {
        status: 200,
        body: {
          wallet_hash: 'w',
          event_count: 3,
          first_key_id: 'key_a',
          events: [event(1, 'key_a'), event(2, 'key_b')],
        },
        headers: { Link: '</lifecycle/w?limit=2&after=2>; rel="next"' },
      },
      {
        status: 200,
        body: { wallet_hash: 'w', event_count: 3, first_key_id: 'key_a', events: [event(3, 'key_a')] },
      },
    );
    const result = await fetchLifecycle('https://zap1.example', 'w');
    expect(result.kind).toBe('found');
    if (result.kind !== 'found') return;
    expect(result.lifecycle.events.map((e) => [e.leaf_hash.slice(-1), e.key_id])).toEqual([
      ['1', 'key_a'],
      ['2', 'key_b'],
      ['3', 'key_a'],
    ]);
    expect(result.lifecycle.first_key_id).toBe('key_a');
    expect(seen.map((r) => r.url)).toEqual([
      'https://zap1.example/lifecycle/w',
      'https://zap1.example/lifecycle/w?limit=2&after=2',
    ]);
  });

  it('never follows a Link to another site', () => {
    expect(nextLinkPath('<https://evil.example/x>; rel="next"')).toBeNull();
    expect(nextLinkPath('<//evil.example/x>; rel="next"')).toBeNull();
    expect(nextLinkPath('</lifecycle/w?after=2>; rel="next"')).toBe('/lifecycle/w?after=2');
  });
});
