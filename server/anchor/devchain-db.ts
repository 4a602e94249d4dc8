/**
 * The development chain's ledger: blocks, transactions and their shielded outputs in one SQLite file
 * (`devchain.sqlite`), with the wallet's balance derived from them. Every write is one transaction
 * on disk before it returns, so an RPC answer never names something a crash could lose.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ensurePrivateDir, preparePrivateDatabaseFile } from '../store/private-files.js';

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

export function randomHex32(): string {
  return randomBytes(32).toString('hex');
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS blocks (
    height INTEGER PRIMARY KEY,
    hash TEXT NOT NULL UNIQUE,
    time INTEGER NOT NULL
  );
  CREATE TABLE IF NOT EXISTS txs (
    txid TEXT PRIMARY KEY,
    seq INTEGER NOT NULL UNIQUE,
    from_address TEXT NOT NULL,
    fee_zat INTEGER NOT NULL,
    received_time INTEGER NOT NULL,
    height INTEGER,
    block_index INTEGER
  );
  CREATE INDEX IF NOT EXISTS txs_height ON txs(height);
  CREATE TABLE IF NOT EXISTS outputs (
    txid TEXT NOT NULL,
    n INTEGER NOT NULL,
    address TEXT NOT NULL,
    amount_zat INTEGER NOT NULL,
    memo_hex TEXT NOT NULL,
    PRIMARY KEY (txid, n)
  );
  CREATE INDEX IF NOT EXISTS outputs_address ON outputs(address);
`;

export class DevChainDb {
  private constructor(
    private readonly db: Database.Database,
    readonly walletAddress: string,
  ) {}

  /** Opens (or creates, readable by this user only) `devchain.sqlite` in `dataDir`, with its first block. */
  static open(dataDir: string, walletAddress = DEVCHAIN_WALLET_ADDRESS): DevChainDb {
    ensurePrivateDir(dataDir);
    const file = path.join(dataDir, 'devchain.sqlite');
    preparePrivateDatabaseFile(file);
    const db = new Database(file);
    // Each accepted transaction is on disk before the RPC answers.
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec(SCHEMA);
    const ledger = new DevChainDb(db, walletAddress);
    if (ledger.tip() === undefined) {
      db.prepare('INSERT INTO blocks (height, hash, time) VALUES (?, ?, ?)').run(
        DEVCHAIN_START_HEIGHT,
        randomHex32(),
        nowSeconds(),
      );
    }
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

  tx(txid: string): TxRow | undefined {
    return this.db.prepare<[string], TxRow>('SELECT * FROM txs WHERE txid = ?').get(txid);
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

  /** Records a transaction in the mempool and returns its id. */
  writeTransaction(fromAddress: string, outputs: NewOutput[]): string {
    const txid = randomHex32();
    this.db.transaction(() => {
      const seq =
        this.db.prepare<[], { seq: number }>('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM txs').get()?.seq ??
        1;
      this.db
        .prepare(
          'INSERT INTO txs (txid, seq, from_address, fee_zat, received_time, height, block_index) VALUES (?, ?, ?, ?, ?, NULL, NULL)',
        )
        .run(txid, seq, fromAddress, DEVCHAIN_FEE_ZAT, nowSeconds());
      const insert = this.db.prepare(
        'INSERT INTO outputs (txid, n, address, amount_zat, memo_hex) VALUES (?, ?, ?, ?, ?)',
      );
      outputs.forEach((o, n) => insert.run(txid, n, o.address, o.amountZat, o.memoHex));
    })();
    return txid;
  }

  /** Mines `n` blocks, each holding every transaction waiting in the mempool; returns their hashes. */
  mine(n: number): string[] {
    const hashes: string[] = [];
    const insertBlock = this.db.prepare('INSERT INTO blocks (height, hash, time) VALUES (?, ?, ?)');
    const pending = this.db.prepare<[], { txid: string }>(
      'SELECT txid FROM txs WHERE height IS NULL ORDER BY seq',
    );
    const include = this.db.prepare('UPDATE txs SET height = ?, block_index = ? WHERE txid = ?');
    this.db.transaction(() => {
      for (let i = 0; i < n; i++) {
        const tip = this.tip();
        const height = (tip?.height ?? DEVCHAIN_START_HEIGHT - 1) + 1;
        const hash = randomHex32();
        insertBlock.run(height, hash, Math.max(nowSeconds(), tip?.time ?? 0));
        // Index 0 is the coinbase, as in a real block.
        pending.all().forEach((row, index) => include.run(height, index + 1, row.txid));
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
