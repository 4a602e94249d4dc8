/**
 * Versioned schema migrations of the PostgreSQL store, applied in order, each in its own
 * transaction, under an advisory lock (so instances started together on an empty database migrate
 * it once); `schema_migrations` records what was applied. Never edit a released migration (nor a
 * piece one is assembled from): append. migrations.test.ts pins the text of each.
 *
 * The tables mirror the SQLite ones (server/store/sqlite/migrations.ts). Times are RFC 3339 text
 * in the "C" collation, so they compare as they sort, exactly as on SQLite.
 */
import type pg from 'pg';
import { LEAF_WRITER_LOCK, LOCK_NAMESPACE, MIGRATION_LOCK } from './db.js';

// The pieces of zap1_commit_events that migration 3 keeps from migration 1, written once. Each
// migration's text must never change once released: migrations.test.ts pins its SHA-256.
const COMMIT_DECLARE = `  LANGUAGE plpgsql AS $fn$
  DECLARE
    ev jsonb;
    next_position bigint;
    first_position bigint;
    results jsonb[] := '{}';
    owner_key text;
    key_expires text;
    spent integer;
    hash bytea;
    found_position bigint;
    leaf_position bigint;`;

const COMMIT_LOOP_START = `  BEGIN
    PERFORM pg_advisory_xact_lock(${LOCK_NAMESPACE}, ${LEAF_WRITER_LOCK});
    SELECT COALESCE(MAX(position), 0) + 1 INTO next_position FROM leaves;
    first_position := next_position;
    FOR ev IN SELECT value FROM jsonb_array_elements(batch) LOOP`;

// Per event, after the first-key rule: the trial quota, the leaf or its existing position, the
// event's own wallet link.
const COMMIT_SPEND_AND_WRITE = `      IF ev->>'trial_key_hash' IS NOT NULL THEN
        UPDATE api_keys SET used = used + 1, last_used_at = stamp
          WHERE key_hash = ev->>'trial_key_hash' AND used < quota AND expires_at > stamp;
        GET DIAGNOSTICS spent = ROW_COUNT;
        IF spent = 0 THEN
          SELECT expires_at INTO key_expires FROM api_keys WHERE key_hash = ev->>'trial_key_hash';
          results := array_append(results, jsonb_build_object('status',
            CASE WHEN NOT FOUND THEN 'unauthorized'
                 WHEN key_expires <= stamp THEN 'key_expired'
                 ELSE 'quota_exhausted' END));
          CONTINUE;
        END IF;
      END IF;
      hash := decode(ev->>'leaf_hex', 'hex');
      SELECT position INTO found_position FROM leaves WHERE leaf_hash = hash;
      IF FOUND THEN
        leaf_position := found_position;
        results := array_append(results, jsonb_build_object('status', 'exists', 'position', leaf_position));
      ELSE
        leaf_position := next_position;
        next_position := next_position + 1;
        INSERT INTO leaves (position, leaf_hash, event_type, wallet_hash, serial_number, created_at,
                            timestamp, counterparty)
          VALUES (leaf_position, hash, (ev->>'event_type')::smallint, ev->>'wallet_hash',
                  ev->>'serial_number', stamp, (ev->>'timestamp')::bigint, ev->>'counterparty');
        results := array_append(results, jsonb_build_object('status', 'created', 'position', leaf_position));
      END IF;
      INSERT INTO wallet_links (wallet_hash, position, created_at, key_id)
        VALUES (ev->>'wallet_hash', leaf_position, stamp, ev->>'key_id') ON CONFLICT DO NOTHING;`;

// The wallet owner, then after the loop: listeners hear the new leaf count once committed.
const COMMIT_FINISH = `      INSERT INTO wallet_owners (wallet_hash, key_id, created_at)
        VALUES (ev->>'wallet_hash', ev->>'key_id', stamp) ON CONFLICT DO NOTHING;
    END LOOP;
    IF next_position > first_position THEN
      PERFORM pg_notify('zap1_leaves', (next_position - 1)::text);
    END IF;
    RETURN to_jsonb(results);
  END
  $fn$;`;

/**
 * Migration 3's zap1_commit_events: the first-key rule over every wallet an event links to, then
 * `beforeSpend`, then the quota and the writes. Migration 3 has nothing before the spend.
 */
const commitEventsCoveringEveryWallet = (beforeSpend: string): string => `
  CREATE OR REPLACE FUNCTION zap1_commit_events(batch jsonb, stamp text) RETURNS jsonb
${COMMIT_DECLARE}
    links_counterparty boolean;
${COMMIT_LOOP_START}
      links_counterparty := ev->>'counterparty' IS NOT NULL AND ev->>'counterparty' <> ev->>'wallet_hash';
      -- Every linked wallet, before any quota is spent; earlier events of the batch have claimed theirs.
      IF COALESCE((ev->>'only_first_key')::boolean, false) AND ev->>'key_id' <> 'operator' THEN
        SELECT key_id INTO owner_key FROM wallet_owners WHERE wallet_hash = ev->>'wallet_hash';
        IF FOUND AND owner_key IS DISTINCT FROM ev->>'key_id' THEN
          results := array_append(results, jsonb_build_object('status', 'wallet_key_mismatch',
            'wallet', 'subject', 'first_key_id', owner_key));
          CONTINUE;
        END IF;
        IF links_counterparty THEN
          SELECT key_id INTO owner_key FROM wallet_owners WHERE wallet_hash = ev->>'counterparty';
          IF FOUND AND owner_key IS DISTINCT FROM ev->>'key_id' THEN
            results := array_append(results, jsonb_build_object('status', 'wallet_key_mismatch',
              'wallet', 'counterparty', 'first_key_id', owner_key));
            CONTINUE;
          END IF;
        END IF;
      END IF;
${beforeSpend}${COMMIT_SPEND_AND_WRITE}
      -- The new owner's lifecycle shows the transfer too; its first writer is not decided by it.
      IF links_counterparty THEN
        INSERT INTO wallet_links (wallet_hash, position, created_at, key_id)
          VALUES (ev->>'counterparty', leaf_position, stamp, ev->>'key_id') ON CONFLICT DO NOTHING;
      END IF;
${COMMIT_FINISH}
  `;

// Migration 5: a resend whose leaf and wallet links all exist writes nothing, so it spends no quota
// (the key must still be one that could write). The writes below it then find nothing to do.
const NOOP_RESEND = `      SELECT position INTO found_position FROM leaves WHERE leaf_hash = decode(ev->>'leaf_hex', 'hex');
      IF FOUND
         AND EXISTS (SELECT 1 FROM wallet_links WHERE wallet_hash = ev->>'wallet_hash' AND position = found_position)
         AND (NOT links_counterparty OR EXISTS (
           SELECT 1 FROM wallet_links WHERE wallet_hash = ev->>'counterparty' AND position = found_position)) THEN
        IF ev->>'trial_key_hash' IS NOT NULL THEN
          SELECT expires_at INTO key_expires FROM api_keys WHERE key_hash = ev->>'trial_key_hash';
          IF NOT FOUND OR key_expires <= stamp THEN
            results := array_append(results, jsonb_build_object('status',
              CASE WHEN NOT FOUND THEN 'unauthorized' ELSE 'key_expired' END));
            CONTINUE;
          END IF;
        END IF;
        results := array_append(results, jsonb_build_object('status', 'exists', 'position', found_position));
        CONTINUE;
      END IF;
`;

export const POSTGRES_MIGRATIONS: readonly string[] = [
  // 1: leaves, wallet links and owners, keys, tree chunks, anchoring, webhooks, shared limits,
  // the anchorer lease, and the one write path of accepted events.
  `
  CREATE TABLE leaves (
    position      bigint PRIMARY KEY,              -- 1-based, dense: the tree index plus one
    leaf_hash     bytea NOT NULL UNIQUE CHECK (octet_length(leaf_hash) = 32),
    event_type    smallint NOT NULL CHECK (event_type BETWEEN 0 AND 255),
    wallet_hash   text NOT NULL,
    serial_number text,
    counterparty  text,                            -- a TRANSFER's new owner
    created_at    text COLLATE "C" NOT NULL,
    timestamp     bigint
  );
  CREATE INDEX leaves_by_type ON leaves (event_type, position);

  CREATE TABLE wallet_links (
    wallet_hash text NOT NULL,
    position    bigint NOT NULL REFERENCES leaves (position),
    created_at  text COLLATE "C" NOT NULL,
    key_id      text,
    PRIMARY KEY (wallet_hash, position)
  );

  CREATE TABLE wallet_owners (
    wallet_hash text PRIMARY KEY,
    key_id      text,
    created_at  text COLLATE "C" NOT NULL
  );

  CREATE TABLE api_keys (
    key_hash     text COLLATE "C" PRIMARY KEY CHECK (length(key_hash) = 64),
    tier         text NOT NULL DEFAULT 'trial' CHECK (tier = 'trial'),
    quota        integer NOT NULL CHECK (quota >= 0),
    used         integer NOT NULL DEFAULT 0 CHECK (used >= 0),
    created_at   text COLLATE "C" NOT NULL,
    expires_at   text COLLATE "C" NOT NULL,
    last_used_at text COLLATE "C"
  );

  CREATE TABLE tree_chunks (
    level       integer NOT NULL,
    chunk_index bigint NOT NULL,
    bytes       bytea NOT NULL,
    PRIMARY KEY (level, chunk_index)
  );

  CREATE TABLE anchors (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    root_hash       text COLLATE "C" NOT NULL CHECK (length(root_hash) = 64),
    leaf_count      bigint NOT NULL CHECK (leaf_count > 0),
    state           text NOT NULL CHECK (state IN ('pending', 'broadcast', 'confirmed', 'anchored', 'failed')),
    opid            text,
    txid            text COLLATE "C" CHECK (txid IS NULL OR length(txid) = 64),
    height          bigint,
    block_time      bigint,
    attempts        integer NOT NULL DEFAULT 0,
    last_error      text,
    send_started_at text COLLATE "C",
    created_at      text COLLATE "C" NOT NULL,
    updated_at      text COLLATE "C" NOT NULL,
    -- The fencing token of the anchorer that last moved the attempt (0: written without the lease).
    fence_token     bigint NOT NULL DEFAULT 0
  );
  -- At most one anchor in flight, whichever instance records it.
  CREATE UNIQUE INDEX anchors_one_in_flight ON anchors ((true))
    WHERE state IN ('pending', 'broadcast', 'confirmed');

  -- Rows exist only for anchored sizes; a size is anchored at most once.
  CREATE TABLE anchored_roots (
    anchor_id  bigint PRIMARY KEY REFERENCES anchors (id),
    root_hash  text COLLATE "C" NOT NULL,
    leaf_count bigint NOT NULL CONSTRAINT anchored_roots_one_per_size UNIQUE,
    txid       text COLLATE "C" NOT NULL UNIQUE,
    height     bigint NOT NULL,
    block_time bigint,
    created_at text COLLATE "C" NOT NULL
  );
  CREATE INDEX anchored_roots_by_size ON anchored_roots (leaf_count, anchor_id);
  CREATE INDEX anchored_roots_by_height ON anchored_roots (height, anchor_id);

  CREATE TABLE webhooks (
    id            text PRIMARY KEY,
    url           text NOT NULL,
    secret_hex    text NOT NULL CHECK (length(secret_hex) = 32),
    created_at    text COLLATE "C" NOT NULL,
    leaf_cursor   bigint NOT NULL CHECK (leaf_cursor >= 0),
    anchor_cursor bigint NOT NULL CHECK (anchor_cursor >= 0)
  );

  -- Fixed windows of the rate limits, shared by every instance (start in Unix milliseconds).
  CREATE TABLE rate_windows (
    scope           text NOT NULL,
    key             text NOT NULL,
    window_start_ms bigint NOT NULL,
    hits            integer NOT NULL,
    PRIMARY KEY (scope, key)
  );
  CREATE INDEX rate_windows_by_start ON rate_windows (scope, window_start_ms);

  -- The anchorer lease: one row; the token grows whenever the lease passes to another instance.
  CREATE TABLE anchor_lease (
    id         integer PRIMARY KEY CHECK (id = 1),
    holder     text NOT NULL,
    token      bigint NOT NULL,
    expires_at timestamptz NOT NULL
  );

  -- The one write path of accepted events (server/store/postgres/leaves.ts). Under one advisory
  -- lock, so positions are handed out one writer at a time and committed in order: unique and
  -- gapless across every instance. Per event, in order: the first-key rule (before any quota is
  -- spent), the trial quota (atomically: used < quota), the leaf or its existing position, the
  -- wallet link and owner. Listeners hear the new leaf count once the transaction commits.
  CREATE FUNCTION zap1_commit_events(batch jsonb, stamp text) RETURNS jsonb
${COMMIT_DECLARE}
${COMMIT_LOOP_START}
      IF COALESCE((ev->>'only_first_key')::boolean, false) AND ev->>'key_id' <> 'operator' THEN
        SELECT key_id INTO owner_key FROM wallet_owners WHERE wallet_hash = ev->>'wallet_hash';
        IF FOUND AND owner_key IS DISTINCT FROM ev->>'key_id' THEN
          results := array_append(results,
            jsonb_build_object('status', 'wallet_key_mismatch', 'first_key_id', owner_key));
          CONTINUE;
        END IF;
      END IF;
${COMMIT_SPEND_AND_WRITE}
      IF ev->>'counterparty' IS NOT NULL AND ev->>'counterparty' <> ev->>'wallet_hash' THEN
        INSERT INTO wallet_links (wallet_hash, position, created_at, key_id)
          VALUES (ev->>'counterparty', leaf_position, stamp, ev->>'key_id') ON CONFLICT DO NOTHING;
      END IF;
${COMMIT_FINISH}
  `,
  // 2: the attempt log: every change of an anchoring attempt, written by a trigger in the
  // transaction that made it (as on SQLite, migration 5).
  `
  CREATE TABLE anchor_log (
    id        bigserial PRIMARY KEY,
    anchor_id bigint NOT NULL REFERENCES anchors (id),
    at        text COLLATE "C" NOT NULL,
    state     text NOT NULL,
    change    text NOT NULL CHECK (change IN ('recorded', 'send_started', 'state', 'error')),
    detail    text
  );
  CREATE INDEX anchor_log_by_anchor ON anchor_log (anchor_id, id);
  INSERT INTO anchor_log (anchor_id, at, state, change, detail)
    SELECT id, created_at, 'pending', 'recorded', NULL FROM anchors ORDER BY id;
  INSERT INTO anchor_log (anchor_id, at, state, change, detail)
    SELECT id, updated_at, state, 'state', last_error FROM anchors WHERE state <> 'pending' ORDER BY id;
  CREATE FUNCTION zap1_anchor_log() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO anchor_log (anchor_id, at, state, change) VALUES (NEW.id, NEW.created_at, NEW.state, 'recorded');
      RETURN NEW;
    END IF;
    IF NEW.send_started_at IS DISTINCT FROM OLD.send_started_at AND NEW.send_started_at IS NOT NULL THEN
      INSERT INTO anchor_log (anchor_id, at, state, change)
        VALUES (NEW.id, NEW.send_started_at, NEW.state, 'send_started');
    END IF;
    IF NEW.state IS DISTINCT FROM OLD.state THEN
      INSERT INTO anchor_log (anchor_id, at, state, change, detail)
        VALUES (NEW.id, NEW.updated_at, NEW.state, 'state', CASE NEW.state
          WHEN 'broadcast' THEN NEW.txid
          WHEN 'confirmed' THEN NEW.height::text
          WHEN 'anchored' THEN NEW.height::text
          ELSE NEW.last_error END);
    ELSIF NEW.last_error IS DISTINCT FROM OLD.last_error AND NEW.last_error IS NOT NULL THEN
      INSERT INTO anchor_log (anchor_id, at, state, change, detail)
        VALUES (NEW.id, NEW.updated_at, NEW.state, 'error', NEW.last_error);
    END IF;
    RETURN NEW;
  END
  $$;
  CREATE TRIGGER anchor_log AFTER INSERT OR UPDATE ON anchors FOR EACH ROW EXECUTE FUNCTION zap1_anchor_log();
  `,
  // 3: the first-key rule covers every wallet an event links to: a TRANSFER's new owner as well as
  // its own wallet (before, a key could link a leaf into a wallet another key wrote first by naming
  // it as new_wallet_hash). A refusal says which wallet. Otherwise as migration 1's function.
  commitEventsCoveringEveryWallet(''),
  // 4: the chain's evidence of each anchored root (evidence-store.ts), gone with its root.
  `
  CREATE TABLE anchor_evidence (
    anchor_id       bigint PRIMARY KEY REFERENCES anchored_roots (anchor_id) ON DELETE CASCADE,
    txid            text NOT NULL UNIQUE,
    height          bigint NOT NULL,
    block_hash      text NOT NULL,
    block_header    text NOT NULL,
    tx_index        integer NOT NULL,
    merkle_branch   text NOT NULL,
    transaction_hex text NOT NULL
  );
  `,
  // 5: a resend that writes nothing spends nothing (NOOP_RESEND); otherwise as migration 3.
  commitEventsCoveringEveryWallet(NOOP_RESEND),
  // 6: as SQLite's migration 11: the block hash of each anchored root (filled from the evidence
  // kept so far), and the evidence's transaction count, auth digest branch and chain history root.
  `
  ALTER TABLE anchored_roots ADD COLUMN block_hash text CHECK (block_hash IS NULL OR length(block_hash) = 64);
  UPDATE anchored_roots r SET block_hash = e.block_hash FROM anchor_evidence e WHERE e.anchor_id = r.anchor_id;
  ALTER TABLE anchor_evidence ADD COLUMN tx_count integer;
  ALTER TABLE anchor_evidence ADD COLUMN auth_digest_branch text;
  ALTER TABLE anchor_evidence ADD COLUMN chain_history_root text;
  `,
  // 7: as SQLite's migration 12: the fee each anchored root's transaction paid, and when.
  `
  CREATE TABLE anchor_fees (
    anchor_id bigint PRIMARY KEY REFERENCES anchored_roots (anchor_id) ON DELETE CASCADE,
    fee_zat   bigint NOT NULL CHECK (fee_zat >= 0),
    spent_at  bigint NOT NULL
  );
  CREATE INDEX anchor_fees_by_time ON anchor_fees (spent_at);
  `,
];

/**
 * Applies the migrations not yet applied. The advisory lock is held on one connection for the
 * whole run: an instance that starts while another migrates waits, then finds nothing left to do.
 */
export async function migratePostgres(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1, $2)', [LOCK_NAMESPACE, MIGRATION_LOCK]);
    try {
      await client.query(
        `CREATE TABLE IF NOT EXISTS schema_migrations (
           version    integer PRIMARY KEY,
           applied_at timestamptz NOT NULL DEFAULT now()
         )`,
      );
      const applied = await client.query<{ version: number }>(
        'SELECT COALESCE(MAX(version), 0) AS version FROM schema_migrations',
      );
      const version = applied.rows[0]?.version ?? 0;
      if (version > POSTGRES_MIGRATIONS.length) {
        throw new Error(
          `database schema version ${version} is newer than this service (${POSTGRES_MIGRATIONS.length})`,
        );
      }
      for (let v = version; v < POSTGRES_MIGRATIONS.length; v++) {
        await client.query('BEGIN');
        try {
          await client.query(POSTGRES_MIGRATIONS[v]!);
          await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [v + 1]);
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK').catch(() => {});
          throw error;
        }
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1, $2)', [LOCK_NAMESPACE, MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
