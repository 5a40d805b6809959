import type { Invoice } from '../core/types.js';
import type { BillingContext } from './subscription-billing.js';

/**
 * Applies the customer's balance to an invoice being finalized, as Stripe does: its
 * `starting_balance` is the balance now; a credit (negative balance) takes what it can off
 * `amount_due` (never below 0), a debt (positive balance) is added to it, and `ending_balance` is
 * what is left. What was applied is recorded as an `applied_to_invoice` balance transaction
 * naming the invoice. Call after the invoice's total (with tax) is known, before it is collected.
 */
export function applyCustomerBalance(ctx: BillingContext, invoice: Invoice, at: number): void {
  const customer = ctx.customers.get(invoice.customer);
  const starting = customer?.balance ?? 0;
  invoice.starting_balance = starting;
  invoice.ending_balance = starting;
  if (!customer || starting === 0) {
    invoice.ending_balance = 0;
    return;
  }
  // A credit covers at most what is due; a debt is owed in full on this invoice.
  const applied = starting < 0 ? Math.min(-starting, invoice.amount_due) : -starting;
  if (applied === 0) return;
  invoice.amount_due -= applied;
  invoice.amount_remaining = invoice.amount_due;
  ctx.customerBalance.record(customer, {
    amount: applied,
    type: 'applied_to_invoice',
    created: at,
    invoice: invoice.id,
  });
  invoice.ending_balance = customer.balance;
}

/** What the invoice took from (or added to) the customer's balance when it was finalized. */
export function appliedBalance(invoice: Invoice): number {
  return (invoice.ending_balance ?? invoice.starting_balance) - invoice.starting_balance;
}

/**
 * A voided invoice gives back the balance it applied, as Stripe does since 2019-12-03: an
 * `unapplied_from_invoice` transaction of the opposite amount.
 */
export function returnAppliedBalance(ctx: BillingContext, invoice: Invoice, at: number): void {
  const applied = appliedBalance(invoice);
  const customer = ctx.customers.get(invoice.customer);
  if (applied === 0 || !customer) return;
  ctx.customerBalance.record(customer, {
    amount: -applied,
    type: 'unapplied_from_invoice',
    created: at,
    invoice: invoice.id,
  });
}
