import { formatUsd, taxSummaryRows, type Order } from '@portal/domain';

/**
 * Under an opened order's items: its subtotal and its sales tax for the state, or the resale
 * certificate that exempted it (docs/tax.md). Part of the opened order (order-details.tsx, a lazy
 * part of the order card): the tax's words load when a buyer opens an order, not with My Account.
 */
export default function OrderTaxRows({ order }: { order: Pick<Order, 'amount' | 'tax'> }) {
  return (
    <>
      {taxSummaryRows(order.amount, order.tax, formatUsd).map(([label, value]) => (
        <li key={label} className="order-line order-line--summary">
          <span className="order-line__name">{label}</span>
          <span className="order-line__total">{value}</span>
        </li>
      ))}
    </>
  );
}
