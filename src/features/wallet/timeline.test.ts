import { describe, expect, it } from 'vitest';
import { lifecycleSchema, type LifecycleEvent } from '../../api/lifecycle';
import { readRecorded } from '../../api/fixtures/read-fixture';
import { anchorStateOf, anyAwaiting, timelineOrder } from './timeline';

const ev = (over: Partial<LifecycleEvent>): LifecycleEvent => ({
  leaf_hash: 'l',
  event_type: 'DEPLOYMENT',
  created_at: '2026-01-01T00:00:00Z',
  ...over,
});

describe('wallet timeline', () => {
  it('tells anchored (txid and height) from awaiting', () => {
    expect(anchorStateOf(ev({ anchor_txid: 't', anchor_height: 4000001, anchored: true }))).toEqual({
      kind: 'anchored',
      txid: 't',
      height: 4000001,
    });
    expect(anchorStateOf(ev({ anchor_txid: null, anchor_height: null, anchored: false }))).toEqual({
      kind: 'awaiting',
    });
    expect(anchorStateOf(ev({ anchor_txid: 't', anchor_height: null, anchored: false }))).toEqual({
      kind: 'broadcast',
      txid: 't',
    });
  });

  it('orders oldest to newest and keeps the service order for equal times', () => {
    const events = [
      ev({ leaf_hash: 'b', created_at: '2026-01-02T00:00:00Z' }),
      ev({ leaf_hash: 'a', created_at: '2026-01-01T00:00:00Z' }),
      ev({ leaf_hash: 'c', created_at: '2026-01-02T00:00:00Z' }),
    ];
    expect(timelineOrder(events).map((e) => e.leaf_hash)).toEqual(['a', 'b', 'c']);
  });

  it('keeps asking while anything awaits its anchor', () => {
    expect(anyAwaiting([ev({ anchor_txid: 't', anchor_height: 1, anchored: true })])).toBe(false);
    expect(anyAwaiting([ev({ anchor_txid: 't', anchor_height: 1, anchored: true }), ev({})])).toBe(true);
  });
});

describe('recorded from this service', () => {
  it('a lifecycle whose events are all anchored', () => {
    const lifecycle = lifecycleSchema.parse(readRecorded('explore-lifecycle-anchored.json'));
    expect(lifecycle.events.map((e) => anchorStateOf(e).kind)).toEqual(['anchored', 'anchored', 'anchored']);
  });
});
