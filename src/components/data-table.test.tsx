// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DataTable } from './data-table';

afterEach(cleanup);

describe('DataTable', () => {
  it('names each cell by its column, which a phone shows beside the value when rows become cards', () => {
    render(
      <DataTable
        testId="anchors"
        caption="Anchors, newest first"
        rows={[{ height: 4000002, leaves: 7 }]}
        rowKey={(row) => String(row.height)}
        rowProps={(row) => ({ 'data-height': String(row.height) })}
        columns={[
          { header: 'Height', cell: (row) => row.height },
          { header: 'Leaves', cell: (row) => row.leaves, cellProps: () => ({ 'data-testid': 'leaves' }) },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Anchors, newest first' });
    expect(table.classList.contains('data-table')).toBe(true);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Height', 'Leaves']);
    const cells = within(table).getAllByRole('cell');
    expect(cells.map((td) => [td.getAttribute('data-label'), td.textContent])).toEqual([
      ['Height', '4000002'],
      ['Leaves', '7'],
    ]);
    expect(screen.getByTestId('leaves').textContent).toBe('7');
    expect(table.querySelector('tr[data-height="4000002"]')).not.toBeNull();
  });
});
