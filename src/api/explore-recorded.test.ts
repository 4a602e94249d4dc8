/** Bodies recorded from this service (src/api/fixtures/explore-*.json) parse with the app's schemas. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decodeMemo, verifyConsistency } from 'zap1';
import { anchorConsistencySchema, anchorHistorySchema, anchorStatusSchema, isAnchorInFlight } from './anchor';
import { eventsSchema } from './events';
import { readRecorded } from './fixtures/read-fixture';
import { healthSchema } from './health';
import { lifecycleSchema } from './lifecycle';
import { memoDecodeSchema } from './memo';
import { statsSchema } from './stats';

describe('bodies recorded from this service', () => {
  it('status, history, stats and health of a fresh service with three leaves', () => {
    const status = anchorStatusSchema.parse(readRecorded('explore-status.json'));
    expect(status.latest_anchor).toBeNull();
    expect(status.in_flight).toBeNull();
    expect(anchorHistorySchema.parse(readRecorded('explore-history-empty.json')).last_anchor_age_hours).toBe(
      -1,
    );
    const stats = statsSchema.parse(readRecorded('explore-stats.json'));
    expect(stats.type_counts?.DEPLOYMENT).toBe(stats.total_leaves);
    expect(healthSchema.parse(readRecorded('explore-health.json')).network).toBe('devnet');
  });

  it('events and lifecycle', () => {
    expect(eventsSchema.parse(readRecorded('explore-events.json')).events).toHaveLength(2);
    const lifecycle = lifecycleSchema.parse(readRecorded('explore-lifecycle.json'));
    expect(lifecycle.events.map((e) => e.serial_number)).toEqual(['SN-1', 'SN-2', 'SN-3']);
    const anchored = lifecycleSchema.parse(readRecorded('explore-lifecycle-anchored.json'));
    expect(anchored.events.every((e) => e.anchored === true && typeof e.anchor_height === 'number')).toBe(
      true,
    );
  });

  it("the service's consistency proof verifies in the browser library", () => {
    const body = anchorConsistencySchema.parse(readRecorded('explore-consistency.json'));
    const verdict = verifyConsistency({
      fromSize: body.from.leaf_count,
      toSize: body.to.leaf_count,
      fromRootHex: body.from.root,
      toRootHex: body.to.root,
      proof: body.proof,
    });
    expect(verdict).toEqual({ valid: true });
  });

  it('the service decodes each memo kind as the browser does', () => {
    const recorded = z
      .array(z.object({ hex: z.string(), decoded: z.unknown() }))
      .parse(readRecorded('explore-memo-decodes.json'));
    const formats = recorded.map(({ hex, decoded }) => {
      const service = memoDecodeSchema.parse(decoded);
      const bytes = Uint8Array.from(hex.match(/../g) ?? [], (b) => parseInt(b, 16));
      expect(decodeMemo(bytes)).toEqual(service);
      return service.format;
    });
    expect(formats).toEqual(['zap1', 'text', 'zip302', 'binary', 'empty', 'unknown']);
  });
});

describe('bodies recorded from this service while anchoring', () => {
  it('an anchor in flight, then anchored', () => {
    const inFlight = anchorStatusSchema.parse(readRecorded('explore-status-in-flight.json'));
    expect(isAnchorInFlight(inFlight)).toBe(true);
    expect(inFlight.in_flight?.state).toBe('broadcast');
    const anchored = anchorStatusSchema.parse(readRecorded('explore-status-anchored.json'));
    expect(isAnchorInFlight(anchored)).toBe(false);
    expect(anchored.latest_anchor?.leaf_count).toBe(anchored.leaf_count);
  });
});
