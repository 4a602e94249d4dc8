/**
 * Which key wrote each event of a wallet (this service's `key_id` and `first_key_id`): anyone may
 * write under any pseudonym, so events added by a key other than the wallet's first writer are
 * summed up once, and the timeline can show all events, only the first key's, or only the others'.
 */
import type { LifecycleEvent } from '../../api/lifecycle';

export type KeyFilter = 'all' | 'first' | 'others';

/** The address's `?keys=` value as a filter; anything else shows all. */
export function parseKeyFilter(value: string | null): KeyFilter {
  return value === 'first' || value === 'others' ? value : 'all';
}

/** Whether the service says another key than the wallet's first wrote this event (unknown counts as no). */
export function writtenByOtherKey(event: LifecycleEvent, firstKeyId: string | null): boolean {
  return firstKeyId !== null && !!event.key_id && event.key_id !== firstKeyId;
}

export interface OtherKeySummary {
  /** Events written by another key than the first. */
  otherCount: number;
  /** The other keys' ids, each once, in the order they first wrote. */
  otherKeyIds: string[];
}

/** Null when every event whose key the service names is the first key's (or it names none). */
export function otherKeySummary(
  events: readonly LifecycleEvent[],
  firstKeyId: string | null,
): OtherKeySummary | null {
  const others = events.filter((event) => writtenByOtherKey(event, firstKeyId));
  if (others.length === 0) return null;
  return {
    otherCount: others.length,
    otherKeyIds: [...new Set(others.map((event) => event.key_id ?? ''))],
  };
}

/** The events the filter keeps, in their order. */
export function filterByKey<T extends LifecycleEvent>(
  events: readonly T[],
  firstKeyId: string | null,
  filter: KeyFilter,
): T[] {
  if (filter === 'all') return [...events];
  const wantOthers = filter === 'others';
  return events.filter((event) => writtenByOtherKey(event, firstKeyId) === wantOthers);
}
