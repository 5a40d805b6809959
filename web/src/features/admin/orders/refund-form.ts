import {
  dollarsToCents,
  LINE_REFUND_MESSAGES,
  lineProgress,
  planLineRefund,
  refundedByLine,
  refundNoteSchema,
  type Cents,
  type LineRefundOrder,
  type LineRefundPlan,
  type LineRefundRequest,
} from '@portal/domain';

const DOLLARS = /^\d+(\.\d{1,2})?$/;

/** Said of a shipping or goodwill amount that is not dollars and cents. */
export const AMOUNT_MESSAGE = 'Enter the shipping and goodwill amounts in dollars, like 12.50.';

/** Said of a units box that is not a whole number of 0 or more. */
export const UNITS_MESSAGE = 'Enter whole units, 0 or more.';

/** A note's line breaks (Enter in the text box) become spaces: the notes are one line of text. */
export function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}

/** Why a note cannot be sent (as the refundOrder function checks it), or null. */
export function noteProblem(kind: 'internal' | 'customer', text: string): string | null {
  const parsed = refundNoteSchema(kind).safeParse(oneLine(text));
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Invalid note');
}

/** What the refund dialog holds of one line: units to refund, and units to restock. */
export interface DraftLine {
  /** null while the box is empty. */
  units: number | null;
  /**
   * Undefined until the manager types in the box: the default (the unshipped units refunded)
   * applies. null while the box is emptied: 0 units.
   */
  restock?: number | null;
}

/** The refund dialog as typed: its lines by product id, and two amounts in dollars. */
export interface RefundDraft {
  lines: Readonly<Record<string, DraftLine>>;
  shipping: string;
  goodwill: string;
}

/** One line as the dialog shows it: where it stands, and how many units can still be refunded. */
export interface RefundLineState {
  product_id: string;
  name: string;
  quantity: number;
  unit_amount: Cents;
  shipped: number;
  /** Still to ship: refunding these first means they will not ship. */
  remaining: number;
  refunded: number;
  /** Units not refunded yet (shipped or not). */
  refundable: number;
}

/** Every line of the order with what can still be refunded of it. */
export function refundLines(order: LineRefundOrder): RefundLineState[] {
  const progress = new Map(lineProgress(order).map((line) => [line.product_id, line]));
  const before = refundedByLine(order);
  return order.items.map((item) => {
    const state = progress.get(item.product_id);
    const refunded = before.get(item.product_id)?.units ?? 0;
    return {
      product_id: item.product_id,
      name: item.name,
      quantity: item.quantity,
      unit_amount: item.unit_amount,
      shipped: state?.shipped ?? 0,
      remaining: state?.remaining ?? 0,
      refunded,
      refundable: Math.max(0, item.quantity - refunded),
    };
  });
}

/**
 * The units restocked by default: those of the refund that had not shipped (the server counts
 * unshipped units first), which are still on the shelf. Shipped units come back only if the
 * manager says so (goods returned).
 */
export function defaultRestock(line: Pick<RefundLineState, 'remaining'>, units: number): number {
  return Math.min(Math.max(0, units), line.remaining);
}

/** The restock box of a draft line: as typed (null: emptied), or the default while untouched. */
export function restockOf(line: RefundLineState, draft: DraftLine | undefined): number | null {
  if (draft?.restock !== undefined) return draft.restock;
  return defaultRestock(line, draft?.units ?? 0);
}

const isUnits = (value: number | null): value is number =>
  value !== null && Number.isInteger(value) && value >= 0;

/**
 * The refund the draft asks for, priced by the domain's planLineRefund against the order as
 * loaded (the refundOrder function prices it again from the stored order), or why it cannot be
 * sent: a box that is not whole units, an amount that is not dollars, or the domain's problem
 * (more units than can be refunded, restock above the units, more than is left on the order).
 */
export function draftRefund(
  order: LineRefundOrder,
  draft: RefundDraft,
):
  | {
      plan: LineRefundPlan;
      lines: LineRefundRequest[];
      shipping: Cents;
      goodwill: Cents;
    }
  | { problem: string } {
  const lines: LineRefundRequest[] = [];
  for (const line of refundLines(order)) {
    const typed = draft.lines[line.product_id];
    // An emptied box is 0 units.
    const units = typed?.units ?? 0;
    const restock = restockOf(line, typed) ?? 0;
    if (!isUnits(units) || !isUnits(restock)) return { problem: UNITS_MESSAGE };
    // planLineRefund reads only lines with units: a restock without them is refused here.
    if (restock > units) return { problem: LINE_REFUND_MESSAGES.restock(line.name) };
    if (units > 0) lines.push({ product_id: line.product_id, quantity: units, restock });
  }
  const amounts = [draft.shipping.trim() || '0', draft.goodwill.trim() || '0'];
  if (!amounts.every((amount) => DOLLARS.test(amount))) return { problem: AMOUNT_MESSAGE };
  const [shipping, goodwill] = amounts.map((amount) => dollarsToCents(amount)) as [Cents, Cents];
  const priced = planLineRefund(order, { lines, shipping, goodwill });
  if ('problem' in priced) return priced;
  return { plan: priced.plan, lines, shipping, goodwill };
}

/** The refundOrder request of a priced draft and the two notes (its request id is added apart). */
export function refundRequestOf(
  orderId: string,
  refund: { lines: readonly LineRefundRequest[]; shipping: Cents; goodwill: Cents },
  notes: { internal: string; customer: string },
) {
  return {
    orderId,
    lines: refund.lines.map((line) => ({
      productId: line.product_id,
      quantity: line.quantity,
      restock: line.restock,
    })),
    shipping: refund.shipping,
    goodwill: refund.goodwill,
    internalNote: oneLine(notes.internal),
    customerNote: oneLine(notes.customer),
  };
}

export type RefundRequest = ReturnType<typeof refundRequestOf>;

/** One refund the manager asked for: the request as submitted and the id that names it. */
export interface RefundAttempt {
  request: RefundRequest;
  requestId: string;
}

/**
 * The attempt a submit belongs to. Submitting the same refund again (its answer was lost, the
 * call failed, the button was pressed twice) is a retry: it keeps the request id, so the server
 * refunds once and answers the first result. Other lines, amounts or notes are another refund,
 * with a new id.
 */
export function refundAttemptFor(
  previous: RefundAttempt | null,
  request: RefundRequest,
  newId: () => string,
): RefundAttempt {
  const same = previous !== null && JSON.stringify(previous.request) === JSON.stringify(request);
  return same ? previous : { request, requestId: newId() };
}
