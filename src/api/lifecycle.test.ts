import { describe, expect, it } from 'vitest';
import { ApiError } from './client';
import { lifecycleResultFromError, lifecycleSchema } from './lifecycle';

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
