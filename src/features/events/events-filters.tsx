import { useId } from 'react';
import { EVENT_TYPES, eventTypeName } from 'zap1';
import { HELP_CLASS } from '../../components/ui/styles';
import { EVENT_ANCHOR_STATES, type EventAnchorState } from './event-status';

const SELECT_CLASS =
  'rounded border border-slate-400 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900';

const STATE_WORDS: Record<EventAnchorState, string> = {
  anchored: 'Anchored',
  pending: 'Pending (not anchored yet)',
};

/**
 * The events page's filters, kept in the address (`?type=`, `?status=`) so a filtered list can be
 * shared. `statusFilter` null: the service gives no positions, so no status can be told.
 */
export function EventsFilters({
  eventType,
  statusFilter,
  refreshing,
  onChange,
}: {
  eventType: string | null;
  statusFilter: EventAnchorState | '' | null;
  refreshing: boolean;
  onChange: (param: 'type' | 'status', value: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <span className="flex flex-wrap items-center gap-2">
        <label htmlFor={`${id}-type`} className="font-medium">
          Event type
        </label>
        <select
          id={`${id}-type`}
          value={eventType ?? ''}
          onChange={(e) => onChange('type', e.target.value)}
          className={SELECT_CLASS}
        >
          <option value="">All types</option>
          {EVENT_TYPES.map((t) => (
            <option key={t} value={t}>
              {eventTypeName(t)}
            </option>
          ))}
        </select>
      </span>
      {statusFilter !== null && (
        <span className="flex flex-wrap items-center gap-2">
          <label htmlFor={`${id}-status`} className="font-medium">
            Status
          </label>
          <select
            id={`${id}-status`}
            value={statusFilter}
            onChange={(e) => onChange('status', e.target.value)}
            className={SELECT_CLASS}
          >
            <option value="">Anchored and pending</option>
            {EVENT_ANCHOR_STATES.map((s) => (
              <option key={s} value={s}>
                {STATE_WORDS[s]}
              </option>
            ))}
          </select>
        </span>
      )}
      {refreshing && (
        <span className={HELP_CLASS} aria-hidden="true">
          refreshing…
        </span>
      )}
    </div>
  );
}
