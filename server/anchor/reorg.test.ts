/**
 * The reorg watch on a real store, with the node's answers given: an anchored root whose transaction
 * is mined again at the same height in another block stands and takes that block's hash (the one
 * the history serves); one that moved to another height or left the chain is reverted.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { SqliteStore } from '../store/sqlite-store.js';
import { openTempStore, removeTempStore } from '../test-helpers.js';
import { testEvent } from '../store/store-contract.js';
import { ReorgWatch } from './reorg.js';
import type { TxChainState, ZcashRpcClient } from 'zap1/node-rpc';

const HEIGHT = 4_000_010;
const TXID = 'c'.repeat(64);
const FIRST_BLOCK = 'a1'.repeat(32);
const SECOND_BLOCK = 'b2'.repeat(32);

let opened: { dir: string; store: SqliteStore } | null = null;
afterEach(async () => {
  if (opened) await removeTempStore(opened.dir, opened.store);
  opened = null;
});

/** A store with one root anchored in `TXID` at HEIGHT, in `blockHash` when given. */
async function anchoredStore(blockHash?: string): Promise<{ store: SqliteStore; anchorId: number }> {
  opened = openTempStore();
  const { store } = opened;
  await store.leaves.commitEvents([testEvent(1)], '2026-01-01T00:00:00.000Z');
  const a = await store.anchors.recordAnchorIntent({ rootHex: 'a'.repeat(64), leafCount: 1 });
  await store.anchors.setAnchorTxid(a.id, TXID);
  await store.anchors.markAnchored(a.id, { height: HEIGHT, blockTime: null, blockHash });
  return { store, anchorId: a.id };
}

/** A watch whose node reports `state` for every transaction; the reverts it asks for. */
function watchWith(store: SqliteStore, state: TxChainState): { watch: ReorgWatch; reverted: string[] } {
  const rpc = { getTxChainState: async () => state } as unknown as ZcashRpcClient;
  const reverted: string[] = [];
  const watch = new ReorgWatch(store.anchors, rpc, async (_, reason) => {
    reverted.push(reason);
  });
  return { watch, reverted };
}

const mined = (height: number, blockhash: string): TxChainState => ({
  state: 'mined',
  confirmations: 3,
  height,
  blockhash,
  blocktime: null,
});

const blockHashOf = async (store: SqliteStore) => (await store.anchors.latestAnchoredRoot())?.blockHash;

describe('the reorg watch', () => {
  it('keeps a root mined again at its height in another block, and records that block', async () => {
    const { store } = await anchoredStore(FIRST_BLOCK);
    const { watch, reverted } = watchWith(store, mined(HEIGHT, SECOND_BLOCK.toUpperCase()));
    await watch.check(HEIGHT + 2, 'f'.repeat(64));
    expect(reverted).toEqual([]);
    expect(await blockHashOf(store)).toBe(SECOND_BLOCK);
    expect((await store.anchors.firstAnchoredRootCovering(1))?.blockHash).toBe(SECOND_BLOCK);
  });

  it('fills the block hash of a root anchored without one, and ignores a malformed one', async () => {
    const { store } = await anchoredStore();
    await watchWith(store, mined(HEIGHT, 'not a hash')).watch.check(HEIGHT + 2, '1'.repeat(64));
    expect(await blockHashOf(store)).toBeNull();
    await watchWith(store, mined(HEIGHT, FIRST_BLOCK)).watch.check(HEIGHT + 2, '2'.repeat(64));
    expect(await blockHashOf(store)).toBe(FIRST_BLOCK);
  });

  it('reverts a root whose transaction moved to another height or left the chain', async () => {
    const { store } = await anchoredStore(FIRST_BLOCK);
    const moved = watchWith(store, mined(HEIGHT + 1, SECOND_BLOCK));
    await moved.watch.check(HEIGHT + 2, '3'.repeat(64));
    expect(moved.reverted).toEqual([`transaction ${TXID} moved from block ${HEIGHT} to ${HEIGHT + 1}`]);
    const gone = watchWith(store, { state: 'not_found' });
    await gone.watch.check(HEIGHT + 2, '4'.repeat(64));
    expect(gone.reverted).toEqual(['the transaction left the chain (reorganisation)']);
    expect(await blockHashOf(store)).toBe(FIRST_BLOCK);
  });
});
