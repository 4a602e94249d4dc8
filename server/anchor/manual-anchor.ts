/**
 * Manual anchoring (ANCHOR_MODE=manual, docs/reference-api.md 5.4): the service holds no spending
 * key. It offers the payment that anchors its current root as a ZIP-321 URI (and QR code), and
 * accepts a record of the transaction only once the node shows it mined at the claimed height, with
 * the required confirmations, and its memo reads back as exactly `ZAP1:09:<root>`.
 */
import { StoreConflictError, type AnchorAttempt, type AnchoredRoot, type Store } from '../store/store.js';
import type { Ledger } from '../ledger.js';
import { anchorMemoHex, rootOfMemoHex, zecAmount } from 'zap1';
import { RpcUnavailableError, knownBlockHash, type ZcashRpcClient } from 'zap1/node-rpc';

/** A record that does not hold: the claim contradicts the chain, or its input is malformed. */
export class ManualRecordError extends Error {
  constructor(
    /** 400: the claim is wrong; 502: the node cannot confirm it (yet). */
    readonly kind: 'invalid' | 'not_confirmed',
    message: string,
  ) {
    super(message);
    this.name = 'ManualRecordError';
  }
}

export interface ManualRecordInput {
  root: string;
  txid: string;
  height: number;
}

export interface ManualAnchorDeps {
  store: Store;
  ledger: Ledger;
  rpc: ZcashRpcClient;
  confirmations: number;
}

/** How far back from the tip a recorded root is looked for among the tree's earlier sizes. */
const MAX_SIZES_SEARCHED = 10_000;

/** The ZIP-321 payment URI that anchors `rootHex`: the memo is base64url (no padding) of its bytes. */
export function anchorPaymentUri(toAddress: string, amountZat: number, rootHex: string): string {
  const memo = Buffer.from(anchorMemoHex(rootHex), 'hex').toString('base64url');
  return `zcash:${toAddress}?amount=${zecAmount(amountZat)}&memo=${memo}`;
}

/** The tree size whose root is `rootHex`, among the sizes not anchored yet; null when none is. */
function sizeOfRoot(ledger: Ledger, anchoredCount: number, rootHex: string): number | null {
  const lowest = Math.max(anchoredCount + 1, ledger.size - MAX_SIZES_SEARCHED + 1, 1);
  for (let size = ledger.size; size >= lowest; size--) if (ledger.tree.root(size) === rootHex) return size;
  return null;
}

/** The end of each store's chain of records in this process: records run one at a time. */
const recordTails = new WeakMap<Store, Promise<unknown>>();

/**
 * Checks a manually made anchor against the node and records it as anchored. Idempotent: the same
 * record again answers the anchored root, also when both arrive at once (a double click): records
 * run one at a time, each after the one before has written. Throws `ManualRecordError` (400/502),
 * `StoreConflictError` (409) or `RpcUnavailableError` (503).
 */
export function recordManualAnchor(deps: ManualAnchorDeps, input: ManualRecordInput): Promise<AnchoredRoot> {
  const run = (recordTails.get(deps.store) ?? Promise.resolve()).then(() => recordInTurn(deps, input));
  recordTails.set(
    deps.store,
    run.catch(() => undefined),
  );
  return run;
}

/** The root `txid` is recorded for if it is already recorded (the same record again), or null. */
function alreadyRecorded(known: AnchoredRoot | null, txid: string, root: string, height: number) {
  if (!known || known.txid !== txid) return null;
  if (known.rootHex === root && known.height === height) return known;
  throw new StoreConflictError(
    `transaction ${txid} is already recorded as the anchor of root ${known.rootHex} at height ${known.height}`,
  );
}

async function recordInTurn(deps: ManualAnchorDeps, input: ManualRecordInput): Promise<AnchoredRoot> {
  const { store, ledger, rpc } = deps;
  const root = input.root.toLowerCase();
  const txid = input.txid.toLowerCase();
  const known = alreadyRecorded(await store.anchors.anchoredRootByTxidPrefix(txid), txid, root, input.height);
  if (known) return known;
  if (ledger.size === 0) throw new ManualRecordError('invalid', 'no Merkle root yet');
  const anchoredCount = await store.anchors.anchoredLeafCount();
  const size = sizeOfRoot(ledger, anchoredCount, root);
  if (size === null) {
    throw new StoreConflictError(
      `root ${root} is not a root of this tree awaiting its anchor (anchored up to ${anchoredCount} of ${ledger.size} leaves)`,
    );
  }

  const state = await rpc.getTxChainState(txid);
  if (state.state === 'not_found')
    throw new ManualRecordError('not_confirmed', `the node does not know transaction ${txid}`);
  if (state.state !== 'mined')
    throw new ManualRecordError('not_confirmed', `transaction ${txid} is not mined yet`);
  if (state.height !== input.height) {
    throw new ManualRecordError(
      'invalid',
      `claimed height ${input.height} does not match configured-node height ${state.height}`,
    );
  }
  if (state.confirmations < deps.confirmations) {
    throw new ManualRecordError(
      'not_confirmed',
      `transaction ${txid} has ${state.confirmations} confirmation(s); ${deps.confirmations} are required`,
    );
  }
  const view = await rpc.zViewTransaction(txid);
  if (!view.outputs.some((output) => rootOfMemoHex(output.memo) === root)) {
    throw new ManualRecordError('invalid', `the memo of transaction ${txid} is not ZAP1:09:${root}`);
  }

  let attempt: AnchorAttempt | null = null;
  try {
    // An attempt left in flight (a record interrupted by a crash, or one from automatic mode) is
    // finished if it is this one, else superseded: only one may be in flight.
    attempt = await store.anchors.inFlightAnchor();
    if (attempt && !(attempt.rootHex === root && (attempt.txid === null || attempt.txid === txid))) {
      await store.anchors.markAnchorFailed(attempt.id, `superseded by the manually recorded anchor ${txid}`);
      attempt = null;
    }
    attempt ??= await store.anchors.recordAnchorIntent({ rootHex: root, leafCount: size });
    if (attempt.txid === null) attempt = await store.anchors.setAnchorTxid(attempt.id, txid);
    await store.anchors.markAnchored(attempt.id, {
      height: state.height,
      blockTime: state.blocktime ?? null,
      blockHash: knownBlockHash(state.blockhash),
    });
  } catch (error) {
    // Recorded meanwhile (the anchoring loop finished this very attempt, or another instance
    // recorded it): answer that anchor. An attempt of ours that is not the anchored one must not
    // stay in flight for the loop to retry; one that has ended already is left as it is.
    const raced = await store.anchors.anchoredRootByTxidPrefix(txid);
    if (raced?.txid !== txid) throw error;
    if (attempt !== null && attempt.id !== raced.anchorId) {
      await store.anchors
        .markAnchorFailed(attempt.id, `the anchor ${txid} was recorded by another request`)
        .catch((failure: unknown) => {
          if (!(failure instanceof StoreConflictError)) throw failure;
        });
    }
    return alreadyRecorded(raced, txid, root, input.height)!;
  }
  const recorded = await store.anchors.anchoredRootByTxidPrefix(txid);
  if (!recorded) throw new Error('the recorded anchor is missing');
  return recorded;
}

export { RpcUnavailableError };
