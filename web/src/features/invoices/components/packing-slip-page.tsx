import { PrinterOutlined } from '@/components/icons';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Link, useSearchParams } from 'react-router';
import {
  backorderMark,
  CARRIER_LABELS,
  documentQuantity,
  documentShipToLines,
  lineProgress,
  orderShipments,
  shortOrderId,
  type Order,
} from '@portal/domain';
import { seller } from '@/config/seller';
import { useOrder } from '@/entities/orders';
import { usePageTitle } from '@/lib/use-page-title';
import './print-doc.css';
import { TextSkeleton } from '@/components/skeleton';

/** The URL parameter naming the shipment a slip is for (?shipment=<shipmentId>). */
export const SHIPMENT_PARAM = 'shipment';

/** One line of a slip: the order's line, the units in this box, and its backorder mark. */
interface SlipLine {
  line: Order['items'][number];
  quantity: number;
  mark: string | null;
}

/** What a slip prints: its lines, and the shipment it is for (null: the next box). */
interface Slip {
  lines: SlipLine[];
  shipment: { number: number; count: number; carrier: string; tracking: string } | null;
}

/**
 * The slip of a recorded shipment (its lines and units, its number, carrier and tracking), or
 * without one the next box: every unit still to ship, the units waiting for stock marked
 * backordered. An order with nothing left to ship (one shipped whole before shipments, say)
 * prints every line, as slips always did. Null when the shipment is not on the order.
 */
export function slipOf(order: Order, shipmentId: string | null): Slip | null {
  const items = new Map(order.items.map((line) => [line.product_id, line]));
  if (shipmentId !== null) {
    const shipments = orderShipments(order);
    const shipment = shipments.find((s) => s.id === shipmentId);
    if (!shipment) return null;
    return {
      lines: shipment.lines.flatMap((part) => {
        const line = items.get(part.product_id);
        return line ? [{ line, quantity: part.quantity, mark: null }] : [];
      }),
      shipment: {
        number: shipment.number,
        count: shipments.length,
        carrier:
          CARRIER_LABELS[shipment.carrier as keyof typeof CARRIER_LABELS] ?? shipment.carrier,
        tracking: shipment.tracking_number,
      },
    };
  }
  const left = lineProgress(order).filter((state) => state.remaining > 0);
  if (left.length === 0) {
    return {
      lines: order.items.map((line) => ({ line, quantity: line.quantity, mark: null })),
      shipment: null,
    };
  }
  return {
    lines: left.flatMap((state) => {
      const line = items.get(state.product_id);
      const mark = backorderMark({ quantity: state.remaining, backordered: state.waiting });
      return line ? [{ line, quantity: state.remaining, mark }] : [];
    }),
    shipment: null,
  };
}

/**
 * What goes in the box: the store and its ship-to, the lines with SKU and quantity (in cases:
 * "3 cases × 20 = 60"; lines sold by the unit show the quantity), no prices. With
 * ?shipment=<id>, what that shipment carried, with its number, carrier and tracking; without,
 * what is still to ship (the next box), its backordered units marked.
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
  const [params] = useSearchParams();
  const shipmentId = params.get(SHIPMENT_PARAM);
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
  const slip = slipOf(o, shipmentId);
  if (!slip) {
    return (
      <main className="print-page">
        <h1>This shipment is not on order {shortOrderId(o.id)}.</h1>
        {back}
      </main>
    );
  }
  const units = slip.lines.reduce((sum, { quantity }) => sum + quantity, 0);
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
            {slip.shipment && (
              <p className="print-doc__subtitle">
                Shipment {slip.shipment.number} of order {shortOrderId(o.id)}
              </p>
            )}
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
            {slip.shipment && (
              <>
                <div>
                  <dt>Shipment</dt>
                  <dd>
                    {slip.shipment.number} of {slip.shipment.count}
                  </dd>
                </div>
                <div>
                  <dt>Carrier</dt>
                  <dd>{slip.shipment.carrier}</dd>
                </div>
                <div>
                  <dt>Tracking</dt>
                  <dd className="print-doc__tracking">{slip.shipment.tracking}</dd>
                </div>
              </>
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
            {slip.lines.map(({ line, quantity, mark }) => (
              <tr key={line.product_id}>
                <td className="print-doc__sku">{line.sku || '—'}</td>
                <td>
                  {line.name}
                  {mark && <span className="print-doc__note">{mark}</span>}
                </td>
                <td className="num print-doc__qty">{documentQuantity({ ...line, quantity })}</td>
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
