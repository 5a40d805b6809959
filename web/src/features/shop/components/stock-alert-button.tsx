import { STOCK_ALERT_MESSAGES } from '@portal/domain';
import { useBuyer } from '@/entities/profile';
import { useStockAlerts, useToggleStockAlert } from '@/entities/stock-alerts';
import { callableErrorMessage } from '@/lib/callable-errors';
import { useNotify } from '@/lib/notify';

/**
 * "Tell me when it's back" on an out-of-stock product (a store card, the product page): one
 * click subscribes the member to its back-in-stock mail (docs/catalog.md#back-in-stock-alerts);
 * then it reads "We'll email you when it's back" with an Undo. Whether the member is subscribed
 * comes from one read of their own alerts, shared by every card. Loaded only when a product on
 * the page is out of stock (stock-alert-slot.tsx), so the store's first load does not carry it.
 */
export default function StockAlertButton({
  productId,
  productName,
  large = false,
}: {
  productId: string;
  productName: string;
  /** The product page's size (the card's is the card buttons'). */
  large?: boolean;
}) {
  const { uid } = useBuyer();
  const notify = useNotify();
  const alerts = useStockAlerts(uid);
  const toggle = useToggleStockAlert(uid);
  const busy = toggle.isPending && toggle.variables?.productId === productId;
  const subscribed =
    busy && toggle.variables
      ? toggle.variables.subscribe
      : (alerts.data?.some((alert) => alert.product_id === productId) ?? false);

  function change(subscribe: boolean) {
    toggle.mutate(
      { productId, subscribe },
      {
        onSuccess: () =>
          notify.success(
            subscribe ? 'Stock alert set' : 'Stock alert removed',
            subscribe ? STOCK_ALERT_MESSAGES.subscribedToast : undefined,
          ),
        onError: (error) =>
          notify.error('Error', callableErrorMessage(error, STOCK_ALERT_MESSAGES.failed)),
      },
    );
  }

  const size = large ? ' stock-alert--large' : '';
  if (subscribed) {
    return (
      <p className={`stock-alert stock-alert--on${size}`} role="status">
        <span>{STOCK_ALERT_MESSAGES.subscribed}</span>
        <button
          type="button"
          className="stock-alert__undo"
          onClick={busy ? undefined : () => change(false)}
          aria-busy={busy || undefined}
          aria-label={`${STOCK_ALERT_MESSAGES.undo}: no stock alert for ${productName}`}
        >
          {STOCK_ALERT_MESSAGES.undo}
        </button>
      </p>
    );
  }
  return (
    <button
      type="button"
      className={`card-button stock-alert__subscribe${size}`}
      onClick={busy || alerts.isPending ? undefined : () => change(true)}
      aria-busy={busy || alerts.isPending || undefined}
      aria-label={`${STOCK_ALERT_MESSAGES.subscribe}: ${productName}`}
    >
      {STOCK_ALERT_MESSAGES.subscribe}
    </button>
  );
}
