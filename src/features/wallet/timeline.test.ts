import { describe, expect, it } from 'vitest';
import { lifecycleSchema, type LifecycleEvent } from '../../api/lifecycle';
import { readRecorded } from '../../api/fixtures/read-fixture';
import { anchorStateOf, anyAwaiting, timelineFacts, timelineOrder } from './timeline';

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

describe('timeline facts', () => {
  it("labels each event type's own value: a validator is not called a serial", () => {
    expect(timelineFacts(ev({ event_type: 'STAKING_DEPOSIT', serial_number: 'validator-7' }))).toEqual([
      { label: 'Validator', value: 'validator-7', mono: true },
    ]);
    expect(timelineFacts(ev({ event_type: 'GOVERNANCE_VOTE', serial_number: 'prop-12' }))).toEqual([
      { label: 'Proposal', value: 'prop-12', mono: true },
    ]);
    expect(timelineFacts(ev({ event_type: 'CONTRACT_ANCHOR', serial_number: 'Z15P-1' }))).toEqual([
      { label: 'Serial number', value: 'Z15P-1', mono: true },
    ]);
  });

  it("names a transfer's direction and the wallet on the other side", () => {
    const out = timelineFacts(
      ev({ event_type: 'TRANSFER', serial_number: 'Z15P-1', direction: 'out', counterparty_wallet: 'buyer' }),
    );
    expect(out.map((f) => [f.label, f.value])).toEqual([
      ['Serial number', 'Z15P-1'],
      ['Direction', 'Out of this wallet (its old owner)'],
      ['To wallet', 'buyer'],
    ]);
    const incoming = timelineFacts(
      ev({ event_type: 'TRANSFER', serial_number: 'Z15P-1', direction: 'in', counterparty_wallet: 'seller' }),
    );
    expect(incoming.slice(1).map((f) => [f.label, f.value])).toEqual([
      ['Direction', 'Into this wallet (its new owner)'],
      ['From wallet', 'seller'],
    ]);
  });

  it('says a transfer went out of this wallet where the service does not name the new owner', () => {
    const facts = timelineFacts(ev({ event_type: 'TRANSFER', serial_number: 'Z15P-1' }));
    expect(facts.map((f) => f.label)).toEqual(['Serial number', 'Direction']);
    expect(facts[1]?.value).toMatch(/^Out of this wallet/);
  });

  it('shows nothing for an event that carries no value', () => {
    expect(timelineFacts(ev({ event_type: 'SHIELD_RENEWAL', serial_number: null }))).toEqual([]);
  });
});
