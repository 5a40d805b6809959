import {
  claimableUnits,
  claimDeadline,
  claimOrderProblem,
  claimWindowStart,
  type Order,
} from '@portal/domain';
import { useMemo, useRef, useState } from 'react';
import { Button } from '@/components/button';
import { lazyDialog } from '@/components/lazy-dialog';
import { withAntdTheme } from '@/components/with-antd-theme';
import { useOrderClaims } from '@/entities/claims';
import type { ClaimableLine } from '../lib/claim-form';
import { ClaimCard } from './claim-card';
import { CLAIM_TEXTS } from './claims-text';
import './claims.css';

// The report dialog (antd's Modal and its theme, and the Storage SDK once it uploads) is
// fetched when Report a problem is first pressed.
const ReportClaimDialog = lazyDialog(
  withAntdTheme(() => import('./report-claim-dialog').then((m) => m.default)),
);

/**
 * An opened order's claims (docs/order-lifecycle.md#claims): Report a problem while the claim
 * window is open and some units are left to claim (owners and buyers), and the order's claims,
 * newest first, with their timelines (every member; a viewer reads only).
 */
export function OrderClaims({
  order,
  label,
  canOrder,
  orderHref,
  now = new Date(),
}: {
  order: Order;
  /** "#abc12345". */
  label: string;
  canOrder: boolean;
  /** My Account with another order open (a replacement order). */
  orderHref: (orderId: string) => string;
  /** The moment the window is judged at (tests). */
  now?: Date;
}) {
  const shipped = claimWindowStart(order) !== null;
  const claims = useOrderClaims(order.company_id, order.id, shipped);
  const [reporting, setReporting] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const deadline = claimDeadline(order);
  const open = claimOrderProblem(order, now) === null;
  const claimable = useMemo<ClaimableLine[]>(() => {
    if (!claims.data) return [];
    const left = claimableUnits(order, claims.data);
    return order.items
      .map((item) => ({
        productId: item.product_id,
        name: item.name,
        ordered: item.quantity,
        left: left.get(item.product_id) ?? 0,
      }))
      .filter((line) => line.left > 0);
  }, [order, claims.data]);
  if (!shipped) return null;
  const list = claims.data ?? [];
  const canReport = canOrder && open && deadline !== null && claimable.length > 0;
  if (!canReport && list.length === 0) return null;
  const close = () => {
    setReporting(false);
    requestAnimationFrame(() => button.current?.focus());
  };
  return (
    <section className="order-claims" aria-label={CLAIM_TEXTS.claimsOfOrder(label)}>
      {canReport && (
        <div className="order-claims__report">
          <Button ref={button} onClick={() => setReporting(true)} aria-haspopup="dialog">
            {CLAIM_TEXTS.report}
          </Button>
          <span className="order-claims__deadline">{CLAIM_TEXTS.reportBy(deadline)}</span>
        </div>
      )}
      {list.length > 0 && (
        <>
          <h3 className="order-claims__title">Claims</h3>
          <div className="order-claims__list">
            {list.map((claim) => (
              <ClaimCard key={claim.id} claim={claim} canAnswer={canOrder} orderHref={orderHref} />
            ))}
          </div>
        </>
      )}
      {reporting && deadline && (
        <ReportClaimDialog
          order={order}
          orderLabel={label}
          claimable={claimable}
          deadline={deadline}
          onClose={close}
        />
      )}
    </section>
  );
}
