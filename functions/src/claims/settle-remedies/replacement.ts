import type { Firestore, Timestamp } from 'firebase-admin/firestore';
import {
  CLAIM_MESSAGES,
  hasOpenBackorder,
  paths,
  stockShortMessage,
  type OrderLine,
} from '@portal/domain';
import { applyOrderRollup } from '../../insights/sales-rollups';
import { PreconditionError } from '../../lib/errors';
import { orderDocSchemas, type OrderDoc } from '../../orders/order-record';
import {
  commitStock,
  readStock,
  unheldBackorders,
  withBackorders,
  type StockHold,
  type StockRead,
} from '../../orders/stock';
import type { Remedy, SettleCase } from './remedy';

/**
 * A replacement order at no charge (docs/order-lifecycle.md#settling-a-claim): a new order
 * `<claimId>-replacement` of the claim's lines at $0 (source 'replacement', replacement_for the
 * claim), for the same company, location, member and ship-to, made processing (ready to ship
 * through shipOrder like any order) in the transaction that settles the claim. It takes its
 * units from stock as a paid order does; a product that takes backorders backorders what stock
 * does not cover, any other short product refuses the settlement ("X is out of stock.").
 */

export const replacementOrderId = (claimId: string) => `${claimId}-replacement`;

/** The replacement's lines: the claim's units of the order's lines, at no charge. */
function linesOf(c: SettleCase): OrderLine[] {
  const items = new Map(c.order.items.map((item) => [item.product_id, item]));
  return c.claim.lines.flatMap((line) => {
    const item = items.get(line.product_id);
    if (!item) return [];
    const { price_list: _list, tier_unit_amount: _tier, ...sold } = item;
    return [{ ...sold, quantity: line.quantity, unit_amount: 0, line_total: 0, backordered: 0 }];
  });
}

/** Why stock refuses the lines (the first short product), or null. */
function stockProblem(read: StockRead, lines: readonly OrderLine[]): string | null {
  const owed = unheldBackorders(read, lines);
  for (const line of lines) {
    const snap = read.get(line.product_id);
    if (!snap?.exists) return `${stockShortMessage(line.name, 0)}.`;
    const count = read.count(line.product_id);
    if (count === null || owed[line.product_id]) continue;
    if (snap.get('backorders_allowed') === true) continue;
    if (count.available < line.quantity) {
      return `${stockShortMessage(line.name, count.available)}.`;
    }
  }
  return null;
}

/** The lines' products and their stock, read before the transaction (for the check). */
const readProducts = (db: Firestore, lines: readonly OrderLine[]): Promise<StockRead> =>
  readStock(
    db,
    db,
    lines.map((line) => line.product_id),
  );

/** The cents the replaced goods sold for (the claim's lines at their price). */
const valueOf = (c: SettleCase) =>
  c.claim.lines.reduce((sum, line) => sum + line.unit_amount * line.quantity, 0);

export const replacementRemedy: Remedy<null> = {
  remedy: 'replacement',
  async check(c) {
    const lines = linesOf(c);
    if (lines.length === 0)
      throw new PreconditionError(CLAIM_MESSAGES.remedyNotAllowed('replacement'));
    const problem = stockProblem(await readProducts(c.ctx.db, lines), lines);
    if (problem) throw new PreconditionError(problem);
  },
  async apply() {
    return null;
  },
  async read(tx, db, c) {
    const orderId = replacementOrderId(c.claim.id);
    const ref = db.doc(paths.order(orderId));
    const lines = linesOf(c);
    const [existing] = await tx.getAll(ref);
    const outcome = { amount: 0, replacement_order_id: orderId };
    if (existing?.exists) return { outcome, write: () => undefined };
    const stock = await readStock(
      tx,
      db,
      lines.map((line) => line.product_id),
    );
    // Checked again in the transaction: units sold a moment ago refuse it now, writing nothing.
    const problem = stockProblem(stock, lines);
    if (problem) throw new PreconditionError(problem);
    const items = withBackorders(lines, unheldBackorders(stock, lines));
    const write = (now: Timestamp) => {
      const taken: StockHold = commitStock(tx, stock, {}, false, orderId, items);
      const { order } = c;
      const doc: OrderDoc = {
        user_id: order.user_id,
        company_id: order.company_id,
        location_id: order.location_id,
        location_name: order.location_name,
        placed_by_name: order.placed_by_name,
        store_name: order.store_name,
        seller_permit_id: order.seller_permit_id,
        items,
        amount: 0,
        tax: { amount: 0, state: order.tax?.state ?? '', exemption: null },
        currency: 'usd',
        payment_type: 'one_time',
        payment_method: 'card',
        po_number: order.po_number,
        terms: null,
        receivable: false,
        status: 'processing',
        stripe_session_id: null,
        stripe_payment_intent_id: null,
        created_at: now,
        updated_at: now,
        paid_at: now,
        status_history: [{ status: 'processing', at: now, by: c.managerUid }],
        ship_to: order.ship_to,
        invoice_number: null,
        shipment: null,
        shipments: [],
        backorder_open: hasOpenBackorder({ status: 'processing', items }),
        refunds: [],
        refunded_amount: 0,
        dispute: null,
        source: 'replacement',
        cart_fingerprint: '',
        replacement_for: { claim_id: c.claim.id, order_id: order.id, value: valueOf(c) },
        store_credit_applied: 0,
        claim_credits: [],
        stock_taken: taken,
      };
      tx.create(ref, doc);
      applyOrderRollup(tx, db, null, orderDocSchemas.order.parse(doc));
    };
    return { outcome, write };
  },
};
