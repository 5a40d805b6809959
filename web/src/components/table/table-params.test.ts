import { ORDER_STATUSES, type OrderSortField, type OrderStatus } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import {
  defaultTableState,
  readTableParams,
  writeTableParams,
  type TableSpec,
} from './table-params';

/** A table as the Orders tab describes its own (its statuses, sorts and default sort). */
const ORDERS_TABLE: TableSpec<OrderStatus, OrderSortField> = {
  statuses: ORDER_STATUSES,
  sorts: { date: 'created_at', amount: 'amount', store: 'store_name' },
  defaultSort: 'created_at',
};

const read = (query: string) => readTableParams(ORDERS_TABLE, new URLSearchParams(query));

describe('readTableParams', () => {
  it('reads every parameter', () => {
    expect(
      read(
        'q=%20cloud%20nine%20&status=shipped&role=wholesaler&from=2026-11-01&to=2026-11-26&sort=amount&dir=asc&page=3&size=50',
      ),
    ).toEqual({
      state: {
        q: 'cloud nine',
        status: 'shipped',
        role: 'wholesaler',
        range: { from: '2026-11-01', to: '2026-11-26' },
        sort: 'amount',
        direction: 'asc',
        page: 3,
        pageSize: 50,
      },
      ignored: [],
    });
  });

  it('gives the defaults for an empty URL', () => {
    expect(read('')).toEqual({ state: defaultTableState(ORDERS_TABLE), ignored: [] });
  });

  it('falls back to the defaults for garbage and says what it ignored', () => {
    const { state, ignored } = read(
      'status=lost&role=manager&sort=__proto__&dir=up&page=abc&size=7&from=2026-11-26&to=2026-11-01',
    );
    expect(state).toEqual(defaultTableState(ORDERS_TABLE));
    expect(ignored).toEqual([
      'Unknown status "lost".',
      'Unknown role "manager".',
      'Dates: The end date is before the start date.',
      'Unknown sort "__proto__".',
      'Unknown sort direction "up".',
      'Page "abc" is not a page number.',
      'Page size "7" is not one of 10, 20, 50, 100.',
    ]);
  });

  it.each([
    ['from=2020-01-01&to=2026-01-01', 'Dates: A range can be at most 5 years.'],
    ['from=2026-02-30&to=2026-03-01', 'Dates: Enter dates as YYYY-MM-DD.'],
    ['from=2026-02-01', 'Dates: Enter dates as YYYY-MM-DD.'],
    ['page=0', 'Page "0" is not a page number.'],
    ['page=10001', 'Page "10001" is not a page number.'],
    ['page=1.5', 'Page "1.5" is not a page number.'],
    ['size=20.0', 'Page size "20.0" is not one of 10, 20, 50, 100.'],
  ])('ignores %s', (query, problem) => {
    const { state, ignored } = read(query);
    expect(state).toEqual(defaultTableState(ORDERS_TABLE));
    expect(ignored).toEqual([problem]);
  });

  it('cuts a search longer than the server takes', () => {
    const { state, ignored } = read(`q=${'a'.repeat(100)}`);
    expect(state.q).toHaveLength(80);
    expect(ignored).toEqual(['The search is cut to 80 characters.']);
  });
});

describe('writeTableParams', () => {
  it('writes only what differs from the defaults and keeps the other parameters', () => {
    const next = writeTableParams(
      ORDERS_TABLE,
      {
        ...defaultTableState(ORDERS_TABLE),
        q: 'inv-000123',
        status: 'delivered',
        range: { from: '2026-11-01', to: '2026-11-26' },
        sort: 'store_name',
        direction: 'asc',
        page: 2,
      },
      new URLSearchParams('tab=orders&page=9&status=junk'),
    );
    expect(next.toString()).toBe(
      'tab=orders&q=inv-000123&status=delivered&from=2026-11-01&to=2026-11-26&sort=store&dir=asc&page=2',
    );
    expect(
      writeTableParams(
        ORDERS_TABLE,
        defaultTableState(ORDERS_TABLE),
        new URLSearchParams('tab=users&q=x'),
      ).toString(),
    ).toBe('tab=users');
  });
});
