/**
 * The app's few control styles, in one place so that every page's buttons, inputs and panels look
 * and behave alike (Tailwind reads these literal class lists at build time).
 */
export const BUTTON_CLASS =
  'rounded border border-slate-400 px-3 py-1.5 text-sm hover:bg-slate-100 disabled:opacity-50 dark:border-slate-600 dark:hover:bg-slate-800';
export const PRIMARY_BUTTON_CLASS =
  'rounded bg-amber-700 px-4 py-2 font-medium text-white hover:bg-amber-800 disabled:opacity-50';
export const INPUT_CLASS =
  'w-full rounded border border-slate-400 bg-white px-3 py-2 font-mono text-sm dark:border-slate-600 dark:bg-slate-900';
export const PANEL_CLASS = 'min-w-0 space-y-3 rounded border border-slate-300 p-4 dark:border-slate-700';
export const HELP_CLASS = 'text-sm text-slate-700 dark:text-slate-300';
export const FIELD_ERROR_CLASS = 'text-sm text-red-700 dark:text-red-300';
/** The small button beside a value (Copy next to a hash): still a 24 px target, text no smaller than 12 px. */
export const COMPACT_BUTTON_CLASS =
  'min-h-6 rounded border border-slate-400 px-1.5 text-xs font-sans hover:bg-slate-100 print:hidden dark:border-slate-600 dark:hover:bg-slate-800';
