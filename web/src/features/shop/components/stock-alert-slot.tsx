import { lazy, Suspense } from 'react';

const StockAlertButton = lazy(() => import('./stock-alert-button'));

/**
 * Where an out-of-stock product offers its back-in-stock alert: the button's code (and the read
 * of the member's alerts) loads the first time a page shows a product that is out of stock.
 */
export function StockAlertSlot(props: { productId: string; productName: string; large?: boolean }) {
  return (
    <div className="stock-alert-slot">
      <Suspense fallback={null}>
        <StockAlertButton {...props} />
      </Suspense>
    </div>
  );
}
