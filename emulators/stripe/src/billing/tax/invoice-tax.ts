import type Stripe from 'stripe';
import {
  computeTax,
  summaryTaxEntry,
  taxLocation,
  type TaxExempt,
  type TaxSummary,
} from './tax-amounts.js';
import type { TaxRateStore } from './tax-rate-store.js';
import type { Invoice, InvoiceLine } from '../../core/types.js';

/** `automatic_tax` of an invoice (or a subscription's) with the stand-in for Stripe Tax on. */
export function enabledInvoiceAutomaticTax(): Stripe.Invoice.AutomaticTax {
  return {
    disabled_reason: null,
    enabled: true,
    liability: { type: 'self' },
    provider: 'stripe',
    status: null,
  };
}

/** What an invoice's tax is located by: a ship-to, then a billing address, the first usable. */
export interface InvoiceTaxInputs {
  shipping: Partial<Stripe.Address> | null | undefined;
  billing: Partial<Stripe.Address> | null | undefined;
  exempt: TaxExempt;
  /**
   * The tax code a line is taxed by (its invoice item's `tax_code`, else its product's), null for
   * the preset; a line with the nontaxable `txcd_00000000` is left out of the tax.
   */
  taxCodeOf?: (line: InvoiceLine) => string | null;
}

/**
 * Taxes an invoice with `automatic_tax.enabled` (nothing for another) from its lines as they are:
 * each line's `taxes` (one entry, `tax_behavior: exclusive`, `type: tax_rate_details`, the
 * `tax_rate` applied), the invoice's `total_taxes` (one entry per rate and reason), `total`,
 * `amount_due` and `amount_remaining` with the tax, `customer_tax_exempt` and
 * `automatic_tax.status: complete`. Returns false (no tax, status `requires_location_inputs`)
 * when the addresses cannot locate the sale.
 */
export function applyInvoiceTax(
  invoice: Invoice,
  inputs: InvoiceTaxInputs,
  rates: TaxRateStore,
): boolean {
  if (!invoice.automatic_tax.enabled) return true;
  const location = taxLocation([
    { address: inputs.shipping, source: 'shipping' },
    { address: inputs.billing, source: 'billing' },
  ]);
  const lines = invoice.lines.data;
  const result = location
    ? computeTax(
        lines.map((line) => line.amount),
        location,
        inputs.exempt,
        lines.map((line) => inputs.taxCodeOf?.(line) ?? null),
      )
    : null;
  const totals = new Map<string, Stripe.Invoice.TotalTax>();
  lines.forEach((line, index) => {
    const tax = result?.lines[index];
    if (!tax) {
      line.taxes = [];
      return;
    }
    const rate = rates.rateOf(tax);
    const entry: Stripe.InvoiceLineItem.Tax = {
      amount: tax.amount,
      tax_behavior: 'exclusive',
      tax_rate_details: { tax_rate: rate.id },
      taxability_reason: tax.reason,
      taxable_amount: tax.taxableAmount,
      type: 'tax_rate_details',
    };
    line.taxes = [entry];
    const key = `${rate.id}:${tax.reason}`;
    const total = totals.get(key);
    if (total) {
      total.amount += entry.amount;
      total.taxable_amount = (total.taxable_amount ?? 0) + (entry.taxable_amount ?? 0);
    } else {
      totals.set(key, { ...entry, tax_rate_details: { tax_rate: rate.id } });
    }
  });
  const amountTax = result?.amount ?? 0;
  invoice.total_taxes = [...totals.values()];
  invoice.total_excluding_tax = invoice.subtotal;
  invoice.total = invoice.subtotal + amountTax;
  invoice.amount_due = invoice.total;
  invoice.amount_remaining = invoice.total;
  invoice.customer_tax_exempt = inputs.exempt;
  invoice.automatic_tax.status = result ? 'complete' : 'requires_location_inputs';
  return result !== null;
}

/** The invoice's tax as its hosted page and PDF show it; null without `automatic_tax`. */
export function invoiceTaxSummary(invoice: Invoice, rates: TaxRateStore): TaxSummary | null {
  if (!invoice.automatic_tax.enabled) return null;
  const first = summaryTaxEntry(invoice.total_taxes ?? []);
  const rate = first?.tax_rate_details ? rates.get(first.tax_rate_details.tax_rate) : undefined;
  return {
    status: invoice.automatic_tax.status === 'complete' ? 'complete' : 'requires_location_inputs',
    amount: invoice.total - (invoice.total_excluding_tax ?? invoice.total),
    state: rate?.state ?? null,
    percentage: rate?.percentage ?? 0,
    reason: (first?.taxability_reason as TaxSummary['reason'] | undefined) ?? null,
  };
}
