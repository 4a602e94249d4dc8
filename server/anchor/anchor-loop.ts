/**
 * The anchoring loop (docs/architecture.md decision 8). Every look it asks the chain where it is,
 * checks recent anchored roots for reorganisations (reorg.ts), moves the attempt in flight
 * (attempt.ts), and records an anchor of the current root when the policy says one is due
 * (policy.ts). One injected clock drives every time it reads.
 *
 * The loop implements the `ChainHooks` the HTTP layer reads; it never throws out of a look, so an
 * unreachable node shows in /health and /anchor/status instead of stopping the service.
 *
 * With an election (several instances on PostgreSQL), only the instance holding the anchorer lease
 * moves attempts, and every anchor write it makes carries the lease's fencing token. The others
 * only watch the chain for their /health. Whenever the lease changes hands the loop forgets what
 * it knew of the attempt in flight, so a new holder re-checks it by memo read-back before sending.
 */
import { ChainUnavailableError, type ChainHealth, type ChainHooks, type Network } from '../chain.js';
import type { Ledger } from '../ledger.js';
import {
  AnchorLeaseLostError,
  StoreConflictError,
  type AnchorAttempt,
  type AnchorFence,
  type AnchorStore,
  type Store,
} from '../store/store.js';
import { AttemptRunner, type AnchorFault } from './attempt.js';
import type { AnchorerElection } from './election.js';
import { scheduleNow, type AnchorPolicy, type AnchorSchedule } from './policy.js';
import { ReorgWatch } from './reorg.js';
import { ChainView } from './chain-view.js';
import { RpcUnavailableError, type ZcashRpcClient } from 'zap1/node-rpc';

export interface AnchorLoopOptions extends AnchorPolicy {
  store: Store;
  ledger: Ledger;
  rpc: ZcashRpcClient;
  /** Shielded address of the wallet that pays for anchors. */
  fromAddress: string;
  /** Where the memo goes (default: `fromAddress`, so the wallet can read every anchor back). */
  toAddress?: string;
  amountZat: number;
  fault?: AnchorFault | null;
  /** What a fault does; by default the process kills itself with SIGKILL (no cleanup, like a crash). */
  onFault?: (fault: AnchorFault) => void;
  log?: (message: string) => void;
  /** The clock (tests pin it); also paces the back-off between failed attempts. */
  now?: () => Date;
  /** ANCHOR_MODE=manual: the loop never starts an anchor (the operator does); it still watches the chain. */
  manual?: boolean;
  /** Several instances: anchor only while holding the lease. Without it this loop always anchors. */
  election?: AnchorerElection | null;
  /** An intent recorded here for the anchorer elsewhere to send (POST /anchor/now on another instance). */
  onForeignIntent?: () => void;
  /** Told after every look, anchorer or not (the chain evidence round, evidence.ts); never awaited. */
  afterLook?: () => void;
}

/** Upper bound of the wait between looks while the node is unreachable or sends keep failing. */
const MAX_BACKOFF_MS = 30_000;

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export class AnchorLoop implements ChainHooks {
  /** Anchor writes, fenced by the lease while an election decides who anchors. */
  private anchors: AnchorStore;
  private readonly ledger: Ledger;
  private readonly rpc: ZcashRpcClient;
  private readonly policy: AnchorPolicy;
  private attempts!: AttemptRunner;
  private reorgs!: ReorgWatch;
  private readonly now: () => Date;
  private readonly log: (message: string) => void;

  private timer: NodeJS.Timeout | null = null;
  /** The fencing token the anchor writes carry now (null: unfenced, no election or not armed yet). */
  private armedToken: number | null = null;
  private running = false;
  private stopped = false;
  private chainLock: Promise<unknown> = Promise.resolve();
  private currentTick: Promise<void> | null = null;
  private kickAgain = false;

  /** The node as last seen (health snapshot). */
  private readonly view: ChainView;
  private failureStreak = 0;
  /** No new intent before this time (ms), after repeated failures. */
  private notBefore = 0;
  /** After a reorganisation the current root is anchored at once, whatever the thresholds say. */
  private forceNext = false;

  constructor(private readonly options: AnchorLoopOptions) {
    this.anchors = options.store.anchors;
    this.ledger = options.ledger;
    this.rpc = options.rpc;
    this.policy = options;
    this.now = options.now ?? (() => new Date());
    this.log = options.log ?? (() => {});
    this.view = new ChainView(this.rpc, this.log);
    this.arm(null);
    // The fence itself is taken up at the start of the next look (tickBody), never mid-look.
    options.election?.onChange(() => this.kick());
  }

  /** Whether this loop anchors now (always, without an election). */
  isAnchorer(): boolean {
    return this.options.election ? this.options.election.holds() : true;
  }

  /**
   * Starts afresh with `fence`: anchor writes carry it, and nothing this process noted about
   * attempts under an earlier fence is trusted (whatever another holder did is read from the chain).
   */
  private arm(fence: AnchorFence | null): void {
    this.armedToken = fence?.token ?? null;
    this.anchors = fence ? this.options.store.fencedAnchors(fence) : this.options.store.anchors;
    const revert = (id: number, reason: string) => this.revert(id, reason);
    this.reorgs = new ReorgWatch(this.anchors, this.rpc, revert);
    this.attempts = new AttemptRunner(
      this.anchors,
      this.rpc,
      {
        fromAddress: this.options.fromAddress,
        toAddress: this.options.toAddress ?? this.options.fromAddress,
        amountZat: this.options.amountZat,
        confirmations: this.options.confirmations,
        tickMs: this.options.tickS * 1000,
        // Taking over from another instance: its clock stamped any send in flight, so the wait
        // for that send's transaction is also counted from now, on this clock.
        ...(fence ? { takenOverAtMs: this.now().getTime() } : {}),
      },
      {
        now: this.now,
        tip: () => this.view.tip,
        log: this.log,
        fault: (step) => this.fault(step),
        failed: (attempt, reason) => this.attemptFailed(attempt, reason),
        anchored: (attempt) => this.attemptAnchored(attempt),
        revert,
      },
    );
  }

  // ---------------------------------------------------------------------------------------------
  // ChainHooks

  network(): Network | null {
    return this.view.network;
  }

  health(): ChainHealth {
    return this.view.health({ loopRunning: this.running, anchorer: this.isAnchorer() });
  }

  /**
   * Records an anchor of the current root now and lets the loop send it at once. Throws
   * `ChainUnavailableError` when the node does not answer and `StoreConflictError` when an anchor is
   * in flight or the current root is already anchored.
   */
  async anchorNow(): Promise<AnchorAttempt> {
    if (await this.anchors.inFlightAnchor()) throw new StoreConflictError('an anchor is already in flight');
    if (!this.view.reachable) {
      try {
        await this.view.refreshChainInfo();
      } catch (err) {
        if (err instanceof RpcUnavailableError) {
          this.view.noteUnreachable(err);
          throw new ChainUnavailableError(`The Zcash node is unreachable: ${err.message}`);
        }
        throw err;
      }
    }
    const attempt = await this.exclusive(async () => {
      // Anchor what every instance has written, not only what this one has applied.
      await this.ledger.catchUpShared();
      const size = this.ledger.size;
      if (size === 0) throw new StoreConflictError('there are no leaves to anchor');
      if (await this.anchors.anchoredRootBySize(size))
        throw new StoreConflictError('the current root is already anchored');
      if (!this.options.election) return this.recordIntent(size);
      // Among several instances an intent needs no lease (only sending does): the anchorer,
      // whichever it is, reads the chain for it before sending.
      const rootHex = this.ledger.tree.root(size);
      const recorded = await this.options.store.anchors.recordAnchorIntent({ rootHex, leafCount: size });
      this.log(`anchor: intent #${recorded.id} for root ${rootHex} (${size} leaves), for the anchorer`);
      return recorded;
    });
    if (this.isAnchorer()) this.kick();
    else this.options.onForeignIntent?.();
    return attempt;
  }

  /** The schedule as the loop sees it now (the tip it last saw, a reorganisation's urgency). */
  async schedule(): Promise<AnchorSchedule> {
    return scheduleNow(this.options.store, this.ledger, this.policy, {
      tip: this.view.tip,
      force: this.forceNext,
      nowMs: this.now().getTime(),
    });
  }

  // ---------------------------------------------------------------------------------------------
  // Running

  /** Asks the node for its network and tip once (so /protocol/info names the network from the start). */
  async probe(): Promise<boolean> {
    return this.view.probe();
  }

  /** Starts looking (the first look runs at once). */
  start(): void {
    if (this.running || this.stopped) return;
    this.running = true;
    this.scheduleTick(0);
  }

  /** Stops looking and waits for the look in progress; the store stays open. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.currentTick;
    await this.chainLock.catch(() => {});
  }

  /** Runs the next look as soon as possible. */
  kick(): void {
    if (!this.running) return;
    if (this.currentTick) {
      this.kickAgain = true;
      return;
    }
    this.notBefore = 0;
    this.scheduleTick(0);
  }

  /** One look, serialised with every other chain action (tests call it directly). */
  tick(): Promise<void> {
    return this.exclusive(() => this.tickBody()).finally(() => this.options.afterLook?.());
  }

  private scheduleTick(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.running) return;
      // A look never rejects the loop away: anything unexpected is kept as the last error.
      this.currentTick = this.tick()
        .catch((err: unknown) => {
          this.view.setError('anchor', message(err));
          this.log(`anchor: tick failed: ${message(err)}`);
        })
        .finally(() => {
          this.currentTick = null;
          if (!this.running) return;
          const again = this.kickAgain;
          this.kickAgain = false;
          this.scheduleTick(again ? 0 : this.nextDelayMs());
        });
    }, delayMs);
  }

  private nextDelayMs(): number {
    const tick = this.policy.tickS * 1000;
    const cap = Math.max(tick, Math.min(MAX_BACKOFF_MS, tick * 16));
    if (this.view.unreachableStreak > 0)
      return Math.min(cap, tick * 2 ** Math.min(this.view.unreachableStreak, 10));
    return tick;
  }

  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.chainLock.then(fn, fn);
    this.chainLock = run.catch(() => {});
    return run;
  }

  private async tickBody(): Promise<void> {
    const election = this.options.election;
    if (election) {
      // Decided here, under the chain lock, so a whole look runs with one fence or none.
      const fence = election.fence();
      if (!fence) return this.watchOnly();
      if (fence.token !== this.armedToken) this.arm(fence);
    }
    try {
      await this.view.refreshChainInfo();
    } catch (err) {
      if (err instanceof RpcUnavailableError) this.view.noteUnreachable(err);
      else this.view.setError('rpc', `getblockchaininfo: ${message(err)}`);
      // Writes go on while the node is away: the due anchor is recorded now and sent when it is back.
      await this.safely(() => this.maybeRecordDueIntent());
      await this.noteInFlightError(this.view.lastError ?? message(err));
      return;
    }
    try {
      await this.view.refreshBalance();
      await this.reorgs.check(this.view.tip ?? 0, this.view.bestBlockHash);
      await this.attempts.advance();
      if (await this.maybeRecordDueIntent()) await this.attempts.advance();
    } catch (err) {
      if (err instanceof AnchorLeaseLostError) {
        // Another instance anchors now; the election tells this loop so at its next renewal.
        this.log(`anchor: ${err.message}`);
      } else if (err instanceof RpcUnavailableError) {
        this.view.noteUnreachable(err);
        await this.noteInFlightError(`node unreachable: ${err.message}`);
      } else {
        this.view.setError('anchor', message(err));
        await this.noteInFlightError(message(err));
        this.log(`anchor: ${message(err)}`);
      }
    }
  }

  /** Not the anchorer: keep the chain's health fresh for /health, move nothing. */
  private async watchOnly(): Promise<void> {
    try {
      await this.view.refreshChainInfo();
      await this.view.refreshBalance();
    } catch (err) {
      if (err instanceof RpcUnavailableError) this.view.noteUnreachable(err);
      else this.view.setError('rpc', `getblockchaininfo: ${message(err)}`);
    }
  }

  /** Keeps `text` as the in-flight attempt's last error (counted as a retry), if one is in flight. */
  private async noteInFlightError(text: string): Promise<void> {
    await this.safely(async () => {
      const inFlight = await this.anchors.inFlightAnchor();
      if (inFlight) await this.anchors.noteAnchorError(inFlight.id, text);
    });
  }

  private async safely(fn: () => Promise<unknown>): Promise<void> {
    try {
      await fn();
    } catch (err) {
      this.view.setError('anchor', message(err));
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Intents and the outcomes of attempts

  /** Records the intent to anchor the current root when one is due and none is in flight. */
  private async maybeRecordDueIntent(): Promise<boolean> {
    if (this.options.manual) return false;
    if (this.now().getTime() < this.notBefore) return false;
    await this.ledger.catchUpShared();
    const schedule = await this.schedule();
    if (!schedule.due || (await this.anchors.inFlightAnchor())) return false;
    await this.recordIntent(this.ledger.size);
    this.forceNext = false;
    return true;
  }

  private async recordIntent(size: number): Promise<AnchorAttempt> {
    const rootHex = this.ledger.tree.root(size);
    const attempt = await this.anchors.recordAnchorIntent({ rootHex, leafCount: size });
    this.attempts.recorded(attempt.id);
    this.log(`anchor: intent #${attempt.id} for root ${rootHex} (${size} leaves)`);
    return attempt;
  }

  private attemptFailed(attempt: AnchorAttempt, reason: string): void {
    this.failureStreak++;
    // Back off new attempts after repeated failures, so a broken wallet is not hammered every look.
    const delay = Math.min(MAX_BACKOFF_MS, this.policy.tickS * 1000 * 2 ** Math.min(this.failureStreak, 10));
    this.notBefore = this.now().getTime() + (this.failureStreak > 1 ? delay : 0);
    this.view.setError('anchor', `anchor #${attempt.id} failed: ${reason}`);
    this.log(`anchor: #${attempt.id} failed: ${reason}`);
  }

  private attemptAnchored(attempt: AnchorAttempt): void {
    if (attempt.leafCount >= this.ledger.size) this.forceNext = false;
    this.failureStreak = 0;
    this.notBefore = 0;
    this.view.clearError('anchor');
  }

  /** A root's transaction left the chain: proofs stop claiming it and the current root is anchored anew. */
  private async revert(id: number, reason: string): Promise<void> {
    await this.anchors.revertAnchor(id, reason);
    this.attempts.forget(id);
    this.view.setError('anchor', `anchor #${id} reverted: ${reason}`);
    this.log(`anchor: #${id} reverted: ${reason}`);
    this.notBefore = 0;
    this.forceNext = true;
  }

  private fault(step: AnchorFault): void {
    if (this.options.fault !== step) return;
    const onFault = this.options.onFault ?? (() => process.kill(process.pid, 'SIGKILL'));
    onFault(step);
  }
}
