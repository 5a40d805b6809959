import { lazyDialog } from '@/components/lazy-dialog';
import { withAntdTheme } from '@/components/with-antd-theme';

// The order dialogs (antd's Modal and form fields, with its theme) are fetched when a manager
// first opens one: from an order's actions or from the backorder queue, the same chunk.
export const ShipOrderModal = lazyDialog(
  withAntdTheme(() => import('./ship-order-modal').then((m) => m.ShipOrderModal)),
);
export const RefundOrderModal = lazyDialog(
  withAntdTheme(() => import('./refund-order-modal').then((m) => m.RefundOrderModal)),
);
