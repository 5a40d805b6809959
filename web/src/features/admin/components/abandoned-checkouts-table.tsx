import { CHECKOUT_STATE_LABELS, formatUsd, type CheckoutAttempt } from '@portal/domain';
import { Button, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useAbandonedCheckouts } from '@/entities/orders';
import { ScrollBox } from './scroll-box';
import { useFetchErrorToast } from './use-fetch-error-toast';
import './admin-tables.css';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const columns: TableColumnsType<CheckoutAttempt> = [
  { title: 'Started', dataIndex: 'created_at', render: (date: Date) => dateFormat.format(date) },
  { title: 'Store', dataIndex: 'store_name' },
  {
    title: 'Amount',
    dataIndex: 'amount',
    align: 'right',
    render: (cents: number) => formatUsd(cents),
  },
  {
    title: 'State',
    dataIndex: 'state',
    render: (state: CheckoutAttempt['state']) => <Tag>{CHECKOUT_STATE_LABELS[state]}</Tag>,
  },
];

/**
 * Checkouts that never became orders (the buyer went back, the session expired, a newer cart
 * replaced it), newest first, 20 a page: for following up. They are in no order list or total.
 */
export function AbandonedCheckoutsTable() {
  const checkouts = useAbandonedCheckouts();
  const [pageIndex, setPageIndex] = useState(0);
  useFetchErrorToast(checkouts.isError);
  const pages = checkouts.data?.pages ?? [];
  const page = Math.min(pageIndex, Math.max(pages.length - 1, 0));
  const rows = pages[page]?.checkouts ?? [];
  const canGoNext = page + 1 < pages.length || checkouts.hasNextPage;

  const next = async () => {
    if (page + 1 >= pages.length) {
      const result = await checkouts.fetchNextPage();
      if (result.isError) return;
    }
    setPageIndex(page + 1);
  };

  return (
    <section aria-labelledby="abandoned-checkouts-title">
      <div className="admin-section-header">
        <h2 id="abandoned-checkouts-title" className="admin-section-title">
          Abandoned checkouts
        </h2>
      </div>
      <p className="admin-secondary admin-paragraph">
        Checkouts a buyer started but did not pay. They are not orders and count in no total.
      </p>
      <ScrollBox label="Abandoned checkouts table">
        <Table<CheckoutAttempt>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={rows}
          loading={checkouts.isPending || checkouts.isFetchingNextPage}
          pagination={false}
          aria-label="Abandoned checkouts"
          locale={{
            emptyText: checkouts.isPending
              ? ' '
              : checkouts.isError
                ? 'Could not load checkouts'
                : 'No abandoned checkouts.',
          }}
        />
      </ScrollBox>
      {(page > 0 || canGoNext) && (
        <nav className="admin-pager" aria-label="Abandoned checkouts pages">
          <Button onClick={() => setPageIndex(page - 1)} disabled={page === 0}>
            Previous
          </Button>
          <span>Page {page + 1}</span>
          <Button onClick={next} disabled={!canGoNext} loading={checkouts.isFetchingNextPage}>
            Next
          </Button>
        </nav>
      )}
    </section>
  );
}
