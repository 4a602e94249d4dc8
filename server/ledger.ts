/**
 * The event ledger: the store plus the in-memory Merkle tree, kept in the same order, with group
 * commit (docs/architecture.md "The tree in the service"). Concurrent POST /event requests that arrive in the
 * same event-loop turn share one durable transaction; each is answered only after that commit.
 * The tree is appended only after the commit, so a failed batch leaves both untouched.
 */
import { MerkleTree } from '../src/core/index.js';
import type { CommitResult, LeafRecord, NewEvent, Store } from './store/store.js';

export type SubmitResult = CommitResult & { rootHex: string; createdAt: string };

export interface LedgerOptions {
  now?: () => Date;
  /** Upper bound of events per transaction. */
  maxBatch?: number;
}

interface Pending {
  event: NewEvent;
  resolve: (result: SubmitResult) => void;
  reject: (error: unknown) => void;
}

export class Ledger {
  readonly tree: MerkleTree;
  private readonly counts: Map<number, number>;
  private lastLeafCreatedAt: string | null;
  private queue: Pending[] = [];
  private scheduled = false;
  private readonly now: () => Date;
  private readonly maxBatch: number;

  private constructor(
    readonly store: Store,
    tree: MerkleTree,
    options: LedgerOptions,
  ) {
    this.tree = tree;
    this.counts = store.typeCounts();
    this.lastLeafCreatedAt = tree.size > 0 ? (store.leafAt(tree.size)?.createdAt ?? null) : null;
    this.now = options.now ?? (() => new Date());
    this.maxBatch = options.maxBatch ?? 4096;
  }

  /**
   * Rebuilds the tree from stored chunks (reading bytes, not re-hashing; level-0 chunks missing after
   * a crash are read from the leaves) and persists any chunk the restore had to recompute.
   */
  static open(store: Store, options: LedgerOptions = {}): Ledger {
    const leafCount = store.leafCount();
    const rebuiltLeafChunks: { level: number; index: number; bytes: Uint8Array }[] = [];
    const tree = MerkleTree.restore(leafCount, (level, index, nodeCount) => {
      if (level === 0 && nodeCount < MerkleTree.CHUNK_NODES) {
        return store.leafBytes(index * MerkleTree.CHUNK_NODES + 1, nodeCount);
      }
      const stored = store.loadChunk(level, index);
      if (stored !== undefined || level !== 0) return stored;
      const bytes = store.leafBytes(index * MerkleTree.CHUNK_NODES + 1, nodeCount);
      rebuiltLeafChunks.push({ level, index, bytes });
      return bytes;
    });
    // A stored level-0 chunk is trusted bytes of leaves; check the newest leaf against the table anyway.
    if (leafCount > 0) {
      const last = store.leafAt(leafCount);
      if (!last || last.leafHex !== tree.leafHex(leafCount - 1)) {
        throw new Error('stored tree chunks disagree with the stored leaves');
      }
    }
    store.saveChunks([...rebuiltLeafChunks, ...tree.takeNewFullChunks()]);
    return new Ledger(store, tree, options);
  }

  get size(): number {
    return this.tree.size;
  }

  /** Count of leaves per type byte. */
  typeCounts(): ReadonlyMap<number, number> {
    return this.counts;
  }

  /** created_at of the newest leaf (the current root's created_at), null when empty. */
  lastCreatedAt(): string | null {
    return this.lastLeafCreatedAt;
  }

  /** Queues one accepted event; resolves after the durable commit of its batch. */
  submit(event: NewEvent): Promise<SubmitResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ event, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /** Commits everything queued now (also used at shutdown). */
  flush(): void {
    this.scheduled = false;
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      this.commitBatch(batch);
    }
  }

  private commitBatch(batch: Pending[]): void {
    const createdAt = this.now().toISOString();
    let results: CommitResult[];
    try {
      results = this.store.commitEvents(
        batch.map((p) => p.event),
        createdAt,
      );
    } catch (error) {
      for (const p of batch) p.reject(error);
      return;
    }
    batch.forEach((p, i) => {
      const result = results[i];
      if (result?.status === 'created') {
        const index = this.tree.append(p.event.leafHex);
        if (index !== result.position - 1) throw new Error('tree and store positions diverged');
        this.counts.set(p.event.eventType, (this.counts.get(p.event.eventType) ?? 0) + 1);
        this.lastLeafCreatedAt = createdAt;
      }
    });
    const rootHex = this.tree.root();
    batch.forEach((p, i) => {
      const result = results[i];
      if (result) p.resolve({ ...result, rootHex, createdAt });
      else p.reject(new Error('missing commit result'));
    });
    try {
      // Chunks are a start-up cache: losing them in a crash only means recomputing them.
      this.store.saveChunks(this.tree.takeNewFullChunks());
    } catch {
      // Ignored on purpose: the leaves are committed; the next start recomputes missing chunks.
    }
  }

  /** Looks a leaf up in the store. */
  leafByHash(leafHex: string): LeafRecord | null {
    return this.store.leafByHash(leafHex);
  }
}
