import type { ReactNode } from 'react';

/** The states a leaf or an anchor shows, each in one colour everywhere. */
export type PillState = 'anchored' | 'sent' | 'pending' | 'failed';

const LOOKS: Record<PillState, string> = {
  anchored: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100',
  sent: 'bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100',
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
  failed: 'bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100',
};

/** A short state label in a pill: the same look for the same state on every page. */
export function StatusPill({ state, children }: { state: PillState; children: ReactNode }) {
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${LOOKS[state]}`}
      data-pill={state}
    >
      {children}
    </span>
  );
}
