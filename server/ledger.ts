/**
 * The event ledger: the store plus the in-memory Merkle tree, kept in the same order, with group
 * commit (docs/architecture.md "The tree in the service"). Concurrent POST /event requests that
 * arrive while a commit is running, or in the same event-loop turn, share one durable transaction;
 * each is answered only after that commit. The tree is appended only after the commit, so a failed
 * batch leaves both untouched.
 *
 * Several instances on one PostgreSQL database share one tree: positions are handed out by the
 * database, so another instance's leaves may sit between two of ours. The tree is only ever
 * appended in position order: anything missing before a position is read from the store first
 * (`catchUp`, `ensureApplied`), and all appends run one after another (`treeTurn`).
 */
import { MerkleTree, useWasmBlake2b } from 'zap1';
import type { CommitResult, LeafRecord, NewEvent, Store, TreeChunk } from './store/store.js';

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

/** Leaves read per query while catching up with other instances' writes. */
const CATCH_UP_PAGE = 5_000;

/** A batch whose commit has ended: its results, or the error that failed it (nothing written). */
interface CommittedBatch {
  batch: Pending[];
  createdAt: string;
  results: CommitResult[] | null;
  error: unknown;
}

/** What the tree needs of a leaf to append it. */
type AppliedLeaf = Pick<LeafRecord, 'leafHex' | 'eventType' | 'createdAt'>;

export class Ledger {
  private queue: Pending[] = [];
  private scheduled = false;
  private draining: Promise<void> | null = null;
  /** The tail of the chain of tree updates: each runs after the previous one ended. */
  private treeTail: Promise<void> = Promise.resolve();
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
    // The tree's hashes on the WebAssembly BLAKE2b (checked against noble as it is installed).
    await useWasmBlake2b();
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
    // Only the leaves the tree holds: others' later leaves are counted as the catch-up applies them.
    const counts = await store.events.typeCounts(leafCount);
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

  /**
   * Sends batch after batch to the store, one at a time. The next batch (what arrived while the
   * last was committing) is sent as soon as the last one's commit returns, before its requests are
   * answered: answering them takes about as long as a commit, and done first it left the store idle
   * while the event loop wrote responses, then the event loop idle while the store committed.
   */
  private async drain(): Promise<void> {
    let sent = this.sendQueued();
    while (sent) {
      const committed = await sent;
      sent = this.sendQueued();
      await this.answer(committed);
      // What arrived while answering (flush() leaves it to this loop while it runs).
      sent ??= this.sendQueued();
    }
  }

  /** Sends the next batch of the queue, if any. */
  private sendQueued(): Promise<CommittedBatch> | null {
    return this.queue.length > 0 ? this.send(this.queue.splice(0, this.maxBatch)) : null;
  }

  /** Starts the durable commit of `batch`; its outcome never rejects (a failure is carried in it). */
  private send(batch: Pending[]): Promise<CommittedBatch> {
    const createdAt = this.now().toISOString();
    return this.store.leaves
      .commitEvents(
        batch.map((p) => p.event),
        createdAt,
      )
      .then(
        (results): CommittedBatch => ({ batch, createdAt, results, error: null }),
        (error: unknown): CommittedBatch => ({ batch, createdAt, results: null, error }),
      );
  }

  /** Applies a committed batch's leaves to the tree and answers its requests. */
  private async answer({ batch, createdAt, results, error }: CommittedBatch): Promise<void> {
    if (results === null) {
      for (const p of batch) p.reject(error);
      return;
    }
    // Our own new leaves are known here; anything else up to the highest position answered (other
    // instances' leaves, or an existing leaf not applied yet) is read from the store.
    const own = new Map<number, AppliedLeaf>();
    let through = 0;
    batch.forEach((p, i) => {
      const result = results[i];
      if (result?.status === 'created' || result?.status === 'exists') {
        through = Math.max(through, result.position);
        if (result.status === 'created') {
          own.set(result.position, { leafHex: p.event.leafHex, eventType: p.event.eventType, createdAt });
        }
      }
    });
    try {
      await this.treeTurn(() => this.applyThrough(through, own));
    } catch (error) {
      // Committed but not applicable here (the store is unreachable): the requests fail, the
      // leaves stay committed, and the next catch-up applies them.
      for (const p of batch) p.reject(error);
      return;
    }
    const rootHex = this.tree.root();
    batch.forEach((p, i) => {
      const result = results[i];
      if (result) p.resolve({ ...result, rootHex, createdAt });
      else p.reject(new Error('missing commit result'));
    });
    await this.saveNewChunks();
  }

  /**
   * Applies every leaf the store holds beyond the tree (other instances' writes): called on their
   * notification and by the polling fallback. Resolves to the tree size afterwards.
   */
  async catchUp(): Promise<number> {
    await this.treeTurn(async () => {
      await this.applyThrough(await this.store.leaves.leafCount(), new Map());
    });
    await this.saveNewChunks();
    return this.size;
  }

  /** `catchUp` where other instances write to the same store (PostgreSQL); nothing to do on SQLite. */
  async catchUpShared(): Promise<void> {
    if (this.store.kind === 'postgres') await this.catchUp();
  }

  /** Makes sure the tree holds `position` (1-based) before a read answers about it. */
  async ensureApplied(position: number): Promise<void> {
    if (position <= this.size) return;
    await this.treeTurn(() => this.applyThrough(position, new Map()));
  }

  /** Runs `update` after every earlier tree update has ended (appends must stay in position order). */
  private treeTurn(update: () => Promise<void>): Promise<void> {
    const run = this.treeTail.then(update);
    this.treeTail = run.catch(() => undefined);
    return run;
  }

  /** Appends positions size+1 … `through`, from `known` where it has them, else from the store. */
  private async applyThrough(through: number, known: ReadonlyMap<number, AppliedLeaf>): Promise<void> {
    while (this.tree.size < through) {
      const next = this.tree.size + 1;
      const mine = known.get(next);
      if (mine) {
        this.append(next, mine);
        continue;
      }
      const page = await this.store.leaves.leavesFrom(next, Math.min(CATCH_UP_PAGE, through - next + 1));
      if (page.length === 0 || page[0]?.position !== next) {
        throw new Error(`leaf ${next} is not in the store yet`);
      }
      for (const leaf of page) {
        if (leaf.position !== this.tree.size + 1) break;
        this.append(leaf.position, leaf);
      }
    }
  }

  private append(position: number, leaf: AppliedLeaf): void {
    const index = this.tree.append(leaf.leafHex);
    if (index !== position - 1) throw new Error('tree and store positions diverged');
    this.counts.set(leaf.eventType, (this.counts.get(leaf.eventType) ?? 0) + 1);
    if (this.lastLeafCreatedAt === null || leaf.createdAt > this.lastLeafCreatedAt) {
      this.lastLeafCreatedAt = leaf.createdAt;
    }
  }

  private async saveNewChunks(): Promise<void> {
    try {
      // Chunks are a start-up cache: losing them in a crash only means recomputing them.
      await this.store.leaves.saveChunks(this.tree.takeNewFullChunks());
    } catch {
      // Ignored on purpose: the leaves are committed; the next start recomputes missing chunks.
    }
  }
}
