import type { ReactNode } from 'react';

/** One column: its header, and what each row shows in it. */
export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Extra attributes of each cell (a test id, a state for styling). */
  cellProps?: (row: Row) => Record<string, string | undefined>;
  /** Extra classes of each cell's value (not of the label a phone shows beside it). */
  className?: string | ((row: Row) => string);
}

export interface DataTableProps<Row> {
  testId: string;
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  rowProps?: (row: Row) => Record<string, string | undefined>;
}

/**
 * The list tables (events, anchors, a root's leaves): a table from the `sm` breakpoint up, and below
 * it each row as a card of label–value pairs (index.css, `.data-table`), so that no column is ever
 * off-screen on a phone. Long values wrap. The caption is for screen readers.
 */
export function DataTable<Row>({ testId, caption, columns, rows, rowKey, rowProps }: DataTableProps<Row>) {
  return (
    <table className="data-table w-full text-left text-sm" data-testid={testId}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-300 dark:border-slate-700">
          {columns.map((column) => (
            <th key={column.header} scope="col" className="py-1 pr-3 last:pr-0">
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr
            key={rowKey(row)}
            className="border-b border-slate-200 align-top dark:border-slate-800"
            {...rowProps?.(row)}
          >
            {columns.map((column) => {
              const extra = typeof column.className === 'function' ? column.className(row) : column.className;
              return (
                <td
                  key={column.header}
                  data-label={column.header}
                  className="min-w-0 py-1 pr-3 break-words last:pr-0"
                  {...column.cellProps?.(row)}
                >
                  {/* One block per cell: on a phone the cell is a two-column grid of label and value. */}
                  <div className={`min-w-0 ${extra ?? ''}`}>{column.cell(row)}</div>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
