/**
 * The development chain ledger's tables (`devchain.sqlite`), the columns added to them since the
 * first ledgers (a file from before opens with them empty), and the wallet's key row.
 */
import type Database from 'better-sqlite3';
import { newWalletKey, walletKeyOf, type DevWalletKey, type StoredWalletKey } from './keys.js';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS blocks (
    height INTEGER PRIMARY KEY,
    hash TEXT NOT NULL UNIQUE,
    time INTEGER NOT NULL
  );
  CREATE TABLE IF NOT EXISTS wallet_key (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    orchard_fvk BLOB NOT NULL,
    external_d BLOB NOT NULL,
    external_pkd BLOB NOT NULL,
    internal_d BLOB NOT NULL,
    internal_pkd BLOB NOT NULL
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

/**
 * Columns added since the first ledgers, which a file from before gets empty (NULL): the bytes of
 * real-format transactions and blocks, then each block's chain history root (natural byte order;
 * NULL in blocks made before the chain wrote real hashBlockCommitments).
 */
const ADDED_COLUMNS: [table: string, column: string, type: string][] = [
  ['txs', 'raw', 'BLOB'],
  ['blocks', 'header', 'BLOB'],
  ['blocks', 'coinbase', 'BLOB'],
  ['blocks', 'coinbase_txid', 'TEXT'],
  ['blocks', 'chain_history_root', 'BLOB'],
];

function addColumns(db: Database.Database): void {
  for (const [table, column, type] of ADDED_COLUMNS) {
    const columns = db.prepare<[], { name: string }>(`PRAGMA table_info(${table})`).all();
    if (!columns.some((c) => c.name === column)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${type}`);
  }
  db.exec('CREATE INDEX IF NOT EXISTS blocks_coinbase ON blocks(coinbase_txid)');
}

interface WalletKeyRow {
  orchard_fvk: Uint8Array;
  external_d: Uint8Array;
  external_pkd: Uint8Array;
  internal_d: Uint8Array;
  internal_pkd: Uint8Array;
}

/** The wallet's key, made once and kept, so a restart keeps its viewing key. */
export function loadWalletKey(db: Database.Database): DevWalletKey {
  const row = db.prepare<[], WalletKeyRow>('SELECT * FROM wallet_key WHERE id = 1').get();
  let stored: StoredWalletKey;
  if (row) {
    const bytes = (b: Uint8Array): Uint8Array => new Uint8Array(b);
    stored = {
      fvk: bytes(row.orchard_fvk),
      external: { diversifier: bytes(row.external_d), pkD: bytes(row.external_pkd) },
      internal: { diversifier: bytes(row.internal_d), pkD: bytes(row.internal_pkd) },
    };
  } else {
    stored = newWalletKey();
    db.prepare(
      'INSERT INTO wallet_key (id, orchard_fvk, external_d, external_pkd, internal_d, internal_pkd) VALUES (1, ?, ?, ?, ?, ?)',
    ).run(
      stored.fvk,
      stored.external.diversifier,
      stored.external.pkD,
      stored.internal.diversifier,
      stored.internal.pkD,
    );
  }
  return walletKeyOf(stored);
}

/** Creates the tables a new file lacks and the columns an older one lacks. */
export function prepareLedger(db: Database.Database): void {
  db.exec(SCHEMA);
  addColumns(db);
}
