/**
 * The anchoring attempt's state machine (docs/architecture.md "What anchored means"), written once
 * for the SQLite and the PostgreSQL store: which states each change is allowed from, what it sets,
 * and what it checks of its arguments. A store supplies `transition`, which makes the change in one
 * transaction after checking the attempt's state (and, on PostgreSQL, the anchorer's fence).
 */
import { IN_FLIGHT_STATES, type AnchorAttempt, type AnchorState } from './anchor-store.js';
import { requireHeight, requireHex64, type AnchorRow } from './sqlite/rows.js';
import { StoreConflictError } from './store.js';

/** What a change sets: `column` to `value` (the one parameter), and `also` (SQL without parameters). */
export interface Assignment {
  column: string;
  value: unknown;
  also?: string;
}

/** The SET list of an assignment, its value at `placeholder` (`?` on SQLite, `$1` on PostgreSQL). */
export function assignmentSql({ column, also }: Assignment, placeholder: string): string {
  return also === undefined ? `${column} = ${placeholder}` : `${column} = ${placeholder}, ${also}`;
}

export abstract class AnchorTransitions {
  /**
   * Makes `set` on attempt `id` if the attempt is in one of `from`, otherwise StoreConflictError;
   * returns the updated attempt.
   */
  protected abstract transition(
    id: number,
    from: readonly AnchorState[],
    set: Assignment,
  ): AnchorAttempt | Promise<AnchorAttempt>;

  async markSendStarted(id: number, startedAt: string): Promise<AnchorAttempt> {
    if (Number.isNaN(Date.parse(startedAt))) throw new RangeError('startedAt must be an RFC 3339 time');
    return this.transition(id, ['pending'], { column: 'send_started_at', value: startedAt });
  }

  async setAnchorOperation(id: number, opid: string): Promise<AnchorAttempt> {
    return this.transition(id, ['pending'], { column: 'opid', value: opid });
  }

  async setAnchorTxid(id: number, txid: string): Promise<AnchorAttempt> {
    requireHex64(txid, 'txid');
    return this.transition(id, ['pending', 'broadcast'], {
      column: 'txid',
      value: txid,
      also: `state = 'broadcast'`,
    });
  }

  async setAnchorConfirmed(id: number, height: number): Promise<AnchorAttempt> {
    requireHeight(height);
    return this.transition(id, ['broadcast', 'confirmed'], {
      column: 'height',
      value: height,
      also: `state = 'confirmed'`,
    });
  }

  async noteAnchorError(id: number, message: string): Promise<AnchorAttempt> {
    return this.transition(id, IN_FLIGHT_STATES, {
      column: 'last_error',
      value: message,
      also: 'attempts = attempts + 1',
    });
  }

  async markAnchorFailed(id: number, message: string): Promise<AnchorAttempt> {
    return this.transition(id, IN_FLIGHT_STATES, {
      column: 'last_error',
      value: message,
      also: `state = 'failed'`,
    });
  }
}

/** The check of every `transition`: the attempt is in one of the states the change is allowed from. */
export function requireStateIn(id: number, row: AnchorRow, from: readonly AnchorState[]): void {
  if (!from.includes(row.state)) {
    throw new StoreConflictError(`anchor attempt ${id} is ${row.state}, expected ${from.join(' or ')}`);
  }
}

/** Only a broadcast (or confirmed) transaction can be anchored. */
export function requireAnchorable(id: number, row: AnchorRow): asserts row is AnchorRow & { txid: string } {
  if ((row.state !== 'broadcast' && row.state !== 'confirmed') || row.txid === null) {
    throw new StoreConflictError(
      `anchor attempt ${id} is ${row.state}; only a broadcast transaction can be anchored`,
    );
  }
}

/** Only an attempt that has sent a transaction can be reverted. */
export function requireRevertible(id: number, row: AnchorRow): void {
  if (row.state === 'failed' || row.state === 'pending') {
    throw new StoreConflictError(`anchor attempt ${id} is ${row.state}; there is no transaction to revert`);
  }
}

/** The number of attempts in each state, every state present (0 where none is). */
export function countsByState(
  rows: Iterable<{ state: AnchorState; n: number }>,
): Record<AnchorState, number> {
  const counts: Record<AnchorState, number> = {
    pending: 0,
    broadcast: 0,
    confirmed: 0,
    anchored: 0,
    failed: 0,
  };
  for (const row of rows) counts[row.state] = row.n;
  return counts;
}
