import { formatUsd, orderSummaryOf, orderSummaryRows, type Order } from '@portal/domain';

/**
 * Under an opened order's items: its subtotal, a quote's shipping, its sales tax for the state or
 * the resale certificate that exempted it (docs/tax.md), and the store credit it spent, so the
 * rows add up to the total charged. Part of the opened order (order-details.tsx, a lazy part of
 * the order card): the tax's words load when a buyer opens an order, not with My Account.
 */
export default function OrderSummaryRows({
  order,
}: {
  order: Pick<Order, 'items' | 'tax' | 'shipping_charge' | 'store_credit_applied'>;
}) {
  return (
    <>
      {orderSummaryRows(orderSummaryOf(order), formatUsd).map(([label, value]) => (
        <li key={label} className="order-line order-line--summary">
          <span className="order-line__name">{label}</span>
          <span className="order-line__total">{value}</span>
        </li>
      ))}
    </>
  );
}
