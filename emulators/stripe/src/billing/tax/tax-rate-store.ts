import type Stripe from 'stripe';
import { newId } from '../../core/ids.js';
import { resourceMissing } from '../../core/stripe-error.js';
import { stateName } from './state-rates.js';
import type { LineTax } from './tax-amounts.js';

/** A tax rate Stripe Tax made for a jurisdiction (`txr_...`), always exclusive sales tax. */
export type TaxRate = Stripe.TaxRate & { percentage: number };

/**
 * The tax rates the sandbox's stand-in for Stripe Tax applies: one per jurisdiction and
 * percentage, made the first time it is used (as Stripe Tax makes them) and kept under the same
 * id, so every line, session and invoice taxed in California at 7.25% names the same `txr_...`.
 */
export class TaxRateStore {
  private readonly rates = new Map<string, TaxRate>();

  constructor(private readonly now: () => number) {}

  /** The rate a line's tax was computed at. */
  rateOf(tax: Pick<LineTax, 'country' | 'state' | 'percentage'>): TaxRate {
    const key = `${tax.country}:${tax.state ?? ''}:${tax.percentage}`;
    const known = this.rates.get(key);
    if (known) return known;
    const rate: TaxRate = {
      id: newId('txr', 24),
      object: 'tax_rate',
      active: true,
      country: tax.country,
      created: Math.floor(this.now() / 1000),
      description: null,
      display_name: 'Sales Tax',
      effective_percentage: tax.percentage,
      flat_amount: null,
      inclusive: false,
      jurisdiction: tax.state ? stateName(tax.state).toUpperCase() : tax.country,
      jurisdiction_level: tax.state ? 'state' : 'country',
      livemode: false,
      metadata: {},
      percentage: tax.percentage,
      rate_type: 'percentage',
      state: tax.state,
      tax_type: 'sales_tax',
    };
    this.rates.set(key, rate);
    return rate;
  }

  get(id: string): TaxRate | undefined {
    return [...this.rates.values()].find((rate) => rate.id === id);
  }

  /** The rate a request's URL names: 404 when missing. */
  require(id: string): TaxRate {
    const rate = this.get(id);
    if (!rate) throw resourceMissing('tax_rate', id, 'tax_rate');
    return rate;
  }

  clear(): void {
    this.rates.clear();
  }
}
