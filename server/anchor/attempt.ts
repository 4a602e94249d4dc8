/**
 * One anchoring attempt's state machine: pending → broadcast → confirmed → anchored, or failed
 * (docs/architecture.md "What anchored means"). The attempt in flight is moved one step per look.
 *
 * Crash safety rests on two rules: the intent is written before `z_sendmany` (by the loop), and a
 * pending attempt whose send this process did not see finish is looked up on chain
 * (`z_listreceivedbyaddress`: the memo names the root) before anything is sent again, and not sent
 * again until a grace period after the persisted start of the last send has passed. So a restart
 * never doubles an anchor.
 */
import type { AnchorAttempt, AnchorStore } from '../store/store.js';
import { anchorMemoHex, rootOfMemoHex } from 'zap1';
import { describeGone, leftTheChain } from './reorg.js';
import { RpcError, feeOfView, knownBlockHash, zatToZec, type ZcashRpcClient } from 'zap1/node-rpc';

/** Test-only crash points (`ANCHOR_FAULT`): the process dies abruptly at that step. */
export const ANCHOR_FAULTS = ['before_send', 'after_send', 'after_txid'] as const;
export type AnchorFault = (typeof ANCHOR_FAULTS)[number];

export function isAnchorFault(value: string): value is AnchorFault {
  return (ANCHOR_FAULTS as readonly string[]).includes(value);
}

/** Least wait after an unanswered z_sendmany before sending again (a real wallet builds proofs first). */
export const RESEND_GRACE_MS = 30_000;
/** A broadcast transaction not mined after this many blocks has expired (zcashd's default expiry is 40). */
const UNMINED_EXPIRY_BLOCKS = 60;

export interface AttemptSettings {
  /** Shielded address of the wallet that pays for anchors. */
  fromAddress: string;
  /** Where the memo goes (the loop's default is `fromAddress`, so the wallet can read every anchor back). */
  toAddress: string;
  amountZat: number;
  confirmations: number;
  tickMs: number;
  /**
   * Set when this runner took over from another anchorer (several instances): a send that one
   * started counts as started no earlier than this, since its clock and ours may differ.
   */
  takenOverAtMs?: number;
}

/** What the attempt needs from the loop around it, and what it tells the loop. */
export interface AttemptHooks {
  now(): Date;
  /** The chain tip the loop last saw. */
  tip(): number | null;
  log(message: string): void;
  /** Crashes here when the test-only fault names `step`. */
  fault(step: AnchorFault): void;
  /** The attempt ended as failed with `reason`. */
  failed(attempt: AnchorAttempt, reason: string): void;
  /** The attempt reached `anchored`. */
  anchored(attempt: AnchorAttempt): void;
  /** The attempt's transaction left the chain: revert it (and anchor the current root anew). */
  revert(id: number, reason: string): Promise<void>;
}

export class AttemptRunner {
  /** Attempts whose z_sendmany this process started, by attempt id, with the operation id. */
  private readonly sentHere = new Map<number, string | null>();
  /** Tip when a broadcast attempt was first seen unmined, by attempt id. */
  private readonly unminedSince = new Map<number, number>();
  /** Intents this process recorded and has not tried to send: no chain lookup needed before sending. */
  private readonly freshIntents = new Set<number>();
  /** When a z_sendmany got no answer, by attempt id: its transaction may still appear. */
  private readonly unansweredSends = new Map<number, number>();

  constructor(
    private readonly anchors: AnchorStore,
    private readonly rpc: ZcashRpcClient,
    private readonly settings: AttemptSettings,
    private readonly hooks: AttemptHooks,
  ) {}

  /** An intent this process just recorded: nothing can have been sent for it yet. */
  recorded(id: number): void {
    this.freshIntents.add(id);
  }

  /** Forgets what this process noted about attempt `id` (it ended). */
  forget(id: number): void {
    this.sentHere.delete(id);
    this.freshIntents.delete(id);
    this.unansweredSends.delete(id);
    this.unminedSince.delete(id);
  }

  /** Moves the attempt in flight, if any, as far as the chain allows now. */
  async advance(): Promise<void> {
    const attempt = await this.anchors.inFlightAnchor();
    if (!attempt) return;
    if (attempt.txid === null) await this.advancePending(attempt);
    const current = await this.anchors.anchorAttempt(attempt.id);
    if (current?.txid != null && (current.state === 'broadcast' || current.state === 'confirmed')) {
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
        if (op.status === 'success' && op.txid) return this.adoptTxid(attempt, op.txid, 'operation result');
        if (op.status === 'failed' || op.status === 'cancelled') {
          return this.fail(attempt, `z_sendmany ${op.status}: ${op.error?.message ?? 'no reason given'}`);
        }
      }
      // The node forgot the operation (it restarted): only the chain can tell whether it sent.
    }
    // Unless this process recorded the intent and never tried to send it, a send may have happened.
    if (!this.freshIntents.has(attempt.id)) {
      const found = await this.findSentTxid(attempt);
      if (found) return this.adoptTxid(attempt, found, 'memo found on chain');
      // A send whose answer was lost, here or in a process that died during it, may still be
      // building its transaction: give it time to show up. The start time is persisted, so the
      // grace survives a restart (docs/architecture.md decision 8: a restart never doubles an anchor).
      const since = this.lastSendMs(attempt);
      if (since !== null && this.hooks.now().getTime() - since < this.resendGraceMs()) return;
    }
    await this.send(attempt);
  }

  /** When the latest send of `attempt` started (persisted) or went unanswered (this process), if ever. */
  private lastSendMs(attempt: AnchorAttempt): number | null {
    const startedElsewhere = attempt.sendStartedAt !== null && !this.sentHere.has(attempt.id);
    const times = [
      attempt.sendStartedAt === null ? NaN : Date.parse(attempt.sendStartedAt),
      this.unansweredSends.get(attempt.id) ?? NaN,
      startedElsewhere ? (this.settings.takenOverAtMs ?? NaN) : NaN,
    ].filter((t) => !Number.isNaN(t));
    return times.length > 0 ? Math.max(...times) : null;
  }

  /** How long after an unanswered z_sendmany the attempt waits for its transaction before sending again. */
  private resendGraceMs(): number {
    return Math.max(this.settings.tickMs * 5, RESEND_GRACE_MS);
  }

  /** The txid of a transaction to our address whose memo anchors exactly this root, if any. */
  private async findSentTxid(attempt: AnchorAttempt): Promise<string | null> {
    const notes = await this.rpc.zListReceivedByAddress(this.settings.toAddress, 0);
    const taken = await this.anchors.anchoredRootBySize(attempt.leafCount);
    for (const note of notes) {
      if (rootOfMemoHex(note.memo) !== attempt.rootHex || note.confirmations < 0) continue;
      // Another attempt already stands on this transaction.
      if (taken && taken.txid === note.txid.toLowerCase()) continue;
      return note.txid.toLowerCase();
    }
    return null;
  }

  private async adoptTxid(attempt: AnchorAttempt, txid: string, how: string): Promise<void> {
    const updated = await this.anchors.setAnchorTxid(attempt.id, txid.toLowerCase());
    this.sentHere.delete(attempt.id);
    this.freshIntents.delete(attempt.id);
    this.unansweredSends.delete(attempt.id);
    this.hooks.log(`anchor: #${updated.id} broadcast ${updated.txid ?? txid} (${how})`);
    this.hooks.fault('after_txid');
  }

  private async send(attempt: AnchorAttempt): Promise<void> {
    this.hooks.fault('before_send');
    // Durably before the call: if this process dies while the wallet builds the transaction, the
    // next one waits for it (and looks for its memo) instead of sending the root a second time.
    await this.anchors.markSendStarted(attempt.id, this.hooks.now().toISOString());
    this.freshIntents.delete(attempt.id);
    this.sentHere.set(attempt.id, null);
    let opid: string;
    try {
      opid = await this.rpc.zSendMany(
        this.settings.fromAddress,
        [
          {
            address: this.settings.toAddress,
            amount: zatToZec(this.settings.amountZat),
            memo: anchorMemoHex(attempt.rootHex),
          },
        ],
        // minconf 1: the change of the previous anchor must be spendable one block later.
        1,
      );
    } catch (err) {
      if (err instanceof RpcError) {
        this.sentHere.delete(attempt.id);
        return this.fail(attempt, `z_sendmany refused: ${err.message}`);
      }
      // Unavailable: it may or may not have sent; later looks search the chain before sending again.
      this.unansweredSends.set(attempt.id, this.hooks.now().getTime());
      throw err;
    }
    this.hooks.fault('after_send');
    this.sentHere.set(attempt.id, opid);
    await this.anchors.setAnchorOperation(attempt.id, opid);
    // Most wallets finish quickly; pick the txid up in this same look when they do.
    const [op] = await this.rpc.zGetOperationStatus([opid]);
    if (op?.status === 'success' && op.txid) {
      await this.adoptTxid((await this.anchors.anchorAttempt(attempt.id)) ?? attempt, op.txid, 'sent');
    } else if (op && (op.status === 'failed' || op.status === 'cancelled')) {
      await this.fail(attempt, `z_sendmany ${op.status}: ${op.error?.message ?? 'no reason given'}`);
    }
  }

  private async advanceBroadcast(attempt: AnchorAttempt, txid: string): Promise<void> {
    const chain = await this.rpc.getTxChainState(txid);
    if (chain.state === 'mined') {
      this.unminedSince.delete(attempt.id);
      if (chain.confirmations < this.settings.confirmations) {
        if (attempt.state !== 'confirmed' || attempt.height !== chain.height) {
          await this.anchors.setAnchorConfirmed(attempt.id, chain.height);
          this.hooks.log(
            `anchor: #${attempt.id} mined at ${chain.height} (${chain.confirmations} confirmation(s))`,
          );
        }
        return;
      }
      // Read back once: only a memo that names exactly this root makes the anchor.
      const view = await this.rpc.zViewTransaction(txid);
      if (!view.outputs.some((o) => rootOfMemoHex(o.memo) === attempt.rootHex)) {
        return this.fail(attempt, `the memo read back from ${txid} is not ZAP1:09:${attempt.rootHex}`);
      }
      const anchored = await this.anchors.markAnchored(attempt.id, {
        height: chain.height,
        blockTime: chain.blocktime,
        blockHash: knownBlockHash(chain.blockhash),
        // What the operator's wallet paid, as it shows the transaction: the Status page's spend.
        feeZat: feeOfView(view),
      });
      this.forget(attempt.id);
      this.hooks.log(
        `anchor: #${attempt.id} anchored root ${attempt.rootHex} (${attempt.leafCount} leaves) at ${chain.height}`,
      );
      return this.hooks.anchored(anchored);
    }
    if (leftTheChain(attempt, chain)) return this.hooks.revert(attempt.id, describeGone(chain));
    // Broadcast, waiting for a block; give up once it must have expired.
    const tip = this.hooks.tip() ?? 0;
    const since = this.unminedSince.get(attempt.id);
    if (since === undefined) this.unminedSince.set(attempt.id, tip);
    else if (tip - since > UNMINED_EXPIRY_BLOCKS) {
      await this.fail(attempt, `transaction ${txid} was not mined within ${UNMINED_EXPIRY_BLOCKS} blocks`);
    }
  }

  /** Ends `attempt` as failed with `reason`; the next attempt anchors the current root. */
  async fail(attempt: AnchorAttempt, reason: string): Promise<void> {
    await this.anchors.markAnchorFailed(attempt.id, reason);
    this.forget(attempt.id);
    this.hooks.failed(attempt, reason);
  }
}
