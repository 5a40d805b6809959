import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, nextSortOrder, type DataColumn, type SortOrder } from './data-table';
import { pageCount, pageList, pageOf, TablePager } from './table-pager';
import { SEARCH_DEBOUNCE_MS, TableToolbar } from './table-toolbar';

/** The table kit's table, pager and toolbar (drawn without antd). */

interface Row {
  id: string;
  store: string;
  amount: number;
}

const ROWS: Row[] = [
  { id: 'a', store: 'Cloud Nine', amount: 120 },
  { id: 'b', store: 'Blue Coast', amount: 45 },
];

function SortableTable({ onSort }: { onSort: (key: string, order: SortOrder) => void }) {
  const [order, setOrder] = useState<SortOrder>(null);
  const columns: DataColumn<Row>[] = [
    { key: 'store', title: 'Store', render: (row) => row.store },
    {
      key: 'amount',
      title: 'Amount',
      align: 'right',
      sort: { order, first: 'descend' },
      render: (row) => `$${row.amount}`,
    },
  ];
  return (
    <DataTable<Row>
      label="Orders"
      columns={columns}
      rows={ROWS}
      rowKey={(row) => row.id}
      onSort={(key, next) => {
        setOrder(next);
        onSort(key, next);
      }}
      expandable={{
        columnTitle: <span className="visually-hidden">Details</span>,
        label: (row) => `Details of ${row.store}`,
        render: (row) => <p>More about {row.store}</p>,
      }}
    />
  );
}

describe('DataTable', () => {
  it('cycles a sortable column as antd does: its first order, the other, then none', () => {
    expect(nextSortOrder({ order: null, first: 'descend' })).toBe('descend');
    expect(nextSortOrder({ order: 'descend', first: 'descend' })).toBe('ascend');
    expect(nextSortOrder({ order: 'ascend', first: 'descend' })).toBeNull();
    expect(nextSortOrder({ order: null, first: 'ascend' })).toBe('ascend');
    expect(nextSortOrder({ order: 'ascend', first: 'ascend' })).toBe('descend');
  });

  it('sorts from a button in the header and says the order with aria-sort', async () => {
    const user = userEvent.setup();
    const onSort = vi.fn();
    render(<SortableTable onSort={onSort} />);
    const table = screen.getByRole('table', { name: 'Orders' });
    const amount = within(table).getByRole('columnheader', { name: /Amount/ });
    expect(amount).not.toHaveAttribute('aria-sort');
    expect(within(table).getByRole('columnheader', { name: 'Store' })).not.toContainElement(
      within(table).queryByRole('button', { name: 'Store' }),
    );
    await user.click(within(amount).getByRole('button'));
    expect(onSort).toHaveBeenLastCalledWith('amount', 'descend');
    expect(amount).toHaveAttribute('aria-sort', 'descending');
    // The keyboard sorts too.
    within(amount).getByRole('button').focus();
    await user.keyboard('{Enter}');
    expect(amount).toHaveAttribute('aria-sort', 'ascending');
    await user.keyboard(' ');
    expect(onSort).toHaveBeenLastCalledWith('amount', null);
    expect(amount).not.toHaveAttribute('aria-sort');
  });

  it('opens a row below itself with a named button', async () => {
    const user = userEvent.setup();
    render(<SortableTable onSort={() => undefined} />);
    const open = screen.getByRole('button', { name: 'Details of Blue Coast' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('More about Blue Coast')).not.toBeInTheDocument();
    await user.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    const below = screen.getByText('More about Blue Coast').closest('tr');
    expect(below?.previousElementSibling).toHaveTextContent('Blue Coast');
    await user.click(open);
    expect(screen.queryByText('More about Blue Coast')).not.toBeInTheDocument();
  });

  it('shows the empty state, but not while loading, and a spinner while it loads', () => {
    const columns: DataColumn<Row>[] = [{ key: 'store', title: 'Store', render: (r) => r.store }];
    const props = { label: 'Orders', columns, rows: [], rowKey: (r: Row) => r.id, empty: 'None' };
    const { rerender, container } = render(<DataTable<Row> {...props} loading />);
    expect(screen.queryByText('None')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(container.querySelector('.data-table')).toHaveAttribute('aria-busy', 'true');
    rerender(<DataTable<Row> {...props} />);
    expect(screen.getByText('None')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('TablePager', () => {
  it('lists every page when there are few, else the first, the last and two around the current', () => {
    expect(pageList(1, 1)).toEqual([1]);
    expect(pageList(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageList(1, 20)).toEqual([1, 2, 3, 4, 5, 6, null, 20]);
    expect(pageList(10, 20)).toEqual([1, null, 8, 9, 10, 11, 12, null, 20]);
    expect(pageList(20, 20)).toEqual([1, null, 15, 16, 17, 18, 19, 20]);
    expect(pageList(5, 8)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(pageList(6, 12)).toEqual([1, null, 4, 5, 6, 7, 8, null, 12]);
    expect(pageList(5, 12)).toEqual([1, 2, 3, 4, 5, 6, 7, null, 12]);
  });

  it('cuts a list held in memory into pages, keeping the page within the pages there are', () => {
    const rows = Array.from({ length: 45 }, (_, i) => i + 1);
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(45, 20)).toBe(3);
    expect(pageOf(rows, 1, 20)).toEqual({ page: 1, rows: rows.slice(0, 20) });
    expect(pageOf(rows, 3, 20)).toEqual({ page: 3, rows: [41, 42, 43, 44, 45] });
    // The list shrank under a later page, or a page below 1 was asked for.
    expect(pageOf(rows, 9, 20).page).toBe(3);
    expect(pageOf(rows, 0, 20)).toEqual({ page: 1, rows: rows.slice(0, 20) });
    expect(pageOf([], 2, 20)).toEqual({ page: 1, rows: [] });
  });

  it('says which rows are shown, goes to a page, and starts again from page 1 for a new size', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <TablePager
        label="Orders"
        page={2}
        pageSize={20}
        total={45}
        pageSizes={[10, 20, 50]}
        onChange={onChange}
      />,
    );
    const pager = screen.getByRole('navigation', { name: 'Orders pages' });
    expect(pager).toHaveTextContent('21–40 of 45');
    expect(within(pager).getByRole('button', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await user.click(within(pager).getByRole('button', { name: 'Page 3' }));
    expect(onChange).toHaveBeenLastCalledWith(3, 20);
    await user.click(within(pager).getByRole('button', { name: 'Previous page' }));
    expect(onChange).toHaveBeenLastCalledWith(1, 20);
    await user.selectOptions(within(pager).getByRole('combobox', { name: 'Rows per page' }), '50');
    expect(onChange).toHaveBeenLastCalledWith(1, 50);
  });

  it('disables the ends and, compact on phones, says "Page n of m"', () => {
    render(
      <TablePager
        label="Orders"
        page={3}
        pageSize={20}
        total={45}
        pageSizes={[20]}
        compact
        onChange={() => undefined}
      />,
    );
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Page 1' })).not.toBeInTheDocument();
  });
});

describe('TablePager with one page size', () => {
  it('offers no rows-per-page choice', () => {
    render(
      <TablePager
        label="Orders of Cloud Nine"
        page={1}
        pageSize={10}
        total={23}
        pageSizes={[10]}
        onChange={() => undefined}
      />,
    );
    expect(screen.getByText('1–10 of 23')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Rows per page' })).not.toBeInTheDocument();
  });
});

describe('TableToolbar filters', () => {
  it('opens the picker from a click on the box, but not again from a click on an option', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <TableToolbar
        search={{ value: '', placeholder: 'Search', onSearch: () => undefined }}
        selects={[
          {
            label: 'Status',
            value: null,
            options: [{ value: 'shipped', label: 'Shipped' }],
            onChange,
          },
        ]}
        range={{ value: null, label: 'Dates', onChange: () => undefined }}
        onExport={() => undefined}
        exporting={false}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement;
    const showPicker = vi.fn();
    select.showPicker = showPicker;
    await user.click(screen.getByText('Status:'));
    expect(showPicker).toHaveBeenCalledTimes(1);
    expect(select).toHaveFocus();
    // Firefox clicks the option picked: that click must not open the list again.
    await user.click(within(select).getByRole('option', { name: 'Shipped' }));
    expect(showPicker).toHaveBeenCalledTimes(1);
    await user.selectOptions(select, 'Shipped');
    expect(onChange).toHaveBeenLastCalledWith('shipped');
  });
});

describe('TableToolbar search', () => {
  /** The toolbar with its search in the parent's state, as a table keeps it in the URL. */
  function SearchedTable({ onSearch }: { onSearch: (text: string) => void }) {
    const [value, setValue] = useState('');
    return (
      <TableToolbar
        search={{
          value,
          placeholder: 'Search orders',
          onSearch: (text) => {
            onSearch(text);
            setValue(text);
          },
        }}
        selects={[]}
        range={{ value: null, label: 'Dates', onChange: () => undefined }}
        onExport={() => undefined}
        exporting={false}
      />
    );
  }

  it('keeps what is typed after a pause searched: a space, the next word', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    render(<SearchedTable onSearch={onSearch} />);
    const box = screen.getByRole('searchbox', { name: 'Search orders' });
    await user.type(box, 'blue ');
    await waitFor(() => expect(onSearch).toHaveBeenLastCalledWith('blue'), {
      timeout: SEARCH_DEBOUNCE_MS * 10,
    });
    // The search ("blue", trimmed) is the table's now; the box still holds the space typed.
    expect(box).toHaveValue('blue ');
    await user.type(box, 'coast');
    expect(box).toHaveValue('blue coast');
    await waitFor(() => expect(onSearch).toHaveBeenLastCalledWith('blue coast'), {
      timeout: SEARCH_DEBOUNCE_MS * 10,
    });
    expect(box).toHaveValue('blue coast');
  });

  it('shows the search when it changes from elsewhere (Clear filters, Back)', () => {
    const toolbar = (value: string) => (
      <TableToolbar
        search={{ value, placeholder: 'Search orders', onSearch: () => undefined }}
        selects={[]}
        range={{ value: null, label: 'Dates', onChange: () => undefined }}
        onExport={() => undefined}
        exporting={false}
      />
    );
    const { rerender } = render(toolbar('cloud'));
    expect(screen.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('cloud');
    rerender(toolbar(''));
    expect(screen.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('');
  });
});
