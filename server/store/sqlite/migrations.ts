/**
 * Versioned schema migrations, applied in order inside one transaction each; `PRAGMA user_version`
 * holds the number applied. Never edit a released migration: append a new one.
 */
export const MIGRATIONS: readonly string[] = [
  // 1: leaves, wallet links, keys, tree chunks, anchoring
  `
  CREATE TABLE leaves (
    position      INTEGER PRIMARY KEY,          -- 1-based, dense: the tree index plus one
    leaf_hash     BLOB NOT NULL UNIQUE CHECK (length(leaf_hash) = 32),
    event_type    INTEGER NOT NULL CHECK (event_type BETWEEN 0 AND 255),
    wallet_hash   TEXT NOT NULL,
    serial_number TEXT,
    created_at    TEXT NOT NULL,
    timestamp     INTEGER
  );
  CREATE INDEX leaves_by_type ON leaves (event_type, position);

  -- Every wallet that submitted a leaf, including duplicates of another wallet's leaf.
  CREATE TABLE wallet_links (
    wallet_hash TEXT NOT NULL,
    position    INTEGER NOT NULL REFERENCES leaves (position),
    created_at  TEXT NOT NULL,
    PRIMARY KEY (wallet_hash, position)
  ) WITHOUT ROWID;

  CREATE TABLE api_keys (
    key_hash   TEXT PRIMARY KEY CHECK (length(key_hash) = 64),  -- SHA-256 hex of the key; the key itself is never stored
    tier       TEXT NOT NULL DEFAULT 'trial' CHECK (tier = 'trial'),
    quota      INTEGER NOT NULL CHECK (quota >= 0),
    used       INTEGER NOT NULL DEFAULT 0 CHECK (used >= 0),
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    last_used_at TEXT
  ) WITHOUT ROWID;

  -- MerkleTree.takeNewFullChunks() blobs: start-up reads these instead of re-hashing.
  CREATE TABLE tree_chunks (
    level       INTEGER NOT NULL,
    chunk_index INTEGER NOT NULL,
    bytes       BLOB NOT NULL,
    PRIMARY KEY (level, chunk_index)
  ) WITHOUT ROWID;

  CREATE TABLE anchors (
    id          INTEGER PRIMARY KEY,
    root_hash   TEXT NOT NULL CHECK (length(root_hash) = 64),
    leaf_count  INTEGER NOT NULL CHECK (leaf_count > 0),
    state       TEXT NOT NULL CHECK (state IN ('pending', 'broadcast', 'confirmed', 'anchored', 'failed')),
    opid        TEXT,
    txid        TEXT CHECK (txid IS NULL OR length(txid) = 64),
    height      INTEGER,
    block_time  INTEGER,
    attempts    INTEGER NOT NULL DEFAULT 0,
    last_error  TEXT,
    created_at  TEXT NOT NULL,
    updated_at  TEXT NOT NULL
  );
  -- At most one anchor in flight.
  CREATE UNIQUE INDEX anchors_one_in_flight ON anchors (state IN ('pending', 'broadcast', 'confirmed'))
    WHERE state IN ('pending', 'broadcast', 'confirmed');

  -- Rows exist only for anchored sizes.
  CREATE TABLE anchored_roots (
    anchor_id  INTEGER PRIMARY KEY REFERENCES anchors (id),
    root_hash  TEXT NOT NULL,
    leaf_count INTEGER NOT NULL,
    txid       TEXT NOT NULL UNIQUE,
    height     INTEGER NOT NULL,
    block_time INTEGER,
    created_at TEXT NOT NULL
  );
  CREATE INDEX anchored_roots_by_size ON anchored_roots (leaf_count, anchor_id);
  CREATE INDEX anchored_roots_by_height ON anchored_roots (height, anchor_id);
  `,
  // 2: when the latest z_sendmany of an attempt started, written before the call, so that a
  // restarted loop still waits for a slow wallet's transaction instead of sending a second one.
  `
  ALTER TABLE anchors ADD COLUMN send_started_at TEXT;
  `,
  // 3: which key wrote each wallet link, and which key first wrote to each wallet
  // (WALLET_WRITES=first-key). Wallets recorded before have no known first key (NULL).
  `
  ALTER TABLE wallet_links ADD COLUMN key_id TEXT;
  CREATE TABLE wallet_owners (
    wallet_hash TEXT PRIMARY KEY,
    key_id      TEXT,
    created_at  TEXT NOT NULL
  ) WITHOUT ROWID;
  INSERT INTO wallet_owners (wallet_hash, key_id, created_at)
    SELECT wallet_hash, NULL, MIN(created_at) FROM wallet_links GROUP BY wallet_hash;
  `,
  // 4: webhooks, each with the cursors of what it has been delivered (the outbox is the leaves
  // and anchored roots beyond them, so a restart resumes where delivery stopped).
  `
  CREATE TABLE webhooks (
    id            TEXT PRIMARY KEY,
    url           TEXT NOT NULL,
    secret_hex    TEXT NOT NULL CHECK (length(secret_hex) = 32),
    created_at    TEXT NOT NULL,
    leaf_cursor   INTEGER NOT NULL CHECK (leaf_cursor >= 0),
    anchor_cursor INTEGER NOT NULL CHECK (anchor_cursor >= 0)
  ) WITHOUT ROWID;
  `,
  // 5: the attempt log: every change of an anchoring attempt (recorded, sent, broadcast, mined,
  // anchored, failed, each new error), written by triggers in the transaction that made it.
  `
  CREATE TABLE anchor_log (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    anchor_id INTEGER NOT NULL REFERENCES anchors (id),
    at        TEXT NOT NULL,
    state     TEXT NOT NULL,
    change    TEXT NOT NULL CHECK (change IN ('recorded', 'send_started', 'state', 'error')),
    detail    TEXT
  );
  CREATE INDEX anchor_log_by_anchor ON anchor_log (anchor_id, id);
  INSERT INTO anchor_log (anchor_id, at, state, change, detail)
    SELECT id, created_at, 'pending', 'recorded', NULL FROM anchors;
  INSERT INTO anchor_log (anchor_id, at, state, change, detail)
    SELECT id, updated_at, state, 'state', last_error FROM anchors WHERE state <> 'pending';
  CREATE TRIGGER anchor_log_recorded AFTER INSERT ON anchors BEGIN
    INSERT INTO anchor_log (anchor_id, at, state, change, detail)
      VALUES (NEW.id, NEW.created_at, NEW.state, 'recorded', NULL);
  END;
  CREATE TRIGGER anchor_log_send_started AFTER UPDATE OF send_started_at ON anchors
    WHEN NEW.send_started_at IS NOT OLD.send_started_at AND NEW.send_started_at IS NOT NULL BEGIN
    INSERT INTO anchor_log (anchor_id, at, state, change, detail)
      VALUES (NEW.id, NEW.send_started_at, NEW.state, 'send_started', NULL);
  END;
  CREATE TRIGGER anchor_log_state AFTER UPDATE OF state ON anchors
    WHEN NEW.state IS NOT OLD.state BEGIN
    INSERT INTO anchor_log (anchor_id, at, state, change, detail)
      VALUES (NEW.id, NEW.updated_at, NEW.state, 'state', CASE NEW.state
        WHEN 'broadcast' THEN NEW.txid
        WHEN 'confirmed' THEN CAST(NEW.height AS TEXT)
        WHEN 'anchored' THEN CAST(NEW.height AS TEXT)
        ELSE NEW.last_error END);
  END;
  CREATE TRIGGER anchor_log_error AFTER UPDATE OF last_error ON anchors
    WHEN NEW.last_error IS NOT OLD.last_error AND NEW.last_error IS NOT NULL AND NEW.state IS OLD.state BEGIN
    INSERT INTO anchor_log (anchor_id, at, state, change, detail)
      VALUES (NEW.id, NEW.updated_at, NEW.state, 'error', NEW.last_error);
  END;
  `,
  // 6: a TRANSFER's other wallet (its new owner), linked to the leaf as well, so both wallets'
  // lifecycles show the transfer with its direction.
  `
  ALTER TABLE leaves ADD COLUMN counterparty TEXT;
  `,
  // 7: no index on leaf hashes. Each new leaf wrote a page of that index at a random place, most of
  // a durable commit's cost; the store finds leaves by hash through an in-memory index instead
  // (leaf-hash-index.ts). SQLite cannot drop a column's UNIQUE, so the table is rebuilt without it
  // (run with foreign keys off: wallet_links refers to it).
  `
  CREATE TABLE leaves_rebuilt (
    position      INTEGER PRIMARY KEY,          -- 1-based, dense: the tree index plus one
    leaf_hash     BLOB NOT NULL CHECK (length(leaf_hash) = 32),  -- unique: the writer looks it up first
    event_type    INTEGER NOT NULL CHECK (event_type BETWEEN 0 AND 255),
    wallet_hash   TEXT NOT NULL,
    serial_number TEXT,
    created_at    TEXT NOT NULL,
    timestamp     INTEGER,
    counterparty  TEXT
  );
  INSERT INTO leaves_rebuilt (position, leaf_hash, event_type, wallet_hash, serial_number, created_at, timestamp, counterparty)
    SELECT position, leaf_hash, event_type, wallet_hash, serial_number, created_at, timestamp, counterparty FROM leaves;
  DROP TABLE leaves;
  ALTER TABLE leaves_rebuilt RENAME TO leaves;
  CREATE INDEX leaves_by_type ON leaves (event_type, position);
  `,
  // 8: new wallet links are appended to a log in the commit and merged into wallet_links (keyed by
  // wallet) many at a time (until migration 9): each link written straight there dirtied a page
  // at its wallet's place, another random page per event. Readers see both tables.
  `
  CREATE TABLE wallet_link_log (
    seq         INTEGER PRIMARY KEY,
    wallet_hash TEXT NOT NULL,
    position    INTEGER NOT NULL REFERENCES leaves (position),
    created_at  TEXT NOT NULL,
    key_id      TEXT
  );
  `,
  // 9: the link log is the record of wallet links from now on, never emptied; the by-wallet index
  // is derived from it in a file of its own (wallet-index.ts), so its writes no longer hold
  // commits back. The links merged into wallet_links so far join the log. The log's index by leaf
  // finds whether a wallet is linked to a leaf already (new leaves append to its end).
  `
  INSERT INTO wallet_link_log (wallet_hash, position, created_at, key_id)
    SELECT wallet_hash, position, created_at, key_id FROM wallet_links ORDER BY position, wallet_hash;
  DROP TABLE wallet_links;
  CREATE INDEX wallet_link_log_by_leaf ON wallet_link_log (position);
  `,
  // 10: the chain's evidence of each anchored root (evidence-store.ts), gone with its root.
  `
  CREATE TABLE anchor_evidence (
    anchor_id       INTEGER PRIMARY KEY REFERENCES anchored_roots (anchor_id) ON DELETE CASCADE,
    txid            TEXT NOT NULL UNIQUE,
    height          INTEGER NOT NULL,
    block_hash      TEXT NOT NULL,
    block_header    TEXT NOT NULL,
    tx_index        INTEGER NOT NULL,
    merkle_branch   TEXT NOT NULL,
    transaction_hex TEXT NOT NULL
  );
  `,
  // 11: the block each anchored root's transaction is in (display order), which the anchor history
  // serves so that a reader can confirm a block by its hash; filled from the evidence kept so far
  // (NULL where there is none). The evidence gains what binds every byte of the transaction to its
  // block header: the block's transaction count, the auth digest branch and the chain history root
  // (NULL in evidence kept before, which the backfill reads again).
  `
  ALTER TABLE anchored_roots ADD COLUMN block_hash TEXT CHECK (block_hash IS NULL OR length(block_hash) = 64);
  UPDATE anchored_roots SET block_hash =
    (SELECT e.block_hash FROM anchor_evidence e WHERE e.anchor_id = anchored_roots.anchor_id);
  ALTER TABLE anchor_evidence ADD COLUMN tx_count INTEGER;
  ALTER TABLE anchor_evidence ADD COLUMN auth_digest_branch TEXT;
  ALTER TABLE anchor_evidence ADD COLUMN chain_history_root TEXT;
  `,
  // 12: the fee each anchored root's transaction paid, as the wallet reported it when the anchor
  // was recorded, and when (the block time, else the time of recording): what /anchor/spend sums.
  // Roots anchored before have no row (their fee is unknown), and a root's row goes with it.
  `
  CREATE TABLE anchor_fees (
    anchor_id INTEGER PRIMARY KEY REFERENCES anchored_roots (anchor_id) ON DELETE CASCADE,
    fee_zat   INTEGER NOT NULL CHECK (fee_zat >= 0),
    spent_at  INTEGER NOT NULL
  );
  CREATE INDEX anchor_fees_by_time ON anchor_fees (spent_at);
  `,
];
