import type { ReactNode } from 'react';

/**
 * The Status page's label–value lists: side by side from the `sm` breakpoint up, and on a phone
 * each label above its value, so a long value (a time, a hash) has the whole width.
 */
export function DetailsList({ children }: { children: ReactNode }) {
  return (
    <dl className="grid grid-cols-1 gap-x-4 sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-y-1">{children}</dl>
  );
}

export function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <>
      <dt className="mt-1 font-medium sm:mt-0">{label}</dt>
      <dd className="min-w-0 [overflow-wrap:anywhere]" data-testid={testId}>
        {children}
      </dd>
    </>
  );
}
