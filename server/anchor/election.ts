/**
 * Which instance anchors (docs/architecture.md decision 9). Every instance keeps asking the store's
 * anchorer lease for itself: the holder renews it well before it expires, the others take it once
 * the holder stops renewing (it died or lost the database). The lease's fencing token goes with
 * every anchor write, so a holder that paused past its lease cannot move an attempt any more.
 *
 * On SQLite the one process always holds the lease (token 1).
 */
import { randomBytes } from 'node:crypto';
import type { AnchorFence, AnchorerLease } from '../store/store.js';

export interface ElectionOptions {
  /** How long a lease lasts without renewal: how long an instance's death may delay anchoring. */
  ttlMs?: number;
  /** How often the lease is renewed (or, by the others, asked for). */
  renewMs?: number;
  log?: (message: string) => void;
  now?: () => number;
}

export const DEFAULT_LEASE_TTL_MS = 10_000;
export const DEFAULT_LEASE_RENEW_MS = 2_000;

export class AnchorerElection {
  private fenceValue: AnchorFence | null = null;
  /** When the last renewal succeeded (ms): past the TTL without one, this instance stops anchoring. */
  private renewedAt = 0;
  private timer: NodeJS.Timeout | null = null;
  private round: Promise<void> | null = null;
  private stopped = false;
  private readonly listeners = new Set<(fence: AnchorFence | null) => void>();
  private readonly ttlMs: number;
  private readonly renewMs: number;
  private readonly log: (message: string) => void;
  private readonly now: () => number;
  /**
   * Who holds the lease: the instance's name and a part of this process's own, so that two live
   * processes given the same INSTANCE_ID (an overlapping restart) never share a fencing token.
   */
  readonly holderId: string;

  constructor(
    private readonly lease: AnchorerLease,
    readonly instanceId: string,
    options: ElectionOptions = {},
  ) {
    this.holderId = `${instanceId}:${randomBytes(6).toString('hex')}`;
    this.ttlMs = options.ttlMs ?? DEFAULT_LEASE_TTL_MS;
    this.renewMs = options.renewMs ?? DEFAULT_LEASE_RENEW_MS;
    this.log = options.log ?? (() => {});
    this.now = options.now ?? Date.now;
  }

  /** The fence while this instance holds the lease, else null. */
  fence(): AnchorFence | null {
    return this.fenceValue;
  }

  holds(): boolean {
    return this.fenceValue !== null;
  }

  /** Called with the new fence (or null) whenever this instance gains, loses or re-gains the lease. */
  onChange(listener: (fence: AnchorFence | null) => void): void {
    this.listeners.add(listener);
  }

  /** Asks for the lease once now, then every `renewMs`. */
  async start(): Promise<void> {
    await this.runRound();
    this.schedule();
  }

  /** Stops asking and lets the lease go, so another instance takes over at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.round;
    this.set(null);
    try {
      // Also when a round won the lease just as stopping began: nothing may wait for it to expire.
      await this.lease.release(this.holderId);
    } catch {
      // Unreachable database: the lease simply expires.
    }
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.runRound().finally(() => this.schedule());
    }, this.renewMs);
    this.timer.unref();
  }

  private runRound(): Promise<void> {
    this.round = this.askOnce().finally(() => {
      this.round = null;
    });
    return this.round;
  }

  private async askOnce(): Promise<void> {
    const askedAt = this.now();
    let token: number | null;
    try {
      token = await this.lease.acquire(this.holderId, this.ttlMs);
    } catch (err) {
      // Without the database this instance cannot know whether it still holds the lease: once a
      // lease's length has passed since it last could, another instance may hold it.
      if (this.fenceValue && this.now() - this.renewedAt >= this.ttlMs) {
        this.log(
          `election: lease lost (store unreachable: ${err instanceof Error ? err.message : String(err)})`,
        );
        this.set(null);
      }
      return;
    }
    if (this.stopped) return;
    if (token === null) {
      if (this.fenceValue) this.log('election: another instance holds the anchorer lease');
      this.set(null);
      return;
    }
    this.renewedAt = askedAt;
    if (this.fenceValue?.token !== token) {
      this.log(`election: ${this.instanceId} anchors now (fencing token ${token})`);
      this.set({ instanceId: this.holderId, token });
    }
  }

  private set(fence: AnchorFence | null): void {
    if (this.fenceValue?.token === fence?.token) return;
    this.fenceValue = fence;
    for (const listener of this.listeners) {
      try {
        listener(fence);
      } catch (err) {
        // A listener's failure must not end the renewals (nor, unhandled, the process).
        this.log(`election: listener failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }
}
