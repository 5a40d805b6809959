/** How the cart is paid: by card now, or by invoice on the company's terms. */
export type PaymentMethod = 'card' | 'terms';

/**
 * What the cart's payment choice tells the cart of a company with terms (it reads the terms
 * itself; a company without them gets none, and the cart pays by card as ever).
 */
export interface TermsPayment {
  method: PaymentMethod;
  /** The PO number to send, trimmed ('' for none). */
  poNumber: string;
  /** Why the typed PO number cannot be sent ('' when it can). */
  poProblem: string;
  /** The company's net days. */
  netDays: number;
}

/** One press of "Place order on terms": who orders what, for where, with which PO number. */
export interface TermsAttempt {
  uid: string;
  companyId: string;
  netDays: number;
  /** The cart's lines as `productId:quantity`: what is being ordered. */
  lines: string[];
  locationId: string | null;
  poNumber: string;
}
