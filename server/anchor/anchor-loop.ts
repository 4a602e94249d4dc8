/**
 * The anchoring loop (docs/architecture.md decision 8, "What anchored means"). Every tick it looks at the
 * chain, moves the one anchor in flight along pending → broadcast → confirmed → anchored (or
 * failed), checks recent anchored roots for reorganisations, and starts a new anchor of the
 * current root when the policy says one is due.
 *
 * Crash safety rests on two rules: the intent is written before `z_sendmany`, and a pending attempt
 * whose send this process did not see finish is looked up on chain (`z_listreceivedbyaddress`, the
 * memo names the root) before anything is sent again, and not sent again until a grace period after
 * the persisted start of the last send has passed. So a restart never doubles an anchor.
 *
 * The loop implements the `ChainHooks` the HTTP layer reads; it never throws out of a tick, so an
 * unreachable node shows in /health and /anchor/status instead of stopping the service.
 */
import { EVENT_SPECS, encodeMemo, parseAnchorMemo, parseHex, toHex } from '../../src/core/index.js';
import { ChainUnavailableError, type ChainHealth, type ChainHooks, type Network } from '../chain.js';
import type { Ledger } from '../ledger.js';
import { StoreConflictError, type AnchorAttempt, type Store } from '../store/store.js';
import {
  RpcError,
  RpcUnavailableError,
  networkFromChain,
  zatToZec,
  type TxChainState,
  type ZcashRpcClient,
} from './zcash-rpc.js';

/** Test-only crash points (`ANCHOR_FAULT`): the process dies abruptly at that step. */
export const ANCHOR_FAULTS = ['before_send', 'after_send', 'after_txid'] as const;
export type AnchorFault = (typeof ANCHOR_FAULTS)[number];

export function isAnchorFault(value: string): value is AnchorFault {
  return (ANCHOR_FAULTS as readonly string[]).includes(value);
}

export interface AnchorLoopOptions {
  store: Store;
  ledger: Ledger;
  rpc: ZcashRpcClient;
  /** Shielded address of the wallet that pays for anchors. */
  fromAddress: string;
  /** Where the memo goes (default: `fromAddress`, so the wallet can read every anchor back). */
  toAddress?: string;
  amountZat: number;
  minLeaves: number;
  maxAgeS: number;
  tickMs: number;
  confirmations: number;
  /** Expected seconds between blocks, for `expected_wait_s` (75 on Zcash). */
  blockTimeS: number;
  fault?: AnchorFault | null;
  /** What a fault does; by default the process kills itself with SIGKILL (no cleanup, like a crash). */
  onFault?: (fault: AnchorFault) => void;
  log?: (message: string) => void;
  now?: () => Date;
}

/** How many of the newest anchored roots every reorganisation check looks at. */
const REORG_CHECK_LATEST = 5;
/** Anchored roots this many blocks below the tip or closer are checked too (up to REORG_CHECK_MAX). */
const REORG_CHECK_DEPTH = 10;
const REORG_CHECK_MAX = 20;
/** A broadcast transaction not mined after this many blocks has expired (zcashd's default expiry is 40). */
const UNMINED_EXPIRY_BLOCKS = 60;
/** Least wait after an unanswered z_sendmany before sending again (a real wallet builds proofs first). */
export const RESEND_GRACE_MS = 30_000;
/** Upper bound of the wait between ticks while the node is unreachable or sends keep failing. */
const MAX_BACKOFF_MS = 30_000;

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** The memo of an anchor of `rootHex` as the hex that `z_sendmany` takes (72 bytes; the node pads). */
export function anchorMemoHex(rootHex: string): string {
  return toHex(encodeMemo(EVENT_SPECS.MERKLE_ROOT.byte, rootHex));
}

/**
 * The root an anchor memo (hex, as a wallet reports it) names, or null when the memo is not exactly
 * `ZAP1:09:<root>` followed only by zero padding (docs/protocol.md 5.1).
 */
export function rootOfMemoHex(memoHex: string | undefined): string | null {
  if (memoHex === undefined) return null;
  let bytes: Uint8Array;
  try {
    bytes = parseHex(memoHex.toLowerCase(), { name: 'memo' });
  } catch {
    return null;
  }
  return parseAnchorMemo(bytes);
}

export class AnchorLoop implements ChainHooks {
  private readonly store: Store;
  private readonly ledger: Ledger;
  private readonly rpc: ZcashRpcClient;
  private readonly fromAddress: string;
  private readonly toAddress: string;
  private readonly opts: AnchorLoopOptions;
  private readonly now: () => Date;
  private readonly log: (message: string) => void;

  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private stopped = false;
  private chainLock: Promise<unknown> = Promise.resolve();
  private currentTick: Promise<void> | null = null;
  private kickAgain = false;

  // Health snapshot.
  private reachable = false;
  private tip: number | null = null;
  private bestBlockHash: string | null = null;
  private lastReorgCheckHash: string | null = null;
  private networkValue: Network | null = null;
  private balanceZat: number | null = null;
  private balanceTip: number | null = null;
  private lastErrorValue: string | null = null;
  private lastErrorKind: 'rpc' | 'anchor' | null = null;

  private unreachableStreak = 0;
  private failureStreak = 0;
  private notBefore = 0;
  /** Attempts whose z_sendmany this process started, by attempt id, with the operation id. */
  private readonly sentHere = new Map<number, string | null>();
  /** Tip when a broadcast attempt was first seen unmined, by attempt id. */
  private readonly unminedSince = new Map<number, number>();
  /** Intents this process recorded and has not tried to send: no chain lookup needed before sending. */
  private readonly freshIntents = new Set<number>();
  /** When a z_sendmany got no answer, by attempt id: its transaction may still appear. */
  private readonly unansweredSends = new Map<number, number>();
  /** After a reorganisation the current root is anchored at once, whatever the thresholds say. */
  private forceNext = false;

  constructor(options: AnchorLoopOptions) {
    this.opts = options;
    this.store = options.store;
    this.ledger = options.ledger;
    this.rpc = options.rpc;
    this.fromAddress = options.fromAddress;
    this.toAddress = options.toAddress ?? options.fromAddress;
    this.now = options.now ?? (() => new Date());
    this.log = options.log ?? (() => {});
  }

  // ---------------------------------------------------------------------------------------------
  // ChainHooks

  network(): Network | null {
    return this.networkValue;
  }

  health(): ChainHealth {
    return {
      rpcReachable: this.reachable,
      chainTip: this.tip,
      lastScannedHeight: this.tip,
      loopRunning: this.running,
      walletBalanceZat: this.balanceZat,
      lastError: this.lastErrorValue,
    };
  }

  /**
   * Records an anchor of the current root now and lets the loop send it at once. Throws
   * `ChainUnavailableError` when the node does not answer and `StoreConflictError` when an anchor is
   * in flight or the current root is already anchored.
   */
  async anchorNow(): Promise<AnchorAttempt> {
    if (this.store.listInFlightAnchors().length > 0)
      throw new StoreConflictError('an anchor is already in flight');
    if (!this.reachable) {
      try {
        await this.refreshChainInfo();
      } catch (err) {
        if (err instanceof RpcUnavailableError) {
          this.noteUnreachable(err);
          throw new ChainUnavailableError(`The Zcash node is unreachable: ${err.message}`);
        }
        throw err;
      }
    }
    const attempt = await this.exclusive(async () => {
      const size = this.ledger.size;
      if (size === 0) throw new StoreConflictError('there are no leaves to anchor');
      if (this.store.anchoredRootBySize(size))
        throw new StoreConflictError('the current root is already anchored');
      return this.recordIntent(size);
    });
    this.kick();
    return attempt;
  }

  expectedWaitS(): number | null {
    const size = this.ledger.size;
    const anchored = this.store.anchoredLeafCount();
    if (size <= anchored) return null;
    const tickS = this.opts.tickMs / 1000;
    const cycleS = tickS + this.opts.confirmations * this.opts.blockTimeS;
    const inFlight = this.store.listInFlightAnchors()[0];
    if (inFlight) {
      let remaining = cycleS;
      if (inFlight.state === 'broadcast') remaining = this.opts.confirmations * this.opts.blockTimeS;
      if (inFlight.state === 'confirmed' && inFlight.height !== null && this.tip !== null) {
        const have = this.tip - inFlight.height + 1;
        remaining = Math.max(this.opts.confirmations - have, 0) * this.opts.blockTimeS + tickS;
      }
      // Leaves beyond the root in flight wait for the next anchor.
      return Math.ceil(inFlight.leafCount >= size ? remaining : remaining + cycleS);
    }
    const ageS = this.oldestUnanchoredAgeS(anchored);
    const due = size - anchored >= this.opts.minLeaves || ageS >= this.opts.maxAgeS;
    return Math.ceil((due ? 0 : this.opts.maxAgeS - ageS) + cycleS);
  }

  // ---------------------------------------------------------------------------------------------
  // Running

  /** Asks the node for its network and tip once (so /protocol/info names the network from the start). */
  async probe(): Promise<boolean> {
    try {
      await this.refreshChainInfo();
      return true;
    } catch (err) {
      if (err instanceof RpcUnavailableError) this.noteUnreachable(err);
      return false;
    }
  }

  /** Starts ticking (the first tick runs at once). */
  start(): void {
    if (this.running || this.stopped) return;
    this.running = true;
    this.schedule(0);
  }

  /** Stops ticking and waits for the tick in progress; the store stays open. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.currentTick;
    await this.chainLock.catch(() => {});
  }

  /** Runs the next tick as soon as possible. */
  kick(): void {
    if (!this.running) return;
    if (this.currentTick) {
      this.kickAgain = true;
      return;
    }
    this.notBefore = 0;
    this.schedule(0);
  }

  /** One tick, serialised with every other chain action (tests call it directly). */
  tick(): Promise<void> {
    return this.exclusive(() => this.tickBody());
  }

  private schedule(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.running) return;
      // A tick never rejects the loop away: anything unexpected is kept as the last error.
      this.currentTick = this.tick()
        .catch((err: unknown) => {
          this.setError('anchor', message(err));
          this.log(`anchor: tick failed: ${message(err)}`);
        })
        .finally(() => {
          this.currentTick = null;
          if (!this.running) return;
          const again = this.kickAgain;
          this.kickAgain = false;
          this.schedule(again ? 0 : this.nextDelayMs());
        });
    }, delayMs);
  }

  private nextDelayMs(): number {
    const tick = this.opts.tickMs;
    const cap = Math.max(tick, Math.min(MAX_BACKOFF_MS, tick * 16));
    if (this.unreachableStreak > 0) return Math.min(cap, tick * 2 ** Math.min(this.unreachableStreak, 10));
    return tick;
  }

  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.chainLock.then(fn, fn);
    this.chainLock = run.catch(() => {});
    return run;
  }

  private async tickBody(): Promise<void> {
    try {
      await this.refreshChainInfo();
    } catch (err) {
      if (err instanceof RpcUnavailableError) this.noteUnreachable(err);
      else this.setError('rpc', `getblockchaininfo: ${message(err)}`);
      // Writes go on while the node is away: the due anchor is recorded now and sent when it is back.
      this.safely(() => this.maybeRecordDueIntent());
      const inFlight = this.safelyGet(() => this.store.listInFlightAnchors()[0]);
      if (inFlight)
        this.safely(() => this.store.noteAnchorError(inFlight.id, this.lastErrorValue ?? message(err)));
      return;
    }
    try {
      await this.refreshBalance();
      await this.checkReorgs();
      await this.advanceInFlight();
      if (this.maybeRecordDueIntent()) await this.advanceInFlight();
    } catch (err) {
      const inFlight = this.safelyGet(() => this.store.listInFlightAnchors()[0]);
      if (err instanceof RpcUnavailableError) {
        this.noteUnreachable(err);
        if (inFlight)
          this.safely(() => this.store.noteAnchorError(inFlight.id, `node unreachable: ${err.message}`));
      } else {
        this.setError('anchor', message(err));
        if (inFlight) this.safely(() => this.store.noteAnchorError(inFlight.id, message(err)));
        this.log(`anchor: ${message(err)}`);
      }
    }
  }

  private safelyGet<T>(fn: () => T): T | undefined {
    try {
      return fn();
    } catch (err) {
      this.setError('anchor', message(err));
      return undefined;
    }
  }

  private safely(fn: () => unknown): void {
    try {
      fn();
    } catch (err) {
      this.setError('anchor', message(err));
    }
  }

  private setError(kind: 'rpc' | 'anchor', text: string): void {
    this.lastErrorValue = text;
    this.lastErrorKind = kind;
  }

  private noteUnreachable(err: RpcUnavailableError): void {
    if (this.reachable || this.unreachableStreak === 0) this.log(`anchor: node unreachable: ${err.message}`);
    this.reachable = false;
    this.unreachableStreak++;
    this.setError('rpc', `node unreachable: ${err.message}`);
  }

  private async refreshChainInfo(): Promise<void> {
    const info = await this.rpc.getBlockchainInfo();
    if (!this.reachable && this.unreachableStreak > 0) this.log('anchor: node reachable again');
    this.reachable = true;
    this.unreachableStreak = 0;
    if (this.lastErrorKind === 'rpc') {
      this.lastErrorValue = null;
      this.lastErrorKind = null;
    }
    this.tip = info.blocks;
    this.bestBlockHash = info.bestblockhash ?? null;
    this.networkValue = networkFromChain(info.chain);
  }

  private async refreshBalance(): Promise<void> {
    // Once per block: a wallet's balance only changes with blocks and our own sends.
    if (this.balanceTip === this.tip && this.balanceZat !== null) return;
    try {
      const balance = await this.rpc.zGetTotalBalance(1);
      this.balanceZat = balance.privateZat;
      this.balanceTip = this.tip;
    } catch (err) {
      if (err instanceof RpcUnavailableError) throw err;
      // A wallet that refuses the call still anchors; the balance stays unknown.
      this.balanceZat = null;
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Policy

  private oldestUnanchoredAgeS(anchoredCount: number): number {
    const first = this.store.leafAt(anchoredCount + 1);
    if (!first) return 0;
    return Math.max(0, (this.now().getTime() - Date.parse(first.createdAt)) / 1000);
  }

  /** Records the intent to anchor the current root when one is due and none is in flight. */
  private maybeRecordDueIntent(): boolean {
    if (this.store.listInFlightAnchors().length > 0) return false;
    const size = this.ledger.size;
    if (size === 0) return false;
    const anchored = this.store.anchoredLeafCount();
    if (size <= anchored || this.store.anchoredRootBySize(size)) return false;
    if (Date.now() < this.notBefore) return false;
    const due =
      this.forceNext ||
      size - anchored >= this.opts.minLeaves ||
      this.oldestUnanchoredAgeS(anchored) >= this.opts.maxAgeS;
    if (!due) return false;
    this.recordIntent(size);
    this.forceNext = false;
    return true;
  }

  private recordIntent(size: number): AnchorAttempt {
    const rootHex = this.ledger.tree.root(size);
    const attempt = this.store.recordAnchorIntent({ rootHex, leafCount: size });
    this.freshIntents.add(attempt.id);
    this.log(`anchor: intent #${attempt.id} for root ${rootHex} (${size} leaves)`);
    return attempt;
  }

  // ---------------------------------------------------------------------------------------------
  // The attempt in flight

  private async advanceInFlight(): Promise<void> {
    const attempt = this.store.listInFlightAnchors()[0];
    if (!attempt) return;
    if (attempt.txid === null) await this.advancePending(attempt);
    const current = this.store.anchorAttempt(attempt.id);
    if (
      current &&
      current.txid !== null &&
      (current.state === 'broadcast' || current.state === 'confirmed')
    ) {
      await this.advanceBroadcast(current, current.txid);
    }
  }

  private async advancePending(attempt: AnchorAttempt): Promise<void> {
    // An operation this process or an earlier one started, which the node may still remember.
    const opid = this.sentHere.get(attempt.id) ?? attempt.opid;
    if (opid) {
      const [op] = await this.rpc.zGetOperationStatus([opid]);
      if (op) {
        if (op.status === 'queued' || op.status === 'executing') return;
        if (op.status === 'success' && op.txid) {
          this.adoptTxid(attempt, op.txid, 'operation result');
          return;
        }
        if (op.status === 'failed' || op.status === 'cancelled') {
          this.fail(attempt, `z_sendmany ${op.status}: ${op.error?.message ?? 'no reason given'}`);
          return;
        }
      }
      // The node forgot the operation (it restarted): only the chain can tell whether it sent.
    }
    // Unless this process recorded the intent and never tried to send it, a send may have happened.
    if (!this.freshIntents.has(attempt.id)) {
      const found = await this.findSentTxid(attempt);
      if (found) {
        this.adoptTxid(attempt, found, 'memo found on chain');
        return;
      }
      // A send whose answer was lost, here or in a process that died during it, may still be
      // building its transaction: give it time to show up. The start time is persisted, so the
      // grace survives a restart (docs/architecture.md decision 8: a restart never doubles an anchor).
      const since = this.lastSendMs(attempt);
      if (since !== null && this.now().getTime() - since < this.resendGraceMs()) return;
    }
    await this.send(attempt);
  }

  /** When the latest send of `attempt` started (persisted) or went unanswered (this process), if ever. */
  private lastSendMs(attempt: AnchorAttempt): number | null {
    const times = [
      attempt.sendStartedAt === null ? NaN : Date.parse(attempt.sendStartedAt),
      this.unansweredSends.get(attempt.id) ?? NaN,
    ].filter((t) => !Number.isNaN(t));
    return times.length > 0 ? Math.max(...times) : null;
  }

  /** The txid of a transaction to our address whose memo anchors exactly this root, if any. */
  private async findSentTxid(attempt: AnchorAttempt): Promise<string | null> {
    const notes = await this.rpc.zListReceivedByAddress(this.toAddress, 0);
    const taken = this.store.anchoredRootBySize(attempt.leafCount);
    for (const note of notes) {
      if (rootOfMemoHex(note.memo) !== attempt.rootHex) continue;
      if (note.confirmations < 0) continue;
      // Another attempt already stands on this transaction.
      if (taken && taken.txid === note.txid.toLowerCase()) continue;
      return note.txid.toLowerCase();
    }
    return null;
  }

  private adoptTxid(attempt: AnchorAttempt, txid: string, how: string): void {
    const updated = this.store.setAnchorTxid(attempt.id, txid.toLowerCase());
    this.sentHere.delete(attempt.id);
    this.freshIntents.delete(attempt.id);
    this.unansweredSends.delete(attempt.id);
    this.log(`anchor: #${updated.id} broadcast ${updated.txid ?? txid} (${how})`);
    this.fault('after_txid');
  }

  private async send(attempt: AnchorAttempt): Promise<void> {
    this.fault('before_send');
    // Durably before the call: if this process dies while the wallet builds the transaction, the
    // next one waits for it (and looks for its memo) instead of sending the root a second time.
    this.store.markSendStarted(attempt.id, this.now().toISOString());
    this.freshIntents.delete(attempt.id);
    this.sentHere.set(attempt.id, null);
    let opid: string;
    try {
      opid = await this.rpc.zSendMany(
        this.fromAddress,
        [
          {
            address: this.toAddress,
            amount: zatToZec(this.opts.amountZat),
            memo: anchorMemoHex(attempt.rootHex),
          },
        ],
        // minconf 1: the change of the previous anchor must be spendable one block later.
        1,
      );
    } catch (err) {
      if (err instanceof RpcError) {
        this.sentHere.delete(attempt.id);
        this.fail(attempt, `z_sendmany refused: ${err.message}`);
        return;
      }
      // Unavailable: it may or may not have sent; later ticks look on chain before sending again.
      this.unansweredSends.set(attempt.id, this.now().getTime());
      throw err;
    }
    this.fault('after_send');
    this.sentHere.set(attempt.id, opid);
    this.store.setAnchorOperation(attempt.id, opid);
    // Most wallets finish quickly; pick the txid up in this same tick when they do.
    const [op] = await this.rpc.zGetOperationStatus([opid]);
    if (op?.status === 'success' && op.txid)
      this.adoptTxid(this.store.anchorAttempt(attempt.id) ?? attempt, op.txid, 'sent');
    else if (op && (op.status === 'failed' || op.status === 'cancelled')) {
      this.fail(attempt, `z_sendmany ${op.status}: ${op.error?.message ?? 'no reason given'}`);
    }
  }

  private async advanceBroadcast(attempt: AnchorAttempt, txid: string): Promise<void> {
    const chain = await this.rpc.getTxChainState(txid);
    if (chain.state === 'mined') {
      this.unminedSince.delete(attempt.id);
      if (chain.confirmations < this.opts.confirmations) {
        if (attempt.state !== 'confirmed' || attempt.height !== chain.height) {
          this.store.setAnchorConfirmed(attempt.id, chain.height);
          this.log(
            `anchor: #${attempt.id} mined at ${chain.height} (${chain.confirmations} confirmation(s))`,
          );
        }
        return;
      }
      // Read back once: only a memo that names exactly this root makes the anchor.
      const view = await this.rpc.zViewTransaction(txid);
      const matches = view.outputs.some((o) => rootOfMemoHex(o.memo) === attempt.rootHex);
      if (!matches) {
        this.fail(attempt, `the memo read back from ${txid} is not ZAP1:09:${attempt.rootHex}`);
        return;
      }
      this.store.markAnchored(attempt.id, { height: chain.height, blockTime: chain.blocktime });
      if (attempt.leafCount >= this.ledger.size) this.forceNext = false;
      this.failureStreak = 0;
      this.notBefore = 0;
      if (this.lastErrorKind === 'anchor') {
        this.lastErrorValue = null;
        this.lastErrorKind = null;
      }
      this.log(
        `anchor: #${attempt.id} anchored root ${attempt.rootHex} (${attempt.leafCount} leaves) at ${chain.height}`,
      );
      return;
    }
    if (this.leftTheChain(attempt, chain)) {
      this.revert(attempt.id, describeGone(chain));
      return;
    }
    // Broadcast, waiting for a block; give up once it must have expired.
    const tip = this.tip ?? 0;
    const since = this.unminedSince.get(attempt.id);
    if (since === undefined) this.unminedSince.set(attempt.id, tip);
    else if (tip - since > UNMINED_EXPIRY_BLOCKS) {
      this.unminedSince.delete(attempt.id);
      this.fail(attempt, `transaction ${txid} was not mined within ${UNMINED_EXPIRY_BLOCKS} blocks`);
    }
  }

  /** Whether a known transaction is no longer on the chain (a confirmed one back in the mempool counts). */
  private leftTheChain(attempt: AnchorAttempt, chain: TxChainState): boolean {
    if (chain.state === 'not_found' || chain.state === 'conflicted') return true;
    return chain.state === 'unconfirmed' && (attempt.state === 'confirmed' || attempt.state === 'anchored');
  }

  /** How long after an unanswered z_sendmany the loop waits for its transaction before sending again. */
  private resendGraceMs(): number {
    return Math.max(this.opts.tickMs * 5, RESEND_GRACE_MS);
  }

  private fail(attempt: AnchorAttempt, reason: string): void {
    this.store.markAnchorFailed(attempt.id, reason);
    this.sentHere.delete(attempt.id);
    this.freshIntents.delete(attempt.id);
    this.unansweredSends.delete(attempt.id);
    this.failureStreak++;
    // Back off new attempts after repeated failures, so a broken wallet is not hammered every tick.
    const delay = Math.min(MAX_BACKOFF_MS, this.opts.tickMs * 2 ** Math.min(this.failureStreak, 10));
    this.notBefore = Date.now() + (this.failureStreak > 1 ? delay : 0);
    this.setError('anchor', `anchor #${attempt.id} failed: ${reason}`);
    this.log(`anchor: #${attempt.id} failed: ${reason}`);
  }

  private revert(id: number, reason: string): void {
    this.store.revertAnchor(id, reason);
    this.unminedSince.delete(id);
    this.setError('anchor', `anchor #${id} reverted: ${reason}`);
    this.log(`anchor: #${id} reverted: ${reason}`);
    this.notBefore = 0;
    this.forceNext = true;
  }

  // ---------------------------------------------------------------------------------------------
  // Reorganisations

  /** Reverts anchored roots near the tip whose transaction left the chain. */
  private async checkReorgs(): Promise<void> {
    // Nothing moved since the last full check: the same blocks hold the same transactions.
    if (this.bestBlockHash !== null && this.bestBlockHash === this.lastReorgCheckHash) return;
    const tip = this.tip ?? 0;
    const recent = this.store.anchoredRoots({ limit: REORG_CHECK_MAX });
    const toCheck = recent.filter(
      (r, i) => i >= recent.length - REORG_CHECK_LATEST || r.height >= tip - REORG_CHECK_DEPTH,
    );
    for (const root of toCheck.reverse()) {
      const chain = await this.rpc.getTxChainState(root.txid);
      const stillThere = chain.state === 'mined' && chain.height === root.height;
      if (!stillThere) {
        this.revert(
          root.anchorId,
          chain.state === 'mined'
            ? `transaction ${root.txid} moved from block ${root.height} to ${chain.height}`
            : describeGone(chain),
        );
      }
    }
    this.lastReorgCheckHash = this.bestBlockHash;
  }

  private fault(step: AnchorFault): void {
    if (this.opts.fault !== step) return;
    const onFault = this.opts.onFault ?? (() => process.kill(process.pid, 'SIGKILL'));
    onFault(step);
  }
}

function describeGone(chain: TxChainState): string {
  if (chain.state === 'not_found') return 'the transaction left the chain (reorganisation)';
  if (chain.state === 'conflicted') return 'the transaction conflicts with the chain (reorganisation)';
  return 'the transaction is no longer in a block (reorganisation)';
}
