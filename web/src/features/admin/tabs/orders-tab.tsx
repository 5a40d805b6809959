import { AbandonedCheckoutsTable } from '../components/abandoned-checkouts-table';
import { RecentOrdersTable } from '../components/recent-orders-table';

/** The Orders tab: the order book, then checkouts that were started and not paid. */
export default function OrdersTab() {
  return (
    <div className="admin-stack">
      <RecentOrdersTable />
      <AbandonedCheckoutsTable />
    </div>
  );
}
