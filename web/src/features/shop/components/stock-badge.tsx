import {
  availableStock,
  minimumOrderQuantity,
  restockText,
  STOCK_STATE_LABELS,
  stockState,
  type QuantityRule,
  type StockLevels,
} from '@portal/domain';

/**
 * In stock / Low stock: N left / Out of stock / Backorder · Expected Dec 10, 2026. Out of stock
 * means fewer units left than the smallest quantity that can be ordered; a product that takes
 * backorders reads as Backorder then, with the day stock is expected. A product whose stock is
 * not tracked is in stock.
 */
export function StockBadge({
  product,
  id,
}: {
  product: StockLevels & QuantityRule & { restock_date?: string | null };
  id?: string;
}) {
  const state = stockState(product, minimumOrderQuantity(product));
  const available = availableStock(product);
  const label =
    state === 'low' && available !== null
      ? `${STOCK_STATE_LABELS.low}: ${available} left`
      : STOCK_STATE_LABELS[state];
  return (
    <span id={id} className={`stock-badge stock-badge--${state}`}>
      <span className="stock-badge__dot" aria-hidden="true" />
      {label}
      {state === 'backorder' && ` · ${restockText(product.restock_date)}`}
    </span>
  );
}
