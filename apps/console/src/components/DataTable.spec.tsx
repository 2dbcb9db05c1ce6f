import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DataTable, type Column } from './DataTable';

type Row = { id: number; name: string; note: string | null; size: number };
const ROWS: Row[] = [
  { id: 7, name: 'alpha', note: 'a long note that the column cuts with an ellipsis', size: 12 },
  { id: 3, name: 'beta', note: null, size: 4096 },
];
const COLUMNS: Column<Row>[] = [
  { key: 'name', header: 'Name', cell: (r) => r.name, width: '11rem' },
  { key: 'note', header: 'Note', truncate: true, cell: (r) => r.note ?? '–' },
  { key: 'size', header: 'Size', align: 'end', cell: (r) => r.size },
  { key: 'actions', header: 'Actions', hideHeader: true, cell: (r) => <button type="button">Open {r.name}</button> },
];

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('DataTable', () => {
  it('renders a table with column headers scoped to their columns, one row per item, in order', () => {
    render(<DataTable columns={COLUMNS} rows={ROWS} rowKey={(r) => r.id} caption="Files" data-testid="files" />);
    const table = screen.getByRole('table', { name: 'Files' });
    expect(table.getAttribute('data-testid')).toBe('files');
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Name', 'Note', 'Size', 'Actions']);
    expect(headers.every((h) => h.getAttribute('scope') === 'col')).toBe(true);
    // a hidden header is still the column's name for screen readers
    expect(headers[3]!.querySelector('.visually-hidden')?.textContent).toBe('Actions');
    expect(bodyRows().map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent))).toEqual([
      ['alpha', 'a long note that the column cuts with an ellipsis', '12', 'Open alpha'],
      ['beta', '–', '4096', 'Open beta'],
    ]);
    // width goes to the column, end alignment to header and cells
    expect(table.querySelector('col')!.style.width).toBe('11rem');
    expect(headers[2]!.className).toBe('num');
    expect(bodyRows()[0]!.querySelectorAll('td')[2]!.className).toBe('num');
  });

  it('cuts a long cell and keeps its full value as the hover title; other cells have no title', () => {
    render(<DataTable columns={COLUMNS} rows={ROWS} rowKey={(r) => r.id} />);
    const note = bodyRows()[0]!.querySelectorAll('td')[1]!;
    expect(note.classList.contains('cell--truncate')).toBe(true);
    expect(note.getAttribute('title')).toBe('a long note that the column cuts with an ellipsis');
    expect(bodyRows()[0]!.querySelectorAll('td')[0]!.hasAttribute('title')).toBe(false);
  });

  it('takes the hover text from the column when it differs from the cell', () => {
    const columns: Column<Row>[] = [{ key: 'name', header: 'Name', title: (r) => `file ${r.name}`, cell: (r) => <strong>{r.name}</strong> }];
    render(<DataTable columns={columns} rows={ROWS} rowKey={(r) => r.id} />);
    expect(bodyRows().map((r) => r.querySelector('td')!.getAttribute('title'))).toEqual(['file alpha', 'file beta']);
  });

  it('shows the empty text instead of the table when there are no rows', () => {
    render(<DataTable columns={COLUMNS} rows={[]} rowKey={(r) => r.id} empty="No files yet." />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('No files yet.').className).toBe('empty-state__title');
  });

  it('without an empty text shows the headers and no rows', () => {
    render(<DataTable columns={COLUMNS} rows={[]} rowKey={(r) => r.id} />);
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(1);
  });

  it('shows a spinner while the first load runs, and marks the rows busy while a later one runs', () => {
    const { rerender } = render(<DataTable columns={COLUMNS} rows={undefined} rowKey={(r) => r.id} loading empty="No files yet." />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText('No files yet.')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    rerender(<DataTable columns={COLUMNS} rows={ROWS} rowKey={(r) => r.id} loading empty="No files yet." />);
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    expect(bodyRows()).toHaveLength(2);
  });

  it('keys rows by the row key: a row keeps its DOM node (and its state) when the order changes', async () => {
    function Reorder() {
      const [rows, setRows] = useState(ROWS);
      return (
        <>
          <button type="button" onClick={() => setRows([...rows].reverse())}>
            Reverse
          </button>
          <DataTable
            columns={COLUMNS.slice(0, 1)}
            rows={rows}
            rowKey={(r) => r.id}
            rowProps={(r) => ({ 'data-testid': `row-${r.id}`, className: r.size > 1000 ? 'big' : undefined })}
          />
        </>
      );
    }
    const user = userEvent.setup();
    render(<Reorder />);
    const alpha = screen.getByTestId('row-7');
    expect(screen.getByTestId('row-3').className).toBe('big');
    await user.click(screen.getByRole('button', { name: 'Reverse' }));
    expect(bodyRows().map((r) => r.textContent)).toEqual(['beta', 'alpha']);
    // the same node, moved: rows are keyed by id, not by position
    expect(screen.getByTestId('row-7')).toBe(alpha);
  });
});
