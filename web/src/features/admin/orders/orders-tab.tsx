import { lazy, Suspense, useEffect } from 'react';
import { useAbandonedCheckouts, useBackorderedOrders } from '@/entities/orders';
import { AbandonedCheckoutsTable } from './abandoned-checkouts-table';
import { RecentOrdersTable } from './recent-orders-table';

// The backorder queue is a chunk of its own, fetched beside the order book's first page: the
// tab's first paint does not carry it.
const loadBackorders = () => import('./backorders-section');
const BackordersSection = lazy(loadBackorders);
// Draft orders and quotes too (their entity, the quotes list): fetched beside the order book.
const loadQuotes = () => import('../quotes/quotes-section');
const QuotesSection = lazy(loadQuotes);

/**
 * The Orders tab: the order book, then the draft orders and quotes, the backorders waiting for
 * stock and the checkouts that were started and not paid, shown once the order book's first
 * page has come, so the rows do not push them down (Lighthouse counted that shift: CLS 0.072).
 */
export default function OrdersTab() {
  // Their first page is read now, beside the order book's, though shown after it.
  useAbandonedCheckouts();
  useBackorderedOrders();
  useEffect(() => {
    void loadBackorders();
    void loadQuotes();
  }, []);
  return (
    <div className="admin-stack">
      <RecentOrdersTable
        after={
          <>
            <Suspense fallback={null}>
              <QuotesSection />
            </Suspense>
            <Suspense fallback={null}>
              <BackordersSection />
            </Suspense>
            <AbandonedCheckoutsTable />
          </>
        }
      />
    </div>
  );
}
