import { PrinterOutlined } from '@/components/icons';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Link } from 'react-router';
import { documentQuantity, documentShipToLines, shortOrderId } from '@portal/domain';
import { seller } from '@/config/seller';
import { useOrder } from '@/entities/orders';
import { usePageTitle } from '@/lib/use-page-title';
import './print-doc.css';
import { TextSkeleton } from '@/components/skeleton';

/**
 * What goes in the box: the store and its ship-to, the lines with SKU and quantity (in cases:
 * "3 cases × 20 = 60"; lines sold by the unit show the quantity), no prices.
 */
export function PackingSlipPage({
  orderId,
  backTo,
}: {
  orderId: string;
  backTo: { href: string; label: string };
}) {
  usePageTitle('Packing slip');
  const order = useOrder(orderId);
  const back = (
    <Link to={backTo.href} className="print-page__back">
      {backTo.label}
    </Link>
  );
  if (order.isPending) {
    return (
      <main className="print-page" aria-busy="true" aria-label="Loading packing slip">
        <TextSkeleton rows={8} />
      </main>
    );
  }
  if (order.isError || !order.data) {
    return (
      <main className="print-page">
        {order.isError ? (
          <Alert
            type="error"
            role="alert"
            title="The order could not be loaded. Try again in a moment."
          />
        ) : (
          <h1>Order not found.</h1>
        )}
        {back}
      </main>
    );
  }
  const o = order.data;
  const units = o.items.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <main className="print-page">
      <div className="print-page__toolbar">
        {back}
        <div className="print-page__buttons">
          <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
            Print
          </Button>
        </div>
      </div>
      <article className="print-doc" aria-labelledby="slip-title">
        <header className="print-doc__head">
          <div>
            <h1 id="slip-title" className="print-doc__title">
              Packing slip
            </h1>
            <p className="print-doc__block">
              <strong>{seller.name}</strong>
              {seller.addressLines.map((line) => (
                <span key={line}>{line}</span>
              ))}
            </p>
          </div>
          <dl className="print-doc__facts">
            <div>
              <dt>Order</dt>
              <dd>{shortOrderId(o.id)}</dd>
            </div>
            <div>
              <dt>Store</dt>
              <dd>{o.store_name}</dd>
            </div>
            {o.invoice_number && (
              <div>
                <dt>Invoice</dt>
                <dd>{o.invoice_number}</dd>
              </div>
            )}
          </dl>
        </header>
        <section aria-labelledby="slip-ship-to" className="print-doc__ship">
          <h2 id="slip-ship-to">Ship to</h2>
          <address className="print-doc__block print-doc__block--large">
            {(o.ship_to
              ? documentShipToLines(o.store_name, o.ship_to)
              : ['No ship-to address on this order.']
            ).map((line, index) => (
              <span key={index}>{line}</span>
            ))}
          </address>
        </section>
        <table className="print-doc__table">
          <caption className="sr-only">Items to pack</caption>
          <thead>
            <tr>
              <th scope="col">SKU</th>
              <th scope="col">Product</th>
              <th scope="col" className="num">
                Qty
              </th>
              <th scope="col" className="num">
                Packed
              </th>
            </tr>
          </thead>
          <tbody>
            {o.items.map((line) => (
              <tr key={line.product_id}>
                <td className="print-doc__sku">{line.sku || '—'}</td>
                <td>{line.name}</td>
                <td className="num print-doc__qty">{documentQuantity(line)}</td>
                <td className="num" aria-label="Packed check box">
                  ☐
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="strong">
              <th scope="row" colSpan={2}>
                Units
              </th>
              <td className="num">{units}</td>
              <td />
            </tr>
          </tfoot>
        </table>
      </article>
    </main>
  );
}
