import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DataTable, nextSort, sortRows, useSortedRows, type Column, type SortState } from './DataTable';

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

  describe('sorting', () => {
    type Item = { id: number; name: string; size: number | null; on: boolean };
    const ITEMS: Item[] = [
      { id: 1, name: 'gateway 10', size: 5, on: true },
      { id: 2, name: 'Gateway 9', size: null, on: false },
      { id: 3, name: 'alpha', size: 20, on: true },
    ];
    const SORTABLE: Column<Item>[] = [
      { key: 'name', header: 'Name', sortable: (r) => r.name, cell: (r) => r.name },
      { key: 'size', header: 'Size', align: 'end', sortable: (r) => r.size, cell: (r) => r.size ?? '' },
      { key: 'on', header: 'On', sortable: (r) => r.on, cell: (r) => (r.on ? 'yes' : 'no') },
      { key: 'note', header: 'Note', cell: () => 'n' },
    ];
    const names = () => bodyRows().map((r) => r.querySelector('td')!.textContent);

    function Sorted({ initial }: { initial?: SortState }) {
      const sorted = useSortedRows(ITEMS, SORTABLE, initial ?? null);
      return <DataTable columns={SORTABLE} rows={sorted.rows} rowKey={(r) => r.id} sort={sorted.sort} onSort={sorted.onSort} />;
    }

    it('a sortable header is a button; a click sorts ascending, the next descending, and aria-sort says which', async () => {
      const user = userEvent.setup();
      render(<Sorted />);
      const headers = within(screen.getByRole('table')).getAllByRole('columnheader');
      expect(headers.map((h) => h.getAttribute('aria-sort'))).toEqual([null, null, null, null]);
      // the plain column has no button
      expect(within(headers[3]!).queryByRole('button')).toBeNull();
      expect(names()).toEqual(['gateway 10', 'Gateway 9', 'alpha']);
      await user.click(screen.getByRole('button', { name: /Name/ }));
      // any case, numbers in text by value (9 before 10)
      expect(names()).toEqual(['alpha', 'Gateway 9', 'gateway 10']);
      expect(headers[0]!.getAttribute('aria-sort')).toBe('ascending');
      await user.click(screen.getByRole('button', { name: /Name/ }));
      expect(names()).toEqual(['gateway 10', 'Gateway 9', 'alpha']);
      expect(headers[0]!.getAttribute('aria-sort')).toBe('descending');
      // another column starts ascending; the previous one loses its aria-sort; empty values stay last
      await user.click(screen.getByRole('button', { name: /Size/ }));
      expect(names()).toEqual(['gateway 10', 'alpha', 'Gateway 9']);
      expect(headers.map((h) => h.getAttribute('aria-sort'))).toEqual([null, 'ascending', null, null]);
      await user.click(screen.getByRole('button', { name: /Size/ }));
      expect(names()).toEqual(['alpha', 'gateway 10', 'Gateway 9']);
    });

    it('sorts from the keyboard: Tab to the header, Enter and Space', async () => {
      const user = userEvent.setup();
      render(<Sorted />);
      await user.tab();
      expect(document.activeElement).toBe(screen.getByRole('button', { name: /Name/ }));
      await user.keyboard('{Enter}');
      expect(names()).toEqual(['alpha', 'Gateway 9', 'gateway 10']);
      await user.tab();
      await user.tab();
      expect(document.activeElement).toBe(screen.getByRole('button', { name: /On/ }));
      await user.keyboard(' ');
      // false before true; equal values keep the list's own order
      expect(names()).toEqual(['Gateway 9', 'gateway 10', 'alpha']);
    });

    it('server-side: reports the next sort and shows the rows as given', async () => {
      const user = userEvent.setup();
      const seen: SortState[] = [];
      const columns: Column<Item>[] = [{ key: 'name', header: 'Name', sortable: true, cell: (r) => r.name }];
      render(<DataTable columns={columns} rows={ITEMS} rowKey={(r) => r.id} sort={{ key: 'name', dir: 'asc' }} onSort={(s) => seen.push(s)} />);
      await user.click(screen.getByRole('button', { name: /Name/ }));
      expect(seen).toEqual([{ key: 'name', dir: 'desc' }]);
      expect(names()).toEqual(['gateway 10', 'Gateway 9', 'alpha']);
    });

    it('without onSort no header sorts', () => {
      render(<DataTable columns={SORTABLE} rows={ITEMS} rowKey={(r) => r.id} />);
      expect(screen.queryAllByRole('button')).toEqual([]);
    });

    it('nextSort and sortRows', () => {
      expect(nextSort(null, 'a')).toEqual({ key: 'a', dir: 'asc' });
      expect(nextSort({ key: 'a', dir: 'asc' }, 'a')).toEqual({ key: 'a', dir: 'desc' });
      expect(nextSort({ key: 'a', dir: 'desc' }, 'a')).toEqual({ key: 'a', dir: 'asc' });
      expect(nextSort({ key: 'a', dir: 'desc' }, 'b')).toEqual({ key: 'b', dir: 'asc' });
      // an unknown or non-client column leaves the order alone
      expect(sortRows(ITEMS, SORTABLE, { key: 'note', dir: 'asc' })).toBe(ITEMS);
      expect(sortRows(ITEMS, SORTABLE, { key: 'size', dir: 'desc' }).map((r) => r.id)).toEqual([3, 1, 2]);
    });
  });
});
