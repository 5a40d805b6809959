import { Button } from '@/components/button';
import { ReloadOutlined } from '@/components/icons';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useStandingOrders } from '@/entities/standing-orders';
import { useNotify } from '@/lib/notify';
import { ACCOUNT_TOASTS } from './account-toasts';
import { StandingOrderCard } from './standing-order-card';
import { TextSkeleton } from '@/components/skeleton';

/** The empty state: a heading and how to start one. */
export const NO_STANDING_ORDERS = [
  'No standing orders yet.',
  'Choose a delivery interval in your cart to set one up.',
] as const;

/**
 * My Account, Standing orders: the buyer's recurring orders, newest first and the cancelled ones
 * last. Read when the tab is opened, and again after each change the buyer makes. A lazy chunk of
 * My Account that brings antd's theme with it (account-page, withAntdTheme).
 */
export function StandingOrdersTab({
  companyId,
  scope,
}: {
  companyId: string;
  /** A buyer's share of the company's standing orders (useBuyer's orderScope). */
  scope?: { uid: string; locationIds: readonly string[] } | undefined;
}) {
  const notify = useNotify();
  const standingOrders = useStandingOrders(companyId, scope);
  const failed = standingOrders.isError;
  useEffect(() => {
    if (failed) notify.error(...ACCOUNT_TOASTS.load);
  }, [failed, notify]);

  // The empty state only for a list that has been read, never while a read is on its way.
  const reading =
    standingOrders.isPending ||
    (!standingOrders.isError &&
      standingOrders.isFetching &&
      (standingOrders.data?.length ?? 0) === 0);
  if (reading) {
    return (
      <div
        role="status"
        aria-busy="true"
        aria-label="Loading standing orders"
        className="account-list"
      >
        {[0, 1].map((index) => (
          <div key={index} className="account-card">
            <TextSkeleton rows={2} />
          </div>
        ))}
      </div>
    );
  }
  if (standingOrders.isError) {
    return (
      <div className="account-state" role="alert">
        <h2>{ACCOUNT_TOASTS.load[1]}</h2>
        <Button icon={<ReloadOutlined />} onClick={() => void standingOrders.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  if (standingOrders.data.length === 0) {
    return (
      <div className="account-state">
        <h2>{NO_STANDING_ORDERS[0]}</h2>
        <p>{NO_STANDING_ORDERS[1]}</p>
        <Link to={paths.cart} className="account-link-button">
          Go to Cart
        </Link>
      </div>
    );
  }
  return (
    <ul className="account-list" aria-label="Standing orders">
      {standingOrders.data.map((order) => (
        <StandingOrderCard key={order.id} order={order} />
      ))}
    </ul>
  );
}
