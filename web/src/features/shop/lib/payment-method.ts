import { poNumberSchema, termsOrderProblem, type Cents, type CompanyCredit } from '@portal/domain';

/** How the cart is paid: by card now, or by invoice on the company's terms. */
export type PaymentMethod = 'card' | 'terms';

/** The id of the PO number box (the cart focuses it when a bad number stops the order). */
export const PO_NUMBER_INPUT_ID = 'cart-po-number';

/** What the invoice option says while a standing order is chosen: its deliveries go on the card. */
export const STANDING_ORDER_BY_CARD = 'A standing order is paid by card.';

/** Why a PO number cannot be sent ('' when it can), by the domain's rule. */
export function poNumberProblem(value: string): string {
  const parsed = poNumberSchema.safeParse(value);
  return parsed.success ? '' : (parsed.error.issues[0]?.message ?? 'Not a PO number');
}

/**
 * Why the cart cannot go on terms now ('' when it can): no terms, a standing order, a credit
 * hold, or a total over the available credit (the server checks again).
 */
export function invoiceRefusal(credit: CompanyCredit, total: Cents, standingOrder: boolean): string {
  if (credit.net_days && standingOrder) return STANDING_ORDER_BY_CARD;
  return termsOrderProblem(credit, total) ?? '';
}
