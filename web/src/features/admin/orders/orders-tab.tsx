import { useAbandonedCheckouts } from '@/entities/orders';
import { AbandonedCheckoutsTable } from './abandoned-checkouts-table';
import { RecentOrdersTable } from './recent-orders-table';

/**
 * The Orders tab: the order book, then checkouts that were started and not paid, shown once the
 * order book's first page has come, so the rows do not push them down (Lighthouse counted that
 * shift: CLS 0.072).
 */
export default function OrdersTab() {
  // Their first page is read now, beside the order book's, though shown after it.
  useAbandonedCheckouts();
  return (
    <div className="admin-stack">
      <RecentOrdersTable after={<AbandonedCheckoutsTable />} />
    </div>
  );
}
