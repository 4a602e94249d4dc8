import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import type { EventItem } from '../../api/events';
import { leafPath, walletPath } from '../../app/paths';
import { DataTable, type Column } from '../../components/data-table';
import { HashLink } from '../../components/hash-link';
import { RelativeTime } from '../../components/relative-time';
import { StatusPill } from '../../components/ui/status-pill';
import { eventTypeName, visibleText } from 'zap1';
import type { EventAnchorState } from './event-status';

export interface EventRow {
  event: EventItem;
  /** Null where the service gives no position. */
  state: EventAnchorState | null;
}

/**
 * The events as a table whose rows open their leaf's page. The leaf link in each row is the way in
 * for keyboards and screen readers; a click anywhere else on the row is a shortcut for the pointer
 * (not on another link or button, and not when the click ends a text selection).
 */
export function EventsTable({
  rows,
  showStatus,
  showWallet,
}: {
  rows: readonly EventRow[];
  showStatus: boolean;
  showWallet: boolean;
}) {
  const wrapper = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const element = wrapper.current;
    if (!element) return;
    const open = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      if (!target || target.closest('a, button, input, select, summary')) return;
      if (window.getSelection()?.toString()) return;
      const leaf = target.closest('tr[data-leaf]')?.getAttribute('data-leaf');
      if (leaf) void navigate(leafPath(leaf));
    };
    element.addEventListener('click', open);
    return () => element.removeEventListener('click', open);
  }, [navigate]);

  const columns: Column<EventRow>[] = [
    { header: 'Recorded', cell: ({ event }) => <RelativeTime value={event.created_at} /> },
    // The service's (and its submitters') text: its hidden and reordering characters are shown.
    { header: 'Event type', cell: ({ event }) => visibleText(eventTypeName(event.event_type)) },
    ...(showStatus
      ? [
          {
            header: 'Status',
            cellProps: ({ state }: EventRow) => ({
              'data-testid': 'event-status',
              'data-state': state ?? '',
            }),
            cell: ({ state }: EventRow) =>
              state === 'anchored' ? (
                <StatusPill state="anchored">anchored</StatusPill>
              ) : state === 'pending' ? (
                <StatusPill state="pending">pending</StatusPill>
              ) : (
                'unknown'
              ),
          },
        ]
      : []),
    ...(showWallet
      ? [
          {
            header: 'Wallet',
            className: 'font-mono text-xs break-all',
            cell: ({ event }: EventRow) =>
              event.wallet_hash ? (
                <Link className="underline" to={walletPath(event.wallet_hash)} data-testid="event-wallet">
                  {visibleText(event.wallet_hash)}
                </Link>
              ) : (
                'not stated'
              ),
          },
        ]
      : []),
    { header: 'Description', cell: ({ event }) => visibleText(event.description ?? '') },
    { header: 'Leaf', cell: ({ event }) => <HashLink to="leaf" hash={event.leaf_hash} /> },
  ];

  return (
    <div
      ref={wrapper}
      className="[&_tbody_tr]:cursor-pointer [&_tbody_tr:hover]:bg-slate-100 dark:[&_tbody_tr:hover]:bg-slate-800"
    >
      <DataTable
        testId="events-table"
        caption="Recent events, newest first; each row opens its leaf"
        rows={rows}
        rowKey={({ event }) => event.leaf_hash}
        rowProps={({ event, state }) => ({ 'data-leaf': event.leaf_hash, 'data-state': state ?? undefined })}
        columns={columns}
      />
    </div>
  );
}
