/** The PostgreSQL connection pool and the transaction helper the store's concerns share. */
import pg from 'pg';

/** BIGINT columns (positions, heights, ids) as JS numbers: every value the service stores is a safe integer. */
function parseBigint(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`bigint ${text} is beyond a safe integer`);
  return value;
}

const INT8_OID = 20;

const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? parseBigint
      : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
};

export interface PoolOptions {
  /** Connections at most (default 10). */
  max?: number;
  /** How long a query may wait for a free connection before failing (default 5 s): a 503, never a hang. */
  connectionTimeoutMs?: number;
}

export function createPool(url: string, options: PoolOptions = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: options.connectionTimeoutMs ?? 5000,
    idleTimeoutMillis: 30_000,
    types,
    application_name: 'zap1-service',
    // A half-open connection is noticed by TCP keepalive instead of hanging a request.
    keepAlive: true,
    // Per session: a statement never runs unbounded; a session stalled inside a transaction (a
    // paused or cut-off instance holding row locks, the anchorer lease among them) is ended by the
    // server; positions are handed out under READ COMMITTED whatever the database's default.
    options: [
      '-c statement_timeout=30000',
      '-c idle_in_transaction_session_timeout=5000',
      '-c default_transaction_isolation=read\\ committed',
    ].join(' '),
  });
  // An idle connection that dies (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  return pool;
}

export type Queryable = pg.Pool | pg.PoolClient;

/** Runs `fn` in one transaction on one connection: committed when it resolves, rolled back when it throws. */
export async function transaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** Whether `error` is PostgreSQL's unique violation (23505), optionally on `constraint`. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error) || error.code !== '23505')
    return false;
  return constraint === undefined || ('constraint' in error && error.constraint === constraint);
}

/** Advisory lock keys (two 32-bit halves): the first half says "this service", the second what is locked. */
export const LOCK_NAMESPACE = 0x5a415031; // "ZAP1"
export const LEAF_WRITER_LOCK = 1;
export const MIGRATION_LOCK = 2;
