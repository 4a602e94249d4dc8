/** The list tables (events, anchors, a root's leaves): scrolls sideways on narrow screens, caption for screen readers. */
export function DataTable({
  testId,
  caption,
  columns,
  children,
}: {
  testId: string;
  caption: string;
  columns: readonly string[];
  children: React.ReactNode;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full text-left text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-300 dark:border-slate-700">
            {columns.map((column, i) => (
              <th key={column} scope="col" className={i < columns.length - 1 ? 'py-1 pr-3' : 'py-1'}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
