import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Link } from 'react-router';
import { routePath, STOCK_ALERT_MESSAGES } from '@portal/domain';
import { useStockAlerts, useToggleStockAlert, type StockAlert } from '@/entities/stock-alerts';
import { callableErrorMessage } from '@/lib/callable-errors';
import { useNotify } from '@/lib/notify';

/**
 * My Account's stock alerts (docs/catalog.md#back-in-stock-alerts): each product the member
 * asked to hear about, with Unsubscribe. One read of their own alerts; a lazy chunk of the
 * Profile tab.
 */
export default function StockAlertsCard({ uid }: { uid: string }) {
  const alerts = useStockAlerts(uid);
  const list = alerts.data ?? [];
  return (
    <section className="account-card profile-card" aria-labelledby="stock-alerts-title">
      <h2 className="profile-card__title" id="stock-alerts-title">
        {STOCK_ALERT_MESSAGES.listTitle}
      </h2>
      {alerts.isPending && <p className="profile-field__hint">Loading stock alerts…</p>}
      {alerts.isError && (
        <Alert
          type="error"
          title="Could not load your stock alerts."
          action={<Button onClick={() => void alerts.refetch()}>Try Again</Button>}
        />
      )}
      {alerts.isSuccess && list.length === 0 && (
        <p className="profile-field__hint">{STOCK_ALERT_MESSAGES.listEmpty}</p>
      )}
      {list.length > 0 && (
        <>
          <p className="profile-field__hint">{STOCK_ALERT_MESSAGES.listIntro}</p>
          <ul className="stock-alerts" aria-label={STOCK_ALERT_MESSAGES.listTitle}>
            {list.map((alert) => (
              <StockAlertItem key={alert.id} uid={uid} alert={alert} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function StockAlertItem({ uid, alert }: { uid: string; alert: StockAlert }) {
  const notify = useNotify();
  const toggle = useToggleStockAlert(uid);
  function unsubscribe() {
    toggle.mutate(
      { productId: alert.product_id, subscribe: false },
      {
        onSuccess: () => notify.success('Stock alert removed', alert.product_name),
        onError: (error) =>
          notify.error('Error', callableErrorMessage(error, STOCK_ALERT_MESSAGES.failed)),
      },
    );
  }
  return (
    <li className="stock-alerts__item">
      <div className="stock-alerts__product">
        <Link to={routePath('product', { productId: alert.product_id })}>{alert.product_name}</Link>
        {alert.sku && <span className="stock-alerts__sku">SKU {alert.sku}</span>}
      </div>
      <Button
        onClick={unsubscribe}
        loading={toggle.isPending}
        aria-label={`${STOCK_ALERT_MESSAGES.unsubscribe}: ${alert.product_name}`}
      >
        {STOCK_ALERT_MESSAGES.unsubscribe}
      </Button>
    </li>
  );
}
