/** What the store keeps, and the interfaces through which the rest of the service reaches it. */

export interface LeafRecord {
  position: number;
  leafHex: string;
  /** The type byte. */
  eventType: number;
  /** The wallet (or agent) that first submitted the leaf. */
  walletHash: string;
  serialNumber: string | null;
  /** RFC 3339 time the service recorded the leaf. */
  createdAt: string;
  /** Server Unix seconds hashed into DEPLOYMENT and EXIT leaves; null for other types. */
  timestamp: number | null;
  /** The other wallet of a TRANSFER (its new owner); null for other types. */
  counterparty: string | null;
}

/** One accepted POST /event, ready to write. */
export interface NewEvent {
  leafHex: string;
  eventType: number;
  walletHash: string;
  serialNumber: string | null;
  timestamp: number | null;
  /** SHA-256 hex of the trial key that spends one quota unit; null for the operator key. */
  trialKeyHash: string | null;
  /** The public id of the key that wrote the event (server/http/auth.ts `keyIdOf`), kept with the wallet link. */
  keyId: string;
  /**
   * A TRANSFER's new owner: kept with the leaf, and the leaf is linked to that wallet too, so its
   * lifecycle shows the transfer coming in. Null or absent for other types.
   */
  counterpartyWallet?: string | null;
  /**
   * WALLET_WRITES=first-key: refuse the event when a wallet it links to (`walletHash`, and
   * `counterpartyWallet` when there is one) was first written by another key; the operator key is
   * always allowed. A wallet nobody wrote to yet is no refusal: `walletHash` becomes the writer's,
   * a counterparty is linked without becoming anyone's.
   */
  onlyWalletFirstKey?: boolean;
}

export * from './anchor-store.js';
export * from './evidence-store.js';
import type { AnchorFence, AnchorStore, AnchorerLease } from './anchor-store.js';
import type { EvidenceStore } from './evidence-store.js';

/** The key id the operator key writes under. */
export const OPERATOR_KEY_ID = 'operator';

export type CommitResult =
  | { status: 'created'; position: number }
  | { status: 'exists'; position: number }
  /** The trial key was used up, expired or removed between the request's check and its commit. */
  | { status: 'quota_exhausted' }
  | { status: 'key_expired' }
  | { status: 'unauthorized' }
  /**
   * WALLET_WRITES=first-key and a wallet the event links to was first written by another key
   * (null: before key ids were kept): `wallet` says which, the event's own or its counterparty.
   * Nothing of the event was written.
   */
  | { status: 'wallet_key_mismatch'; wallet: LinkedWallet; firstKeyId: string | null };

/** The wallets an event links to: its own (`NewEvent.walletHash`) and a TRANSFER's new owner. */
export type LinkedWallet = 'subject' | 'counterparty';

export interface TrialKeyRecord {
  keyHash: string;
  quota: number;
  used: number;
  createdAt: string;
  expiresAt: string;
}

export interface TreeChunk {
  level: number;
  index: number;
  bytes: Uint8Array;
}

/** One wallet link: the leaf and the key that linked it to this wallet (null: before key ids were kept). */
export interface WalletLeaf extends LeafRecord {
  keyId: string | null;
}

/** A page of a wallet's lifecycle, oldest first. */
export interface WalletPage {
  leaves: WalletLeaf[];
  /** How many leaves the wallet has in all (up to `maxPosition`). */
  total: number;
  /** The key that first wrote to the wallet; null when none did or it predates key ids. */
  firstKeyId: string | null;
  /** Position to pass as `after` for the next page, or null at the end. */
  nextAfter: number | null;
}

export interface EventPage {
  /** Newest first. */
  leaves: LeafRecord[];
  /** Position to pass as `before` for the next (older) page, or null at the end. */
  nextBefore: number | null;
}

/** Thrown when a write conflicts with the stored state (e.g. a second anchor in flight). */
export class StoreConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreConflictError';
  }
}

/**
 * PostgreSQL's SQLSTATEs (and the socket errors of its driver) that mean the server cannot serve
 * right now: connection failures (08xxx), too many connections, shutting down or starting up.
 */
const POSTGRES_UNAVAILABLE =
  /^(08\d{3}|53300|57P0[1-3]|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EAI_AGAIN)$/;

/**
 * Whether `error` means the database cannot serve right now: held by someone else (another
 * process's write lock) or out of reach. The store never waits for such a lock on the event loop:
 * the caller answers 503 with Retry-After instead, and nothing was changed. SQLite reports it as
 * SQLITE_BUSY / SQLITE_LOCKED (and their extended codes); PostgreSQL as `POSTGRES_UNAVAILABLE`, or
 * as the driver's pool giving up on a connection.
 */
export function isStoreBusy(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = 'code' in error ? error.code : undefined;
  if (typeof code === 'string' && /^SQLITE_(BUSY|LOCKED)(_|$)/.test(code)) return true;
  if (typeof code === 'string' && POSTGRES_UNAVAILABLE.test(code)) return true;
  const message = 'message' in error ? error.message : undefined;
  return (
    typeof message === 'string' &&
    /^(timeout exceeded when trying to connect|Connection terminated)/.test(message)
  );
}

/** The seconds a client is told to wait when the store is busy. */
export const STORE_BUSY_RETRY_AFTER_S = 1;

/**
 * Leaves and the tree: the append-only list of leaves and the persisted tree chunks. `commitEvents`
 * also spends trial quota and links wallets, in the same transaction as the leaves it writes, so
 * an event is either wholly recorded (leaf, quota unit, wallet link) or not at all.
 */
export interface LeafStore {
  leafCount(): Promise<number>;
  leafByHash(leafHex: string): Promise<LeafRecord | null>;
  leafAt(position: number): Promise<LeafRecord | null>;
  /** Leaf hashes of positions `fromPosition .. fromPosition + count - 1`, concatenated (32 bytes each). */
  leafBytes(fromPosition: number, count: number): Promise<Uint8Array>;
  /**
   * Writes a batch of accepted events in ONE durable transaction, in order: spends trial quota,
   * inserts new leaves at the next positions, links wallets. Duplicates (also within the batch)
   * get `exists`. Rejects (writing nothing) if the transaction fails.
   */
  commitEvents(events: readonly NewEvent[], createdAt: string): Promise<CommitResult[]>;
  /** Up to `limit` leaves from `fromPosition` on, by position (how an instance catches up with others' writes). */
  leavesFrom(fromPosition: number, limit: number): Promise<LeafRecord[]>;
  /** Stores completed tree chunks (MerkleTree.takeNewFullChunks blobs); a chunk stored again replaces itself. */
  saveChunks(chunks: readonly TreeChunk[]): Promise<void>;
  /** Every stored tree chunk (start-up reads these instead of re-hashing). */
  loadChunks(): Promise<TreeChunk[]>;
}

/** Trial keys and their quotas (quota is spent by `LeafStore.commitEvents`). */
export interface KeyStore {
  insertTrialKey(key: TrialKeyRecord): Promise<void>;
  trialKey(keyHash: string): Promise<TrialKeyRecord | null>;
}

/** The event log as readers see it: the public feed, wallet lifecycles and counts per type. */
export interface EventLog {
  listEvents(options: { limit: number; before?: number; eventType?: number }): Promise<EventPage>;
  /**
   * The leaves linked to the wallet (its own submissions and duplicates it submitted), by position:
   * at most `limit` after position `after`, none past `maxPosition` (leaves the tree holds).
   */
  walletLeaves(
    walletHash: string,
    page: { limit: number; after?: number; maxPosition?: number },
  ): Promise<WalletPage>;
  /** Leaves per type byte, of positions up to `maxPosition` (all when omitted). */
  typeCounts(maxPosition?: number): Promise<Map<number, number>>;
  /**
   * SQLite only: wallet links logged but not yet in the wallet-link index (sqlite/wallet-index.ts).
   * Lifecycle reads scan them; a figure that keeps growing means the index thread is not keeping up.
   */
  linksAwaitingIndex?(): Promise<number>;
}

/**
 * A registered webhook and how far its deliveries have come: everything up to the cursors has been
 * delivered (a 2xx from the receiver); what lies beyond is delivered next, also after a restart.
 */
export interface WebhookRecord {
  /** A UUID. */
  id: string;
  url: string;
  /** 32 hex: the key of the deliveries' BLAKE2b MAC. */
  secretHex: string;
  createdAt: string;
  /** The last leaf position delivered as `leaf_created`. */
  leafCursor: number;
  /** The last anchor id delivered as `anchor_confirmed`. */
  anchorCursor: number;
}

export interface WebhookStore {
  registerWebhook(webhook: WebhookRecord): Promise<void>;
  /** Oldest first. */
  listWebhooks(): Promise<WebhookRecord[]>;
  /** False when there was no such webhook. */
  deleteWebhook(id: string): Promise<boolean>;
  /**
   * Moves a webhook's cursors forward (never back); written before the next delivery starts. False
   * when the webhook no longer exists (deleted meanwhile): its deliveries stop there.
   */
  advanceWebhook(id: string, cursors: { leafCursor?: number; anchorCursor?: number }): Promise<boolean>;
}

/** The answer of a rate limit: whether this hit fits the window, and if not, when to try again. */
export interface RateDecision {
  allowed: boolean;
  /** Whole seconds until the window frees up (for Retry-After) when not allowed. */
  retryAfterS: number;
}

/** The limits kept per client address or per key (docs/architecture.md decision 2). */
export type LimitScope = 'trial_keys' | 'events';

/**
 * Rate limits in fixed windows. On PostgreSQL they are counted in the database, atomically, so
 * they hold across every instance; on SQLite (one process) they are kept in memory.
 */
export interface LimitStore {
  /** Counts one hit of `key` in `scope` if its window (starting at its first hit) has room under `rule`. */
  hit(scope: LimitScope, key: string, rule: RateRule, nowMs: number): Promise<RateDecision>;
}

/** How many hits (`limit`) a fixed window of `windowMs` allows. */
export interface RateRule {
  limit: number;
  windowMs: number;
}

/** What instances tell each other: new leaves were committed; an anchor was asked for. */
export type SignalTopic = 'leaves' | 'anchor';

/**
 * Signals between the instances on one database (PostgreSQL LISTEN/NOTIFY, delivered after the
 * writing transaction commits); on SQLite, within the one process. A signal is a hint to look
 * again, never the data itself: receivers read the store, and poll as well in case one is missed.
 */
export interface Signals {
  notify(topic: SignalTopic): Promise<void>;
  /**
   * Calls `listener` on each signal of `topic` (from any instance, this one included); resolves to
   * an unsubscribe. `leaves` signals carry the highest position committed, when known.
   */
  watch(topic: SignalTopic, listener: (highestPosition: number | null) => void): Promise<() => Promise<void>>;
}

/**
 * The persistence of the service (docs/architecture.md decision 9), one interface per concern.
 * Routes, the event ledger and the anchoring loop talk to these only; SQL stays behind them, and
 * every implementation passes the one contract suite in store-contract.ts. Positions are 1-based
 * (the first leaf is position 1, tree index 0), as leaf counts are.
 */
export interface Store {
  readonly leaves: LeafStore;
  readonly keys: KeyStore;
  readonly anchors: AnchorStore;
  /** The chain's evidence of anchored roots (any instance may write it: it is read from the chain). */
  readonly evidence: EvidenceStore;
  readonly events: EventLog;
  readonly webhooks: WebhookStore;
  readonly limits: LimitStore;
  readonly lease: AnchorerLease;
  readonly signals: Signals;
  /** `sqlite`: one process owns the data. `postgres`: several instances may write it at once. */
  readonly kind: 'sqlite' | 'postgres';
  /** The anchor store whose writes succeed only while `fence` holds the anchorer lease. */
  fencedAnchors(fence: AnchorFence): AnchorStore;
  /** Rejects when the database cannot be read (health check). */
  ping(): Promise<void>;
  close(): Promise<void>;
}
