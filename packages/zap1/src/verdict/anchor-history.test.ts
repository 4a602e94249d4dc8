import { describe, expect, it } from 'vitest';
import { readZap1Json } from '../../test/vectors.js';
import { findInHistory, parseHistoryBody, type HistoryAnchor, type HistoryPage } from './anchor-history.js';

const anchorAt = (height: number, root = height.toString(16).padStart(64, 'a')): HistoryAnchor => ({
  rootHex: root,
  txid: height.toString(16).padStart(64, 'e'),
  height,
  leafCount: height,
  blockTime: null,
  blockHash: null,
});

describe('parseHistoryBody', () => {
  it('reads the recorded reference history (older shape, no block_time or scheme)', () => {
    const anchors = parseHistoryBody(readZap1Json('ops-fixture/anchor_history.json'));
    expect(anchors.length).toBeGreaterThan(0);
    for (const a of anchors) {
      expect(a.rootHex).toMatch(/^[0-9a-f]{64}$/);
      expect(a.txid).toMatch(/^[0-9a-f]{64}$/);
      expect(a.blockTime).toBeNull();
      expect(a.blockHash).toBeNull();
    }
  });

  it('leaves out entries that are not anchors and lowercases hashes', () => {
    const body = {
      anchors: [
        {
          root: 'A'.repeat(64),
          txid: 'B'.repeat(64),
          height: 7,
          leaf_count: 2,
          block_time: 9,
          block_hash: 'C'.repeat(64),
        },
        { root: 'c'.repeat(64), txid: 'd'.repeat(64), height: 9, block_hash: 'not a hash' },
        { root: 'short', txid: 'b'.repeat(64), height: 8 },
        { root: 'a'.repeat(64), txid: 'b'.repeat(64) },
        'junk',
      ],
    };
    expect(parseHistoryBody(body)).toEqual([
      {
        rootHex: 'a'.repeat(64),
        txid: 'b'.repeat(64),
        height: 7,
        leafCount: 2,
        blockTime: 9,
        blockHash: 'c'.repeat(64),
      },
      // A block hash that is not one is no block hash: the entry stays, naming none.
      {
        rootHex: 'c'.repeat(64),
        txid: 'd'.repeat(64),
        height: 9,
        leafCount: null,
        blockTime: null,
        blockHash: null,
      },
    ]);
    expect(() => parseHistoryBody({ error: 'x' })).toThrow(TypeError);
  });
});

describe('findInHistory', () => {
  const all = [30, 20, 10].map((h) => anchorAt(h));
  /** A service that pages two anchors at a time below `before`, newest first. */
  const paged = async (before: number | null): Promise<HistoryPage> => {
    const below = all.filter((a) => before === null || a.height < before);
    const page = below.slice(0, 2);
    return { anchors: page, nextBefore: below.length > 2 ? page.at(-1)!.height : null };
  };

  it('walks older pages until it finds the root', async () => {
    const found = await findInHistory(paged, anchorAt(10).rootHex, null);
    expect(found).toEqual({ byRoot: anchorAt(10), byTxid: null });
  });

  it('finds a txid that anchors another root, and reports a root it never saw as absent', async () => {
    const found = await findInHistory(paged, 'f'.repeat(64), anchorAt(20).txid);
    expect(found).toEqual({ byRoot: null, byTxid: anchorAt(20) });
  });

  it('stops when a service repeats the same page whatever `before` says (as the reference does)', async () => {
    let calls = 0;
    const ignoresBefore = async (): Promise<HistoryPage> => {
      calls++;
      return { anchors: all, nextBefore: 10 };
    };
    await findInHistory(ignoresBefore, 'f'.repeat(64), null);
    expect(calls).toBeLessThanOrEqual(2);
  });
});
