/**
 * The development chain's ledger: blocks, transactions and their shielded outputs in one SQLite file
 * (`devchain.sqlite`), with the wallet's balance derived from them and the wallet's Orchard key.
 * Every write is one transaction on disk before it returns, so an RPC answer never names something
 * a crash could lose.
 *
 * Transactions and block headers are kept as their real bytes (`tx.ts`,
 * `blocks.ts`), each block with its chain history root. A file from before opens as it is
 * (its tables and added columns: `ledger-schema.ts`): the new columns are added empty, its old
 * rows keep answering the RPCs they always did, the RPCs that need bytes say so for them
 * (`MADE_BEFORE_REAL_FORMAT`), its blocks keep the zero hashBlockCommitments they were made with,
 * and blocks mined after it chain onto its tip.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { blockCommitmentsOf, buildBlockHeader, nextChainHistoryRoot } from './blocks.js';
import type { DevWalletKey } from './keys.js';
import { loadWalletKey, prepareLedger } from './ledger-schema.js';
import { buildCoinbase, type BuiltTransaction } from './tx.js';

/** Height of the dev chain's first block: far above the legacy scheme's height gate. */
export const DEVCHAIN_START_HEIGHT = 4_000_000;
/** The one shielded address of the dev chain's wallet (the default `ANCHOR_FROM_ADDRESS` on `CHAIN=dev`). */
export const DEVCHAIN_WALLET_ADDRESS = 'udev1zap1devchainwallet0000000000000000000000000000000000000000';
/** Fee of every dev chain transaction (the ZIP 317 minimum for two actions). */
export const DEVCHAIN_FEE_ZAT = 10_000;
/** The wallet's balance before any send: 100 ZEC. */
export const DEVCHAIN_INITIAL_BALANCE_ZAT = 10_000_000_000;

export interface BlockRow {
  height: number;
  hash: string;
  time: number;
}

/** A block with its bytes: null in a block made before real-format transactions. */
export interface BlockRecord extends BlockRow {
  header: Uint8Array | null;
  coinbase: Uint8Array | null;
  coinbase_txid: string | null;
  /** Natural byte order; null in a block made before the chain wrote real hashBlockCommitments. */
  chain_history_root: Uint8Array | null;
}

/** Why an RPC that needs a transaction's or a block's bytes cannot answer for an old one. */
export const MADE_BEFORE_REAL_FORMAT =
  'made before the development chain made real-format transactions: no raw bytes are kept for it';

export interface TxRow {
  txid: string;
  seq: number;
  from_address: string;
  fee_zat: number;
  received_time: number;
  height: number | null;
  block_index: number | null;
}

export interface OutputRow {
  txid: string;
  n: number;
  address: string;
  amount_zat: number;
  memo_hex: string;
}

/** An output to one address, as the wallet received it, with where its transaction is mined. */
export interface ReceivedRow {
  txid: string;
  n: number;
  amount_zat: number;
  memo_hex: string;
  height: number | null;
  block_index: number | null;
}

export interface NewOutput {
  address: string;
  amountZat: number;
  memoHex: string;
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

const asBytes = (b: Uint8Array | null): Uint8Array | null => (b === null ? null : new Uint8Array(b));

export class DevChainDb {
  private constructor(
    private readonly db: Database.Database,
    readonly walletAddress: string,
    readonly walletKey: DevWalletKey,
  ) {}

  /** Opens (or creates, readable by this user only) `devchain.sqlite` in `dataDir`, with its first block. */
  static open(dataDir: string, walletAddress = DEVCHAIN_WALLET_ADDRESS): DevChainDb {
    // The ledger holds the wallet's spending key: a folder this process creates is 0700, and the file
    // is made 0600 before SQLite opens it (SQLite gives its -wal and -shm files the file's mode).
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const file = path.join(dataDir, 'devchain.sqlite');
    fs.closeSync(fs.openSync(file, 'a', 0o600));
    const db = new Database(file);
    // Each accepted transaction is on disk before the RPC answers.
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    prepareLedger(db);
    const ledger = new DevChainDb(db, walletAddress, loadWalletKey(db));
    // The first block has a real header too, on a hashPrevBlock of zeros.
    if (ledger.tip() === undefined) ledger.mine(1);
    return ledger;
  }

  close(): void {
    this.db.close();
  }

  tip(): BlockRow | undefined {
    return this.db
      .prepare<[], BlockRow>('SELECT height, hash, time FROM blocks ORDER BY height DESC LIMIT 1')
      .get();
  }

  /** The tip height. */
  get height(): number {
    return this.tip()?.height ?? DEVCHAIN_START_HEIGHT;
  }

  blockAt(height: number): BlockRow | undefined {
    return this.db
      .prepare<[number], BlockRow>('SELECT height, hash, time FROM blocks WHERE height = ?')
      .get(height);
  }

  blockByHash(hash: string): BlockRow | undefined {
    return this.db
      .prepare<[string], BlockRow>('SELECT height, hash, time FROM blocks WHERE hash = ?')
      .get(hash);
  }

  /** The block with its header and coinbase bytes and its chain history root. */
  blockRecord(height: number): BlockRecord | undefined {
    const row = this.db
      .prepare<[number], BlockRecord>(
        'SELECT height, hash, time, header, coinbase, coinbase_txid, chain_history_root FROM blocks WHERE height = ?',
      )
      .get(height);
    return (
      row && {
        ...row,
        header: asBytes(row.header),
        coinbase: asBytes(row.coinbase),
        chain_history_root: asBytes(row.chain_history_root),
      }
    );
  }

  /** The block whose coinbase has this txid. */
  blockOfCoinbase(txid: string): BlockRow | undefined {
    return this.db
      .prepare<[string], BlockRow>('SELECT height, hash, time FROM blocks WHERE coinbase_txid = ?')
      .get(txid);
  }

  /** The non-coinbase transactions of the block at `height`, in block order, with their bytes. */
  blockTransactions(height: number): { txid: string; raw: Uint8Array | null }[] {
    return this.db
      .prepare<[number], { txid: string; raw: Uint8Array | null }>(
        'SELECT txid, raw FROM txs WHERE height = ? ORDER BY block_index',
      )
      .all(height)
      .map((r) => ({ txid: r.txid, raw: asBytes(r.raw) }));
  }

  tx(txid: string): TxRow | undefined {
    return this.db
      .prepare<[string], TxRow>(
        'SELECT txid, seq, from_address, fee_zat, received_time, height, block_index FROM txs WHERE txid = ?',
      )
      .get(txid);
  }

  /** The serialized transaction, or null for one made before real-format transactions. */
  rawTransaction(txid: string): Uint8Array | null {
    const row = this.db
      .prepare<[string], { raw: Uint8Array | null }>('SELECT raw FROM txs WHERE txid = ?')
      .get(txid);
    return asBytes(row?.raw ?? null);
  }

  outputsOf(txid: string): OutputRow[] {
    return this.db.prepare<[string], OutputRow>('SELECT * FROM outputs WHERE txid = ? ORDER BY n').all(txid);
  }

  outputCount(): number {
    return this.db.prepare<[], { c: number }>('SELECT COUNT(*) AS c FROM outputs').get()?.c ?? 0;
  }

  /** Every output sent to `address`, in the order the transactions were made. */
  receivedBy(address: string): ReceivedRow[] {
    return this.db
      .prepare<[string], ReceivedRow>(
        `SELECT o.txid, o.n, o.amount_zat, o.memo_hex, t.height, t.block_index
         FROM outputs o JOIN txs t ON t.txid = o.txid WHERE o.address = ? ORDER BY t.seq, o.n`,
      )
      .all(address);
  }

  confirmationsOf(tx: { height: number | null }): number {
    return tx.height === null ? 0 : this.height - tx.height + 1;
  }

  /** Balance after every transaction up to `seq` (all when omitted): fees and sends to other wallets leave it. */
  balanceZat(seq?: number): number {
    const upTo = seq ?? Number.MAX_SAFE_INTEGER;
    const row = this.db
      .prepare<[number, number, string], { fees: number; sent: number }>(
        `SELECT
           COALESCE((SELECT SUM(fee_zat) FROM txs WHERE seq <= ?), 0) AS fees,
           COALESCE((SELECT SUM(o.amount_zat) FROM outputs o JOIN txs t ON t.txid = o.txid
                     WHERE t.seq <= ? AND o.address <> ?), 0) AS sent`,
      )
      .get(upTo, upTo, this.walletAddress);
    if (!row) return DEVCHAIN_INITIAL_BALANCE_ZAT;
    return DEVCHAIN_INITIAL_BALANCE_ZAT - row.fees - row.sent;
  }

  /** Records a transaction (`built` from `outputs`) in the mempool and returns its id. */
  writeTransaction(fromAddress: string, outputs: NewOutput[], built: BuiltTransaction): string {
    const txid = built.txid;
    this.db.transaction(() => {
      const seq =
        this.db.prepare<[], { seq: number }>('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM txs').get()?.seq ??
        1;
      this.db
        .prepare(
          'INSERT INTO txs (txid, seq, from_address, fee_zat, received_time, height, block_index, raw) VALUES (?, ?, ?, ?, ?, NULL, NULL, ?)',
        )
        .run(txid, seq, fromAddress, DEVCHAIN_FEE_ZAT, nowSeconds(), built.raw);
      const insert = this.db.prepare(
        'INSERT INTO outputs (txid, n, address, amount_zat, memo_hex) VALUES (?, ?, ?, ?, ?)',
      );
      outputs.forEach((o, n) => insert.run(txid, n, o.address, o.amountZat, o.memoHex));
    })();
    return txid;
  }

  /**
   * Mines `n` blocks, each holding every transaction waiting in the mempool after a coinbase that
   * collects their fees, on top of the tip; returns their hashes. Each block keeps its chain history
   * root, from which the next one's follows (a restart or a reorganisation picks up at the tip).
   */
  mine(n: number): string[] {
    const hashes: string[] = [];
    const insertBlock = this.db.prepare(
      'INSERT INTO blocks (height, hash, time, header, coinbase, coinbase_txid, chain_history_root) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    const pending = this.db.prepare<[], { txid: string; fee_zat: number; raw: Uint8Array | null }>(
      'SELECT txid, fee_zat, raw FROM txs WHERE height IS NULL ORDER BY seq',
    );
    const include = this.db.prepare('UPDATE txs SET height = ?, block_index = ? WHERE txid = ?');
    this.db.transaction(() => {
      for (let i = 0; i < n; i++) {
        const tip = this.tip();
        const height = (tip?.height ?? DEVCHAIN_START_HEIGHT - 1) + 1;
        const time = Math.max(nowSeconds(), tip?.time ?? 0);
        const txs = pending.all();
        const coinbase = buildCoinbase(
          height,
          txs.reduce((sum, tx) => sum + tx.fee_zat, 0),
        );
        const historyRoot = nextChainHistoryRoot(
          tip ? { root: this.blockRecord(tip.height)?.chain_history_root ?? null, hash: tip.hash } : null,
        );
        const commitments = blockCommitmentsOf(historyRoot, [
          coinbase.raw,
          ...txs.map((tx) => asBytes(tx.raw)),
        ]);
        const { header, hash } = buildBlockHeader(
          tip?.hash ?? null,
          [coinbase.txid, ...txs.map((tx) => tx.txid)],
          time,
          commitments,
        );
        insertBlock.run(height, hash, time, header, coinbase.raw, coinbase.txid, historyRoot);
        // Index 0 is the coinbase.
        txs.forEach((row, index) => include.run(height, index + 1, row.txid));
        hashes.push(hash);
      }
    })();
    return hashes;
  }

  /** Removes every block above `newTip` with its transactions; returns the dropped txids. */
  truncateAbove(newTip: number): string[] {
    let dropped: string[] = [];
    this.db.transaction(() => {
      dropped = this.db
        .prepare<[number], { txid: string }>('SELECT txid FROM txs WHERE height > ? ORDER BY seq')
        .all(newTip)
        .map((r) => r.txid);
      this.db
        .prepare('DELETE FROM outputs WHERE txid IN (SELECT txid FROM txs WHERE height > ?)')
        .run(newTip);
      this.db.prepare('DELETE FROM txs WHERE height > ?').run(newTip);
      this.db.prepare('DELETE FROM blocks WHERE height > ?').run(newTip);
    })();
    return dropped;
  }
}
