import { CHECKOUT_STATE_LABELS, formatUsd, type CheckoutAttempt } from '@portal/domain';
import { useState } from 'react';
import { Button } from '@/components/button';
import { Tag } from '@/components/tag';
import { useAbandonedCheckouts } from '@/entities/orders';
import { DataTable, type DataColumn } from '@/components/table/data-table';
import { useFetchErrorToast } from '@/components/table/use-fetch-error-toast';
import '../common/admin-tables.css';
import { dateFormatter } from '@/lib/intl-formats';

const dateFormat = dateFormatter({ dateStyle: 'medium', timeStyle: 'short' });

const columns: readonly DataColumn<CheckoutAttempt>[] = [
  { title: 'Started', key: 'started', render: (row) => dateFormat.format(row.created_at) },
  { title: 'Store', key: 'store', render: (row) => row.store_name },
  { title: 'Amount', key: 'amount', align: 'right', render: (row) => formatUsd(row.amount) },
  {
    title: 'State',
    key: 'state',
    render: (row) => <Tag color="default">{CHECKOUT_STATE_LABELS[row.state]}</Tag>,
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
      <DataTable<CheckoutAttempt>
        label="Abandoned checkouts"
        size="small"
        rowKey={(row) => row.id}
        columns={columns}
        rows={rows}
        loading={checkouts.isPending || checkouts.isFetchingNextPage}
        empty={checkouts.isError ? 'Could not load checkouts' : 'No abandoned checkouts.'}
      />
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
