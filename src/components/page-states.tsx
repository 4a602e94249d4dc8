/** Loading and empty states, the same everywhere (errors go to ErrorNotice). */
export function Loading({ what }: { what: string }) {
  return (
    <p role="status" className="text-slate-700 dark:text-slate-300">
      Loading {what}…
    </p>
  );
}

export function EmptyState({ children }: { children: React.ReactNode }) {
  return (
    <p className="rounded border border-dashed border-slate-400 p-4 text-slate-700 dark:border-slate-600 dark:text-slate-300">
      {children}
    </p>
  );
}
