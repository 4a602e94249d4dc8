import type { ReactNode } from 'react';
import { focusWhenShown } from './focus-when-shown';

/**
 * What an action produced when it worked (a recorded submission, a new key), as every page shows it:
 * a status box that takes focus when it appears, so that keyboard and screen-reader users land on it.
 */
export function SuccessNotice({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <div
      role="status"
      tabIndex={-1}
      ref={focusWhenShown}
      data-testid={testId}
      className="space-y-2 rounded border border-emerald-400 bg-emerald-50 p-4 text-emerald-950 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-50"
    >
      {children}
    </div>
  );
}
