/**
 * The terms on offer and the states of an order's invoice on terms (docs/payment-terms.md), kept
 * apart from the rest of payment-terms.ts: the one order schema names them, and every page that
 * reads an order loads them.
 */

/** The terms a manager can give; 0 is none (card only), the default. */
export const NET_TERMS = [15, 30, 60] as const;
export type NetDays = (typeof NET_TERMS)[number];
/**
 * The invoice of an order on terms, as the order records it:
 * issuing (the order exists, its Stripe invoice is being made) -> open (sent; the buyer pays on
 * the hosted page; a bank payment settling leaves it open until it settles) -> paid; open -> void
 * (a manager voided it: the order is cancelled, its stock returns) or uncollectible (written off:
 * out of the open balance, the credit hold stays until it is paid).
 */
export const TERMS_INVOICE_STATES = ['issuing', 'open', 'paid', 'void', 'uncollectible'] as const;
export type TermsInvoiceState = (typeof TERMS_INVOICE_STATES)[number];
