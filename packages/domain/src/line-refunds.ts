/**
 * Refunds by line (docs/order-lifecycle.md#refunds-by-line): a manager picks lines and units,
 * and optionally refunds shipping and a free amount for goodwill; the server prices it. The
 * amount of a line's units is their price as sold; their share of the order's sales tax is
 * refunded with them, so that refunding every unit refunds the tax to the cent. Units not yet
 * shipped are refunded first: they will not ship now. Restock is chosen per line.
 */
import { formatUsd, isCents, type Cents } from './money';
import { refundProblem, type RefundableOrder } from './refunds';
import { lineProgress, type ShippableOrder } from './shipments';

/** One line of a refund request: units of a product on the order, and how many go back on hand. */
export interface LineRefundRequest {
  product_id: string;
  quantity: number;
  restock: number;
  /**
   * The units were shipped (a claim of damaged or missing goods settled by a refund): none of
   * them is taken off what is still to ship. Absent: units not yet shipped are refunded first.
   */
  shipped?: boolean;
}

/** A refund by lines as priced by the server (stored on the refund entry). */
export interface LineRefundPlan {
  lines: {
    product_id: string;
    quantity: number;
    unshipped: number;
    restocked: number;
    amount: Cents;
  }[];
  tax: Cents;
  shipping: Cents;
  goodwill: Cents;
  /** Cents: what Stripe refunds. */
  amount: Cents;
}

/** What pricing a refund reads of the order. */
export type LineRefundOrder = Omit<ShippableOrder, 'items' | 'refunds'> &
  Omit<RefundableOrder, 'refunds'> & {
    items: ReadonlyArray<{
      product_id: string;
      name: string;
      quantity: number;
      unit_amount: Cents;
      line_total: Cents;
      backordered?: number;
    }>;
    tax?: { amount: Cents } | null;
    refunds?: ReadonlyArray<{
      amount: Cents;
      tax?: Cents;
      lines?: ReadonlyArray<{
        product_id: string;
        quantity: number;
        unshipped?: number;
        amount?: Cents;
      }>;
    }>;
  };

export const LINE_REFUND_MESSAGES = {
  empty: 'Choose the units to refund, or enter a shipping or goodwill amount.',
  twice: (name: string) => `${name} is in the refund twice. List each line once.`,
  notOnOrder: 'That product is not on this order. Reload and try again.',
  tooMany: (name: string, left: number) =>
    left === 0
      ? `Every unit of ${name} has been refunded already.`
      : `Only ${left} ${left === 1 ? 'unit' : 'units'} of ${name} can still be refunded (shipped or not yet shipped).`,
  restock: (name: string) => `Restock at most the units of ${name} being refunded.`,
  amount: 'Enter amounts in whole cents, $0.00 or more.',
} as const;

/** Units and cents refunded so far, per product. */
export function refundedByLine(
  order: Pick<LineRefundOrder, 'refunds'>,
): Map<string, { units: number; amount: Cents }> {
  const totals = new Map<string, { units: number; amount: Cents }>();
  for (const refund of order.refunds ?? []) {
    for (const line of refund.lines ?? []) {
      const was = totals.get(line.product_id) ?? { units: 0, amount: 0 };
      totals.set(line.product_id, {
        units: was.units + line.quantity,
        amount: was.amount + (line.amount ?? 0),
      });
    }
  }
  return totals;
}

/** The goods (sum of line totals) of the order, before tax. */
function goodsOf(order: Pick<LineRefundOrder, 'items'>): Cents {
  return order.items.reduce((sum, item) => sum + item.line_total, 0);
}

/**
 * Prices a refund by lines, or says why it cannot be made: each line's units at most those not
 * refunded yet (shipped plus still to ship), restock at most the units refunded, and the whole at
 * most what is left to refund on the order.
 */
export function planLineRefund(
  order: LineRefundOrder,
  request: { lines: readonly LineRefundRequest[]; shipping: Cents; goodwill: Cents },
  /**
   * Units of each product a claim settled otherwise than by a refund (store credit, a credit
   * note, a replacement): paid for once already, so not refundable again. The server reads them
   * from the order's claims.
   */
  settledByClaims: ReadonlyMap<string, number> = new Map(),
): { plan: LineRefundPlan } | { problem: string } {
  if (!isCents(request.shipping) || !isCents(request.goodwill)) {
    return { problem: LINE_REFUND_MESSAGES.amount };
  }
  const asked = request.lines.filter((line) => line.quantity > 0);
  if (asked.length === 0 && request.shipping === 0 && request.goodwill === 0) {
    return { problem: LINE_REFUND_MESSAGES.empty };
  }
  const progress = new Map(lineProgress(order).map((line) => [line.product_id, line]));
  const items = new Map(order.items.map((item) => [item.product_id, item]));
  const before = refundedByLine(order);
  const seen = new Set<string>();
  const lines: LineRefundPlan['lines'] = [];
  let goods = 0;
  for (const line of asked) {
    const item = items.get(line.product_id);
    const state = progress.get(line.product_id);
    if (!item || !state) return { problem: LINE_REFUND_MESSAGES.notOnOrder };
    if (seen.has(line.product_id)) return { problem: LINE_REFUND_MESSAGES.twice(item.name) };
    seen.add(line.product_id);
    const done = before.get(line.product_id) ?? { units: 0, amount: 0 };
    const left = Math.max(
      0,
      item.quantity - done.units - (settledByClaims.get(line.product_id) ?? 0),
    );
    if (!Number.isInteger(line.quantity) || line.quantity > left) {
      return { problem: LINE_REFUND_MESSAGES.tooMany(item.name, left) };
    }
    if (!Number.isInteger(line.restock) || line.restock < 0 || line.restock > line.quantity) {
      return { problem: LINE_REFUND_MESSAGES.restock(item.name) };
    }
    // The line's own total caps what its units refund (a line priced before exact totals).
    const amount = Math.min(item.unit_amount * line.quantity, item.line_total - done.amount);
    goods += Math.max(0, amount);
    lines.push({
      product_id: line.product_id,
      quantity: line.quantity,
      unshipped: line.shipped === true ? 0 : Math.min(line.quantity, state.remaining),
      restocked: line.restock,
      amount: Math.max(0, amount),
    });
  }
  const tax = taxShare(order, goods);
  const amount = goods + tax + request.shipping + request.goodwill;
  const problem = refundProblem(order, amount);
  if (problem) return { problem };
  return {
    plan: { lines, tax, shipping: request.shipping, goodwill: request.goodwill, amount },
  };
}

/**
 * The sales tax refunded with `goods` more cents of goods: the order's tax in proportion to the
 * goods refunded, counted over every line refund so far, so the shares add up to the tax exactly
 * once every unit is refunded.
 */
function taxShare(order: LineRefundOrder, goods: Cents): Cents {
  const tax = order.tax?.amount ?? 0;
  const subtotal = goodsOf(order);
  if (tax === 0 || subtotal === 0 || goods === 0) return 0;
  const refunds = order.refunds ?? [];
  const goodsBefore = refunds
    .flatMap((r) => r.lines ?? [])
    .reduce((sum, line) => sum + (line.amount ?? 0), 0);
  const taxBefore = refunds.reduce((sum, r) => sum + (r.tax ?? 0), 0);
  const due = Math.round((tax * Math.min(subtotal, goodsBefore + goods)) / subtotal);
  return Math.max(0, Math.min(due - taxBefore, tax - taxBefore));
}

/** "Refund $12.00 to the buyer" — the dialog's summary, and the refund's total check. */
export function lineRefundSummary(plan: Pick<LineRefundPlan, 'amount'>): string {
  return `Refund ${formatUsd(plan.amount)} to the buyer`;
}

/** The units of each product a refund puts back on hand. */
export function restockedUnits(plan: Pick<LineRefundPlan, 'lines'>): Record<string, number> {
  const units: Record<string, number> = {};
  for (const line of plan.lines) {
    if (line.restocked > 0) units[line.product_id] = (units[line.product_id] ?? 0) + line.restocked;
  }
  return units;
}
