import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  anchorConsistencySchema,
  anchorHistoryQueryOptions,
  anchorHistoryPath,
  anchorHistorySchema,
  anchorKeys,
  anchorNowSchema,
  anchorStatusSchema,
  isAnchorInFlight,
  toHistoryPage,
  nextHistoryPageParam,
} from './anchor';
import { stubFetch } from './fixtures/fetch-stub';
import { readOpsFixture } from './fixtures/read-fixture';

const H = (c: string) => c.repeat(64);

describe('anchor status schema', () => {
  it('accepts the reference shape (docs/reference-api.md 4.7)', () => {
    const body = {
      current_root: H('a'),
      leaf_count: 12,
      unanchored_leaves: 2,
      last_anchor_txid: null,
      last_anchor_height: null,
      needs_anchor: true,
      anchor_threshold: 10,
      broadcast_enabled: false,
      signer_configured: false,
      can_broadcast: false,
      recommendation: 'below the configured automatic anchor threshold',
      transaction_reference_semantics: 'text',
    };
    const parsed = anchorStatusSchema.parse(body);
    expect(parsed.unanchored_leaves).toBe(2);
    expect(parsed.in_flight).toBeUndefined();
    expect(isAnchorInFlight(parsed)).toBe(false);
  });

  it('accepts the older ops-fixture shape', () => {
    const parsed = anchorStatusSchema.parse(readOpsFixture('anchor_status.json'));
    expect(parsed.recommendation).toBe('up to date');
    expect(parsed.last_anchor_height).toBe(3288022);
  });

  it("accepts this service's extras and reports an anchor in flight", () => {
    const parsed = anchorStatusSchema.parse({
      current_root: 'none',
      leaf_count: 0,
      unanchored_leaves: 0,
      last_anchor_txid: null,
      last_anchor_height: null,
      needs_anchor: false,
      recommendation: 'up to date',
      latest_anchor: { root: H('b'), txid: H('c'), height: 4000010, leaf_count: 3, block_time: 1760000000 },
      in_flight: {
        state: 'broadcast',
        root: H('d'),
        leaf_count: 4,
        txid: H('e'),
        height: null,
        attempts: 1,
        last_error: null,
      },
      anchor_due: false,
      expected_wait_s: 4,
    });
    expect(parsed.latest_anchor?.height).toBe(4000010);
    expect(isAnchorInFlight(parsed)).toBe(true);
    expect(isAnchorInFlight({ ...parsed, in_flight: { ...parsed.in_flight!, state: 'failed' } })).toBe(false);
  });

  it('rejects a body without the current root', () => {
    expect(anchorStatusSchema.safeParse({ leaf_count: 1 }).success).toBe(false);
  });
});

describe('anchor history schema', () => {
  it('accepts the reference shape with scheme', () => {
    const parsed = anchorHistorySchema.parse({
      anchors: [
        {
          root: H('1'),
          txid: H('2'),
          height: 4000001,
          leaf_count: 1,
          created_at: '2026-01-01T00:00:00Z',
          scheme: 'ZAP1_COUNT_BOUND_V2',
        },
      ],
      total: 1,
      last_anchor_age_hours: 0,
      record_semantics: 'text',
    });
    expect(parsed.anchors[0]?.scheme).toBe('ZAP1_COUNT_BOUND_V2');
  });

  it('accepts the older ops-fixture shape without per-anchor scheme', () => {
    const parsed = anchorHistorySchema.parse(readOpsFixture('anchor_history.json'));
    expect(parsed.anchors.map((a) => a.leaf_count)).toEqual([2, 12, 12]);
    expect(parsed.anchors[0]?.scheme).toBeUndefined();
  });

  it('builds paged paths and distinct keys', () => {
    expect(anchorHistoryPath()).toBe('/anchor/history');
    expect(anchorHistoryPath({ limit: 20, before: 4000100 })).toBe('/anchor/history?limit=20&before=4000100');
    expect(anchorKeys.history('', { limit: 20 })).not.toEqual(
      anchorKeys.history('', { limit: 20, before: 5 }),
    );
  });
});

describe('consistency and anchor-now schemas', () => {
  it('parses a consistency proof', () => {
    const parsed = anchorConsistencySchema.parse({
      from: { leaf_count: 2, root: H('a') },
      to: { leaf_count: 5, root: H('b') },
      proof: [H('c'), H('d')],
    });
    expect(parsed.proof).toHaveLength(2);
  });

  it('parses a 202 body', () => {
    const parsed = anchorNowSchema.parse({
      in_flight: {
        state: 'pending',
        root: H('a'),
        leaf_count: 3,
        txid: null,
        height: null,
        attempts: 0,
        last_error: null,
      },
    });
    expect(parsed.in_flight?.state).toBe('pending');
  });
});

describe('history pages', () => {
  const entry = (height: number, leafCount: number) => ({
    root: H('a'),
    txid: H('b'),
    height,
    leaf_count: leafCount,
  });

  it('turns the oldest-first body into newest first and continues below the lowest height', () => {
    const page = toHistoryPage({ anchors: [entry(10, 1), entry(12, 3)] }, 2);
    expect(page.anchors.map((a) => a.height)).toEqual([12, 10]);
    expect(page.nextBefore).toBe(10);
  });

  it('ends at a short page', () => {
    expect(toHistoryPage({ anchors: [entry(10, 1)] }, 2).nextBefore).toBeNull();
  });

  it('treats a reference answer that ignores the limit as the only page', () => {
    const page = toHistoryPage(anchorHistorySchema.parse(readOpsFixture('anchor_history.json')), 2);
    expect(page.anchors).toHaveLength(3);
    expect(page.nextBefore).toBeNull();
  });

  it('stops paging when a page adds nothing older (a deployment that ignores before)', () => {
    const first = toHistoryPage({ anchors: [entry(10, 1), entry(12, 3)] }, 2);
    expect(nextHistoryPageParam(first, null)).toBe(10);
    // Asked for before=10, the service sends the same two anchors again.
    expect(nextHistoryPageParam(toHistoryPage({ anchors: [entry(10, 1), entry(12, 3)] }, 2), 10)).toBeNull();
    // A real older page continues.
    expect(nextHistoryPageParam(toHistoryPage({ anchors: [entry(6, 0), entry(8, 1)] }, 2), 10)).toBe(6);
  });
});

describe('the whole anchor history', () => {
  const entry = (height: number) => ({
    root: height.toString(16).padStart(64, '0'),
    txid: height.toString(16).padStart(64, 'f'),
    height,
    leaf_count: height,
    created_at: '2026-11-01T00:00:00Z',
  });
  afterEach(() => vi.unstubAllGlobals());

  it('follows the Link pages of a paging service, oldest first, and stops at the end', async () => {
    const seen = stubFetch(
      {
        status: 200,
        body: { anchors: [entry(30), entry(40)], total: 2 },
        headers: { Link: '</anchor/history?limit=2&before=30>; rel="next"' },
      },
      {
        status: 200,
        body: { anchors: [entry(10), entry(20)], total: 2 },
        headers: { Link: '</anchor/history?limit=2&before=10>; rel="next"' },
      },
      { status: 200, body: { anchors: [], total: 0 } },
    );
    const client = new QueryClient();
    const history = await client.fetchQuery(anchorHistoryQueryOptions('https://zap1.example'));
    expect(history.anchors.map((a) => a.height)).toEqual([10, 20, 30, 40]);
    expect(history.total).toBe(4);
    expect(seen.map((r) => r.url)).toEqual([
      'https://zap1.example/anchor/history',
      'https://zap1.example/anchor/history?before=30',
      'https://zap1.example/anchor/history?before=10',
    ]);
  });

  it('asks once when the service sends everything (the reference)', async () => {
    const seen = stubFetch({ status: 200, body: { anchors: [entry(1)], total: 1 } });
    const history = await new QueryClient().fetchQuery(anchorHistoryQueryOptions('https://zap1.example'));
    expect(history.anchors).toHaveLength(1);
    expect(seen).toHaveLength(1);
  });
});
