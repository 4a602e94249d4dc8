import { describe, expect, it } from 'vitest';
import { nextBeforeFromLink } from 'zap1';
import { eventsPath, eventsSchema } from './events';

const leaf = 'c'.repeat(64);
const referenceItem = {
  leaf_hash: leaf,
  event_type: 'DEPLOYMENT',
  description: 'Claimed hardware deployment',
  created_at: '2026-01-01T00:00:00Z',
  preimage_disclosure: 'withheld from the public event feed',
  event_type_authentication: 'unverified_server_metadata_without_disclosed_witness',
  verify_url: `/verify/${leaf}/check`,
  proof_url: `/verify/${leaf}/proof.json`,
  badge_url: `/badge/leaf/${leaf}`,
};

describe('events schema (docs/reference-api.md 4.8)', () => {
  it('accepts the exact reference shape', () => {
    const parsed = eventsSchema.parse({
      protocol: 'ZAP1',
      total_returned: 1,
      events: [referenceItem],
    });
    expect(parsed.events[0]?.event_type).toBe('DEPLOYMENT');
    expect(parsed.events[0]?.position).toBeUndefined();
  });

  it('accepts the position this service adds on ?include=position, and only a valid one', () => {
    const parsed = eventsSchema.parse({ events: [{ ...referenceItem, position: 7 }] });
    expect(parsed.events[0]?.position).toBe(7);
    expect(eventsSchema.safeParse({ events: [{ ...referenceItem, position: -1 }] }).success).toBe(false);
    expect(eventsSchema.safeParse({ events: [{ ...referenceItem, position: '7' }] }).success).toBe(false);
  });

  it('rejects an event without a leaf hash', () => {
    expect(eventsSchema.safeParse({ events: [{ event_type: 'X', created_at: 'y' }] }).success).toBe(false);
  });
});

describe('events paging', () => {
  it('builds the query string', () => {
    expect(eventsPath()).toBe('/events');
    expect(eventsPath({ limit: 10, before: 42, eventType: 'EXIT' })).toBe(
      '/events?limit=10&before=42&event_type=EXIT',
    );
  });

  it('asks for positions only when told to', () => {
    expect(eventsPath({ limit: 5 })).toBe('/events?limit=5');
    expect(eventsPath({ limit: 5, includePosition: false })).toBe('/events?limit=5');
    expect(eventsPath({ limit: 5, includePosition: true })).toBe('/events?limit=5&include=position');
  });

  it('asks for wallets only when told to, with positions in one include', () => {
    expect(eventsPath({ includeWallet: true })).toBe('/events?include=wallet');
    expect(eventsPath({ limit: 5, includePosition: true, includeWallet: true })).toBe(
      '/events?limit=5&include=position%2Cwallet',
    );
  });

  it('reads `before` from the rel="next" link, relative or absolute', () => {
    expect(nextBeforeFromLink('</events?limit=25&before=101>; rel="next"')).toBe(101);
    expect(nextBeforeFromLink('<https://x.example/events?before=7&limit=2>; rel=next')).toBe(7);
    expect(nextBeforeFromLink('</events?before=9>; rel="prev", </events?before=3>; rel="next"')).toBe(3);
  });

  it('has no next page without the header, without rel=next or with a bad value', () => {
    expect(nextBeforeFromLink(null)).toBeNull();
    expect(nextBeforeFromLink('</events?before=3>; rel="prev"')).toBeNull();
    expect(nextBeforeFromLink('</events?before=abc>; rel="next"')).toBeNull();
    expect(nextBeforeFromLink('</events>; rel="next"')).toBeNull();
  });
});
