/**
 * The event ledger: the store plus the in-memory Merkle tree, kept in the same order, with group
 * commit (docs/architecture.md "The tree in the service"). Concurrent POST /event requests that
 * arrive while a commit is running, or in the same event-loop turn, share one durable transaction;
 * each is answered only after that commit. The tree is appended only after the commit, so a failed
 * batch leaves both untouched.
 */
import { MerkleTree } from '../src/core/index.js';
import type { CommitResult, NewEvent, Store, TreeChunk } from './store/store.js';

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

const chunkKey = (level: number, index: number): string => `${level}:${index}`;

export class Ledger {
  private queue: Pending[] = [];
  private scheduled = false;
  private draining: Promise<void> | null = null;
  private readonly now: () => Date;
  private readonly maxBatch: number;

  private constructor(
    readonly store: Store,
    readonly tree: MerkleTree,
    private readonly counts: Map<number, number>,
    private lastLeafCreatedAt: string | null,
    options: LedgerOptions,
  ) {
    this.now = options.now ?? (() => new Date());
    this.maxBatch = options.maxBatch ?? 4096;
  }

  /**
   * Rebuilds the tree from stored chunks (reading bytes, not re-hashing; level-0 chunks missing after
   * a crash, and the partial last one, are read from the leaves) and persists any chunk the restore
   * had to recompute.
   */
  static async open(store: Store, options: LedgerOptions = {}): Promise<Ledger> {
    const leafCount = await store.leaves.leafCount();
    const chunks = new Map<string, Uint8Array>();
    for (const chunk of await store.leaves.loadChunks())
      chunks.set(chunkKey(chunk.level, chunk.index), chunk.bytes);
    const rebuiltLeafChunks: TreeChunk[] = [];
    for (let index = 0; index * MerkleTree.CHUNK_NODES < leafCount; index++) {
      const nodeCount = Math.min(MerkleTree.CHUNK_NODES, leafCount - index * MerkleTree.CHUNK_NODES);
      const full = nodeCount === MerkleTree.CHUNK_NODES;
      if (full && chunks.has(chunkKey(0, index))) continue;
      const bytes = await store.leaves.leafBytes(index * MerkleTree.CHUNK_NODES + 1, nodeCount);
      chunks.set(chunkKey(0, index), bytes);
      if (full) rebuiltLeafChunks.push({ level: 0, index, bytes });
    }
    const tree = MerkleTree.restore(leafCount, (level, index) => chunks.get(chunkKey(level, index)));
    // A stored level-0 chunk is trusted bytes of leaves; check the newest leaf against the table anyway.
    const last = leafCount > 0 ? await store.leaves.leafAt(leafCount) : null;
    if (leafCount > 0 && (!last || last.leafHex !== tree.leafHex(leafCount - 1))) {
      throw new Error('stored tree chunks disagree with the stored leaves');
    }
    await store.leaves.saveChunks([...rebuiltLeafChunks, ...tree.takeNewFullChunks()]);
    const counts = await store.events.typeCounts();
    return new Ledger(store, tree, counts, last?.createdAt ?? null, options);
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
      // Gather what arrives in this turn; a commit already running picks it up when it ends.
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          void this.flush();
        });
      }
    });
  }

  /** Commits everything queued, batch by batch; resolves once the queue is empty (also used at shutdown). */
  flush(): Promise<void> {
    this.draining ??= this.drain().finally(() => {
      this.draining = null;
    });
    return this.draining;
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      await this.commitBatch(this.queue.splice(0, this.maxBatch));
    }
  }

  private async commitBatch(batch: Pending[]): Promise<void> {
    const createdAt = this.now().toISOString();
    let results: CommitResult[];
    try {
      results = await this.store.leaves.commitEvents(
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
      await this.store.leaves.saveChunks(this.tree.takeNewFullChunks());
    } catch {
      // Ignored on purpose: the leaves are committed; the next start recomputes missing chunks.
    }
  }
}
