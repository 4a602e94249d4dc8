/**
 * The store's contract on wallets: which leaves each wallet is linked to, its lifecycle pages, and
 * who may add to it (WALLET_WRITES=first-key). Each store's test file runs it beside
 * store-contract.ts, against the same harness.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OPERATOR_KEY_ID, type CommitResult, type NewEvent, type Store } from './store.js';
import { testEvent, testLeaf as leaf, type StoreHarness } from './store-contract.js';

const event = (n: number, wallet = `w${n}`): NewEvent => testEvent(n, { walletHash: wallet });
const KEY_A = 'a'.repeat(64);
const KEY_B = 'b'.repeat(64);
const TRANSFER = 7;

/** Event `n` written to `wallet` by `keyId` under WALLET_WRITES=first-key. */
const byKey = (n: number, keyId: string, wallet: string, extra: Partial<NewEvent> = {}): NewEvent => ({
  ...event(n, wallet),
  keyId,
  onlyWalletFirstKey: true,
  ...extra,
});
/** A TRANSFER `n` from `from` to `to` by `keyId` under first-key. */
const transfer = (n: number, keyId: string, from: string, to: string, extra: Partial<NewEvent> = {}) =>
  byKey(n, keyId, from, { eventType: TRANSFER, counterpartyWallet: to, ...extra });
const created = (position: number): CommitResult => ({ status: 'created', position });
const refused = (wallet: 'subject' | 'counterparty', firstKeyId: string | null): CommitResult => ({
  status: 'wallet_key_mismatch',
  wallet,
  firstKeyId,
});

export function describeWalletContract(name: string, harness: StoreHarness): void {
  let store: Store;
  beforeEach(async () => {
    store = await harness.open();
  });
  afterEach(async () => {
    await harness.destroy(store);
  });

  const commit = (events: NewEvent[], second = 0) =>
    store.leaves.commitEvents(events, new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString());
  /** Commits one batch and expects each event's outcome, written beside the event. */
  const expectOutcomes = async (batch: [NewEvent, CommitResult][], second = 0) => {
    const outcomes = await commit(
      batch.map(([sent]) => sent),
      second,
    );
    expect(outcomes).toEqual(batch.map(([, expected]) => expected));
  };
  /** The positions linked to `wallet` and its first key. */
  const lifecycle = async (wallet: string) => {
    const page = await store.events.walletLeaves(wallet, { limit: 100 });
    return { positions: page.leaves.map((l) => l.position), firstKeyId: page.firstKeyId };
  };
  const trialKeyB = () =>
    store.keys.insertTrialKey({
      keyHash: KEY_B,
      quota: 5,
      used: 0,
      createdAt: '2026-01-01T00:00:00.000Z',
      expiresAt: '2027-01-01T00:00:00.000Z',
    });

  describe(`${name}: wallet links and lifecycles`, () => {
    it('assigns dense positions, dedupes within and across batches, and links every wallet', async () => {
      const r1 = await store.leaves.commitEvents(
        [event(1), event(2), event(1, 'other')],
        '2026-01-01T00:00:00.000Z',
      );
      expect(r1).toEqual([
        { status: 'created', position: 1 },
        { status: 'created', position: 2 },
        { status: 'exists', position: 1 },
      ]);
      const r2 = await store.leaves.commitEvents([event(3), event(2, 'third')], '2026-01-01T00:00:01.000Z');
      expect(r2).toEqual([
        { status: 'created', position: 3 },
        { status: 'exists', position: 2 },
      ]);
      expect(await store.leaves.leafCount()).toBe(3);
      expect((await store.events.walletLeaves('other', { limit: 10 })).leaves.map((l) => l.leafHex)).toEqual([
        leaf(1),
      ]);
      expect((await store.events.walletLeaves('w1', { limit: 10 })).leaves.map((l) => l.position)).toEqual([
        1,
      ]);
      expect(await store.leaves.leafByHash(leaf(3))).toMatchObject({
        position: 3,
        serialNumber: 'S3',
        walletHash: 'w3',
        createdAt: '2026-01-01T00:00:01.000Z',
        timestamp: null,
      });
      expect(await store.leaves.leafByHash(leaf(9))).toBeNull();
      expect(await store.leaves.leafBytes(2, 2)).toEqual(
        Uint8Array.from([...Buffer.from(leaf(2), 'hex'), ...Buffer.from(leaf(3), 'hex')]),
      );
    });

    it("keeps a transfer's new owner and links the leaf to both wallets", async () => {
      const transfer: NewEvent = { ...event(1, 'old_owner'), eventType: 7, counterpartyWallet: 'new_owner' };
      await store.leaves.commitEvents([transfer, event(2, 'old_owner')], '2026-01-01T00:00:00.000Z');
      expect(await store.leaves.leafAt(1)).toMatchObject({
        walletHash: 'old_owner',
        counterparty: 'new_owner',
      });
      expect((await store.leaves.leafAt(2))?.counterparty).toBeNull();
      const incoming = await store.events.walletLeaves('new_owner', { limit: 10 });
      expect(incoming.total).toBe(1);
      expect(incoming.leaves.map((l) => [l.position, l.walletHash, l.counterparty])).toEqual([
        [1, 'old_owner', 'new_owner'],
      ]);
      expect((await store.events.walletLeaves('old_owner', { limit: 10 })).total).toBe(2);
      // Linked, not claimed: the first key to write to the new owner's wallet is still to come.
      expect(incoming.firstKeyId).toBeNull();
    });

    it("pages a wallet's lifecycle oldest first, up to the tree's size, with its total", async () => {
      await store.leaves.commitEvents(
        [1, 2, 3, 4, 5].map((n) => event(n, 'busy')),
        '2026-01-01T00:00:00.000Z',
      );
      const p1 = await store.events.walletLeaves('busy', { limit: 2 });
      expect(p1).toMatchObject({ total: 5, nextAfter: 2 });
      expect(p1.leaves.map((l) => l.position)).toEqual([1, 2]);
      const p2 = await store.events.walletLeaves('busy', { limit: 2, after: p1.nextAfter! });
      expect(p2.leaves.map((l) => l.position)).toEqual([3, 4]);
      const p3 = await store.events.walletLeaves('busy', { limit: 2, after: p2.nextAfter! });
      expect(p3).toMatchObject({ nextAfter: null });
      expect(p3.leaves.map((l) => l.position)).toEqual([5]);
      const held = await store.events.walletLeaves('busy', { limit: 10, maxPosition: 3 });
      expect(held).toMatchObject({ total: 3, nextAfter: null });
    });
  });

  describe(`${name}: who may add to a wallet (WALLET_WRITES=first-key)`, () => {
    it('spends no quota on a resend that writes nothing, but does on one that links another wallet', async () => {
      await store.keys.insertTrialKey({
        keyHash: KEY_A,
        quota: 2,
        used: 0,
        createdAt: '2026-01-01T00:00:00.000Z',
        expiresAt: '2026-02-01T00:00:00.000Z',
      });
      const sent = { ...event(1), trialKeyHash: KEY_A };
      const at = '2026-01-05T00:00:00.000Z';
      expect(await store.leaves.commitEvents([sent], at)).toEqual([{ status: 'created', position: 1 }]);
      // A client retrying after a lost answer: nothing new is written, nothing is spent.
      expect(await store.leaves.commitEvents([sent, sent], at)).toEqual([
        { status: 'exists', position: 1 },
        { status: 'exists', position: 1 },
      ]);
      expect((await store.keys.trialKey(KEY_A))?.used).toBe(1);
      // The same leaf for another wallet writes that wallet's link: it spends one unit.
      const other = { ...sent, walletHash: 'wallet_other' };
      expect(await store.leaves.commitEvents([other], at)).toEqual([{ status: 'exists', position: 1 }]);
      expect((await store.keys.trialKey(KEY_A))?.used).toBe(2);
      // An expired key is refused even when there would be nothing to write.
      expect(await store.leaves.commitEvents([sent], '2026-03-01T00:00:00.000Z')).toEqual([
        { status: 'key_expired' },
      ]);
    });

    it('keeps which key wrote each wallet link and which key wrote first; first-key refuses other keys before spending quota', async () => {
      await trialKeyB();
      await expectOutcomes([[byKey(1, 'key_first', 'owned'), created(1)]]);
      const other = byKey(2, 'key_other', 'owned', { trialKeyHash: KEY_B });
      await expectOutcomes(
        [
          [other, refused('subject', 'key_first')],
          [byKey(3, 'key_first', 'owned'), created(2)],
          [byKey(4, OPERATOR_KEY_ID, 'owned'), created(3)],
        ],
        1,
      );
      expect((await store.keys.trialKey(KEY_B))?.used).toBe(0);
      // Without the restriction anyone may add, and the page says who did.
      await store.leaves.commitEvents(
        [{ ...event(5, 'owned'), keyId: 'key_other' }],
        '2026-01-01T00:00:02.000Z',
      );
      const page = await store.events.walletLeaves('owned', { limit: 10 });
      expect(page.firstKeyId).toBe('key_first');
      expect(page.leaves.map((l) => l.keyId)).toEqual([
        'key_first',
        'key_first',
        OPERATOR_KEY_ID,
        'key_other',
      ]);
    });

    it("checks a TRANSFER's new owner too: a transfer into another key's wallet writes nothing", async () => {
      await trialKeyB();
      await expectOutcomes([
        [byKey(1, 'key_1', 'race_wallet'), created(1)],
        [byKey(2, 'key_2', 'k2_wallet'), created(2)],
      ]);
      // A new leaf, and a duplicate of key_2's own leaf (which would link that leaf to race_wallet).
      const intoRace = transfer(3, 'key_2', 'k2_wallet', 'race_wallet', { trialKeyHash: KEY_B });
      const duplicate = { ...intoRace, leafHex: leaf(2) };
      await expectOutcomes(
        [
          [intoRace, refused('counterparty', 'key_1')],
          [duplicate, refused('counterparty', 'key_1')],
        ],
        1,
      );
      expect(await store.leaves.leafCount()).toBe(2);
      expect(await store.leaves.leafByHash(leaf(3))).toBeNull();
      expect((await store.keys.trialKey(KEY_B))?.used).toBe(0);
      expect(await lifecycle('race_wallet')).toEqual({ positions: [1], firstKeyId: 'key_1' });
      expect(await lifecycle('k2_wallet')).toEqual({ positions: [2], firstKeyId: 'key_2' });

      // The operator key may; the first key may transfer out; without first-key anyone may.
      await expectOutcomes(
        [
          [transfer(4, OPERATOR_KEY_ID, 'k2_wallet', 'race_wallet'), created(3)],
          [transfer(5, 'key_1', 'race_wallet', 'k2_wallet'), refused('counterparty', 'key_2')],
          [transfer(6, 'key_1', 'race_wallet', 'race_wallet'), created(4)],
          [{ ...transfer(7, 'key_2', 'k2_wallet', 'race_wallet'), onlyWalletFirstKey: false }, created(5)],
        ],
        2,
      );
      expect(await lifecycle('race_wallet')).toEqual({ positions: [1, 3, 4, 5], firstKeyId: 'key_1' });
    });

    it("a wallet nobody wrote yet: linked by a transfer into it without becoming anyone's; its first writer claims it", async () => {
      await expectOutcomes([[transfer(1, 'key_1', 'wallet_1', 'fresh'), created(1)]]);
      expect(await lifecycle('fresh')).toEqual({ positions: [1], firstKeyId: null });
      expect(await lifecycle('wallet_1')).toEqual({ positions: [1], firstKeyId: 'key_1' });
      await expectOutcomes(
        [
          [byKey(2, 'key_2', 'fresh'), created(2)],
          [transfer(3, 'key_1', 'wallet_1', 'fresh'), refused('counterparty', 'key_2')],
          [transfer(4, 'key_2', 'fresh', 'wallet_1'), refused('counterparty', 'key_1')],
        ],
        1,
      );
      expect(await lifecycle('fresh')).toEqual({ positions: [1, 2], firstKeyId: 'key_2' });
      expect(await lifecycle('wallet_1')).toEqual({ positions: [1], firstKeyId: 'key_1' });
    });

    it('decides a race within one batch in order: the first to claim a wallet wins, a refused event claims nothing', async () => {
      await expectOutcomes([
        [byKey(1, 'key_1', 'contested'), created(1)],
        [transfer(2, 'key_2', 'k2_wallet', 'contested'), refused('counterparty', 'key_1')],
        [byKey(3, 'key_2', 'contested'), refused('subject', 'key_1')],
        [byKey(4, 'key_2', 'k2_wallet'), created(2)],
        [transfer(5, 'key_1', 'contested', 'k2_wallet'), refused('counterparty', 'key_2')],
        [transfer(6, 'key_1', 'contested', 'fresh'), created(3)],
      ]);
      expect(await store.leaves.leafCount()).toBe(3);
      expect(await lifecycle('contested')).toEqual({ positions: [1, 3], firstKeyId: 'key_1' });
      // The refused transfer out of k2_wallet did not claim it: key_2's later write did.
      expect(await lifecycle('k2_wallet')).toEqual({ positions: [2], firstKeyId: 'key_2' });
      expect(await lifecycle('fresh')).toEqual({ positions: [3], firstKeyId: null });
    });
  });
}
