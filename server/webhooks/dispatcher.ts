/**
 * Webhook deliveries, at least once. The outbox is the durable state itself: every leaf after a
 * webhook's leaf cursor is a `leaf_created` to deliver, every anchored root after its anchor cursor
 * an `anchor_confirmed`. A cursor moves only after the receiver answered 2xx, so a crash (kill -9)
 * between an event and its delivery means it is delivered after the restart, with the same
 * delivery id (derived from the webhook and the event), by which a receiver drops a repeat.
 * Each webhook gets its events one at a time, in order; a failure is retried with backoff.
 * A delivery goes only to an allowed receiver address (receiver-address.ts), ends within its
 * timeout and reads at most a few KiB of the answer (post.ts).
 */
import { createHash } from 'node:crypto';
import type { LookupFunction } from 'node:net';
import { eventTypeLabel } from 'zap1';
import type { AnchoredRoot, LeafRecord, Store, WebhookRecord } from '../store/store.js';
import { postWebhook } from './post.js';
import { guardLookup, webhookUrlRefusal } from './receiver-address.js';
import { signDelivery } from './signature.js';

export const SIGNATURE_HEADER = 'x-zap1-signature';
export const DELIVERY_HEADER = 'x-zap1-delivery';
export const EVENT_HEADER = 'x-zap1-event';

export interface DispatcherOptions {
  store: Store;
  /** How many leaves the tree holds: leaves beyond it are not committed yet. */
  treeSize: () => number;
  /** How often to look for something to deliver (default 500 ms). */
  pollMs?: number;
  /** A delivery that takes longer fails (default 10 s). */
  timeoutMs?: number;
  /** First retry after this; doubled each failure up to `maxBackoffMs` (defaults 1 s and 5 min). */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Reports failed deliveries (the operator's log). */
  log?: (line: string) => void;
  /** WEBHOOK_ALLOW_PRIVATE: also deliver to link-local and metadata addresses (default false). */
  allowPrivate?: boolean;
  /** At most this much of an answer is read before the connection is dropped (default 4 KiB). */
  maxResponseBytes?: number;
  /** Resolves receiver host names (default dns.lookup); the addresses it gives are checked. */
  lookup?: LookupFunction;
}

export const MAX_RESPONSE_BYTES = 4096;

/** A UUID-shaped id that is the same whenever the same event goes to the same webhook. */
export function deliveryId(webhookId: string, kind: 'leaf' | 'anchor', n: number): string {
  const h = createHash('sha256').update(`${webhookId}:${kind}:${n}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

interface Delivery {
  id: string;
  event: 'leaf_created' | 'anchor_confirmed';
  body: Record<string, unknown>;
  /** The cursor it moves once delivered. */
  advance: { leafCursor: number } | { anchorCursor: number };
}

/**
 * One delivery of `event`: its id, and the signed body with `event` first and `delivery_id` after
 * `lead` (the body's key order is part of what its signature covers).
 */
function delivery(
  id: string,
  event: Delivery['event'],
  fields: { lead?: Record<string, unknown>; rest: Record<string, unknown> },
  advance: Delivery['advance'],
): Delivery {
  return { id, event, body: { event, ...fields.lead, delivery_id: id, ...fields.rest }, advance };
}

function leafDelivery(hook: WebhookRecord, leaf: LeafRecord): Delivery {
  const rest = {
    leaf_hash: leaf.leafHex,
    event_type: eventTypeLabel(leaf.eventType),
    wallet_hash: leaf.walletHash,
    // 0-based, as every position the API shows (/verify, /events); the store counts from 1.
    position: leaf.position - 1,
    timestamp: leaf.createdAt,
  };
  return delivery(
    deliveryId(hook.id, 'leaf', leaf.position),
    'leaf_created',
    { rest },
    { leafCursor: leaf.position },
  );
}

function anchorDelivery(hook: WebhookRecord, root: AnchoredRoot): Delivery {
  const lead = {
    event_semantics:
      'the root was read back from the chain in this transaction, with the confirmations the service requires',
  };
  const rest = {
    root: root.rootHex,
    txid: root.txid,
    height: root.height,
    leaf_count: root.leafCount,
    timestamp: root.blockTime === null ? null : new Date(root.blockTime * 1000).toISOString(),
  };
  const id = deliveryId(hook.id, 'anchor', root.anchorId);
  return delivery(id, 'anchor_confirmed', { lead, rest }, { anchorCursor: root.anchorId });
}

export class WebhookDispatcher {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  /** Per webhook: consecutive failures and when to try again. */
  private readonly backoff = new Map<string, { failures: number; until: number }>();
  private readonly lookup: LookupFunction;

  constructor(private readonly options: DispatcherOptions) {
    this.lookup = guardLookup(options.allowPrivate ?? false, options.lookup);
  }

  start(): void {
    const every = this.options.pollMs ?? 500;
    const tick = (): void => {
      if (this.stopped) return;
      this.running = this.deliverDue()
        .catch((error: unknown) => this.options.log?.(`webhooks: ${String(error)}`))
        .finally(() => {
          this.running = null;
          if (!this.stopped) this.timer = setTimeout(tick, every);
        });
    };
    this.timer = setTimeout(tick, every);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** One round: every webhook not backing off gets what is due to it, in order, until one fails. */
  async deliverDue(): Promise<void> {
    const hooks = await this.options.store.webhooks.listWebhooks();
    for (const id of this.backoff.keys()) if (!hooks.some((h) => h.id === id)) this.backoff.delete(id);
    await Promise.all(hooks.map((hook) => this.deliverTo(hook)));
  }

  private async deliverTo(hook: WebhookRecord): Promise<void> {
    const waiting = this.backoff.get(hook.id);
    if (waiting && Date.now() < waiting.until) return;
    let cursors = { leaf: hook.leafCursor, anchor: hook.anchorCursor };
    // A bounded batch per round, so one busy webhook cannot hold the others' turn for long.
    for (let sent = 0; sent < 100 && !this.stopped; sent++) {
      const next = await this.nextDelivery(hook, cursors);
      if (next === null) return;
      if (!(await this.send(hook, next))) return;
      // Deleted while that delivery was under way: nothing more goes out.
      if (!(await this.options.store.webhooks.advanceWebhook(hook.id, next.advance))) return;
      cursors =
        'leafCursor' in next.advance
          ? { ...cursors, leaf: next.advance.leafCursor }
          : { ...cursors, anchor: next.advance.anchorCursor };
      this.backoff.delete(hook.id);
    }
  }

  /** Leaves first (an anchor covers leaves, so its receiver has heard of them), then anchors. */
  private async nextDelivery(hook: WebhookRecord, cursors: { leaf: number; anchor: number }) {
    if (cursors.leaf < this.options.treeSize()) {
      const leaf = await this.options.store.leaves.leafAt(cursors.leaf + 1);
      if (leaf) return leafDelivery(hook, leaf);
    }
    const [root] = await this.options.store.anchors.anchoredRootsAfter(cursors.anchor, 1);
    return root ? anchorDelivery(hook, root) : null;
  }

  private async send(hook: WebhookRecord, delivery: Delivery): Promise<boolean> {
    const body = JSON.stringify(delivery.body);
    let problem: string;
    const refused = webhookUrlRefusal(hook.url, this.options.allowPrivate ?? false);
    if (refused !== null) {
      // Checked before connecting: a URL stored before the check existed, or allowed then.
      problem = `refused: ${refused}`;
    } else {
      try {
        const status = await postWebhook(new URL(hook.url), {
          headers: {
            'content-type': 'application/json',
            [SIGNATURE_HEADER]: signDelivery(hook.secretHex, body),
            [DELIVERY_HEADER]: delivery.id,
            [EVENT_HEADER]: delivery.event,
          },
          body,
          timeoutMs: this.options.timeoutMs ?? 10_000,
          maxResponseBytes: this.options.maxResponseBytes ?? MAX_RESPONSE_BYTES,
          lookup: this.lookup,
        });
        if (status >= 200 && status < 300) return true;
        problem = `answered HTTP ${status}`;
      } catch (error) {
        problem = error instanceof Error ? error.message : String(error);
      }
    }
    const failures = (this.backoff.get(hook.id)?.failures ?? 0) + 1;
    const base = this.options.backoffMs ?? 1000;
    const wait = Math.min(base * 2 ** (failures - 1), this.options.maxBackoffMs ?? 300_000);
    this.backoff.set(hook.id, { failures, until: Date.now() + wait });
    this.options.log?.(
      `webhook ${hook.id}: delivery ${delivery.id} (${delivery.event}) failed, ${problem}; retrying in ${Math.round(wait / 1000)} s`,
    );
    return false;
  }
}
