import type { Cents } from './money';

/**
 * The terms on offer, the states of an order's invoice on terms and the company's credit account
 * as stored (docs/payment-terms.md), kept apart from the rest of payment-terms.ts (its words, the
 * credit check, aging): the one order schema names the states, and My Account reads the account
 * to know whether to show the Invoices tab, so every page that reads an order or that loads this
 * small module, and no more.
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

export function isNetDays(value: unknown): value is NetDays {
  return NET_TERMS.includes(value as NetDays);
}

/** company_credit/{companyId} as stored (absent: no terms, nothing owed). */
export interface CompanyCredit {
  /** null: no terms (card only). */
  net_days: NetDays | null;
  /** Cents. */
  credit_limit: Cents;
  /** Cents: the orders on terms whose invoice is not paid, voided or written off. */
  open_balance: Cents;
  /** Orders whose invoice is past due and unpaid: the company is on credit hold while any. */
  overdue_orders: string[];
}

export const NO_CREDIT: CompanyCredit = {
  net_days: null,
  credit_limit: 0,
  open_balance: 0,
  overdue_orders: [],
};

const wholeCents = (value: unknown) =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;

/**
 * The credit account as stored; a missing document, or one that does not read (terms that are not
 * on offer, a negative or fractional amount), is no terms at all, never more credit than given.
 */
export function readCompanyCredit(data: unknown): CompanyCredit {
  if (typeof data !== 'object' || data === null) return NO_CREDIT;
  const doc = data as Record<string, unknown>;
  const netDays = doc.net_days ?? null;
  const limit = wholeCents(doc.credit_limit ?? 0);
  const balance = wholeCents(doc.open_balance ?? 0);
  const overdue = doc.overdue_orders ?? [];
  if (
    (netDays !== null && !isNetDays(netDays)) ||
    limit === null ||
    balance === null ||
    !Array.isArray(overdue) ||
    !overdue.every((id) => typeof id === 'string')
  ) {
    return NO_CREDIT;
  }
  return {
    net_days: netDays,
    credit_limit: limit,
    open_balance: balance,
    overdue_orders: overdue as string[],
  };
}

/** Cents the company may still order on terms (never below 0). */
export function availableCredit(credit: Pick<CompanyCredit, 'credit_limit' | 'open_balance'>) {
  return Math.max(0, credit.credit_limit - credit.open_balance);
}

export function isOnCreditHold(credit: Pick<CompanyCredit, 'overdue_orders'>): boolean {
  return credit.overdue_orders.length > 0;
}
