/** How the cart is paid: by card now, or by invoice on the company's terms. */
export type PaymentMethod = 'card' | 'terms';

/** What the cart's payment choice tells the cart (the choice reads the terms itself). */
export interface PaymentState {
  method: PaymentMethod;
  /** The PO number to send, trimmed ('' for none). */
  poNumber: string;
  /** Why the typed PO number cannot be sent ('' when it can). */
  poProblem: string;
  /** The company's net days (null: no terms, the cart pays by card as ever). */
  netDays: number | null;
}

export const CARD_ONLY: PaymentState = { method: 'card', poNumber: '', poProblem: '', netDays: null };

/** The id of the PO number box (the cart focuses it when a bad number stops the order). */
export const PO_NUMBER_INPUT_ID = 'cart-po-number';
