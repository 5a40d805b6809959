import type Stripe from 'stripe';
import type { CreateSessionInput } from './create-session-params.js';
import type { StoredSession } from './session-store.js';
import {
  computeTax,
  exemptionOf,
  summaryTaxEntry,
  taxLocation,
  type LineTax,
  type TaxSummary,
} from '../billing/tax/tax-amounts.js';
import type { TaxRateStore } from '../billing/tax/tax-rate-store.js';
import { SHIPPING_TAX_CODE } from '../billing/tax/tax-codes.js';
import { invalidRequest } from '../core/stripe-error.js';
import type { Customer, LineItem } from '../core/types.js';
import { chosenShippingRate, refreshAmountTotal } from './session-shipping.js';

/** What a session's tax is computed from besides its lines. */
export interface SessionTaxInputs {
  /** The session's customer, whose ship-to, address and `tax_exempt` count. */
  customer: Customer | undefined;
  /** The ship-to typed on the hosted page, once there is one. */
  collected: Stripe.Address | null;
}

/**
 * Recomputes the tax of a session with `automatic_tax[enabled]=true` (nothing for another):
 * located by the ship-to typed, else the customer's `shipping.address`, else their `address`.
 * Located, each line gets `amount_tax` and its `taxes` (one entry, at its state's base rate or
 * exempt; none for a line with the nontaxable tax code), and so does the chosen shipping option
 * (`shipping_cost.amount_tax`, `.amount_total`, `.taxes`): taxed like goods unless its rate's
 * `tax_code` is the nontaxable `txcd_00000000` (its preset, `txcd_92010001`, is taxed); the
 * session `total_details.amount_tax` is the sum of both, `amount_total` = `amount_subtotal` −
 * discount + shipping + tax, and `automatic_tax.status: complete`. Not located yet: no tax,
 * `requires_location_inputs`.
 */
export function applySessionTax(
  stored: StoredSession,
  inputs: SessionTaxInputs,
  rates: TaxRateStore,
): void {
  const { session } = stored;
  if (!session.automatic_tax.enabled) return;
  const { customer } = inputs;
  const location = taxLocation([
    { address: inputs.collected, source: 'shipping' },
    { address: customer?.shipping?.address, source: 'shipping' },
    { address: customer?.address, source: 'billing' },
  ]);
  const shippingCost = session.shipping_cost;
  const shippingRate = chosenShippingRate(session, stored.shippingRates);
  const result = location
    ? computeTax(
        // Tax is on what is paid: each line after its share of the discount, then the shipping.
        [
          ...stored.lines.map((line) => line.amount_subtotal - line.amount_discount),
          ...(shippingCost ? [shippingCost.amount_subtotal] : []),
        ],
        location,
        exemptionOf(customer),
        [
          ...stored.lineTaxCodes,
          ...(shippingCost ? [shippingRate?.tax_code ?? SHIPPING_TAX_CODE] : []),
        ],
      )
    : null;
  const taxesOf = (tax: LineTax | undefined) =>
    tax
      ? [
          {
            amount: tax.amount,
            rate: rates.rateOf(tax),
            taxability_reason: tax.reason,
            taxable_amount: tax.taxableAmount,
          },
        ]
      : [];
  stored.lines.forEach((line, index) => {
    const tax = result?.lines[index];
    line.amount_tax = tax?.amount ?? 0;
    line.amount_total = line.amount_subtotal - line.amount_discount + line.amount_tax;
    line.taxes = taxesOf(tax);
  });
  if (shippingCost) {
    const tax = result?.lines[stored.lines.length];
    shippingCost.amount_tax = tax?.amount ?? 0;
    shippingCost.amount_total = shippingCost.amount_subtotal + shippingCost.amount_tax;
    shippingCost.taxes = taxesOf(tax);
  }
  if (session.total_details) session.total_details.amount_tax = result?.amount ?? 0;
  refreshAmountTotal(session);
  session.automatic_tax.status = result ? 'complete' : 'requires_location_inputs';
}

/** The session's tax as the hosted page shows it; null without `automatic_tax`. */
export function sessionTaxSummary(stored: StoredSession): TaxSummary | null {
  const { session } = stored;
  if (!session.automatic_tax.enabled) return null;
  const first = summaryTaxEntry([
    ...stored.lines.flatMap((line) => line.taxes ?? []),
    ...(session.shipping_cost?.taxes ?? []),
  ]);
  const rate = first?.rate;
  return {
    status: session.automatic_tax.status === 'complete' ? 'complete' : 'requires_location_inputs',
    amount: session.total_details?.amount_tax ?? 0,
    state: rate?.state ?? null,
    percentage: rate?.percentage ?? 0,
    reason: (first?.taxability_reason as LineTax['reason'] | null | undefined) ?? null,
  };
}

/**
 * Line items as the API answers them: `taxes` is includable (`expand[]=data.taxes` on the list,
 * `line_items.data.taxes` on the session), absent unless asked for.
 */
export function renderLineItems(lines: ReadonlyArray<LineItem>, withTaxes: boolean): LineItem[] {
  return lines.map((line) => {
    const { taxes, ...rest } = line;
    return withTaxes ? { ...rest, taxes: taxes ?? [] } : rest;
  });
}

/**
 * Refuses a session with `automatic_tax[enabled]=true` that could never be located: Stripe's
 * `customer_tax_location_invalid` for a customer without an address whose session saves none
 * (`customer_update[address|shipping]=auto`), and, as the sandbox's hosted page asks for no
 * billing address, any session that neither collects a ship-to nor has a customer with one.
 */
export function assertTaxLocatable(
  input: CreateSessionInput,
  customer: Customer | undefined,
): void {
  if (!input.automaticTax) return;
  const located =
    taxLocation([
      { address: customer?.shipping?.address, source: 'shipping' },
      { address: customer?.address, source: 'billing' },
    ]) !== null;
  if (customer && !located && !input.customerUpdate.address && !input.customerUpdate.shipping) {
    throw invalidRequest(
      "Automatic tax calculation in Checkout requires a valid address on the Customer. Add a valid address to the Customer or set either `customer_update[address]` to 'auto' or `customer_update[shipping]` to 'auto' to save the address entered in Checkout to the Customer.",
      undefined,
      'customer_tax_location_invalid',
    );
  }
  if (!located && !input.allowedCountries) {
    throw invalidRequest(
      'The sandbox locates a sale for tax by its ship-to: with `automatic_tax[enabled]=true`, pass `shipping_address_collection` or a `customer` with an address (the hosted page asks for no billing address).',
      'automatic_tax[enabled]',
    );
  }
}
