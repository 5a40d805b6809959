import type Stripe from 'stripe';
import { assertKnownKeys } from '../core/param-readers.js';
import type { Param } from '../core/types.js';
import { readExpand, type Handler, type Route } from './route-types.js';

const EXPAND_ONLY: ReadonlyArray<Param<Stripe.TaxRateRetrieveParams>> = ['expand'];
const NOTHING_EXPANDABLE: ReadonlyArray<string> = [];

/** GET /v1/tax_rates/:id: a rate the stand-in for Stripe Tax applied (`tax_rate_details`). */
const retrieveTaxRate: Handler = (state, request, match) => {
  assertKnownKeys(request.params, EXPAND_ONLY, '');
  readExpand(request.params, NOTHING_EXPANDABLE);
  return { status: 200, body: state.taxRates.require(match[1] as string) };
};

/** The sandbox's stand-in for Stripe Tax: its tax rates and tax calculations. */
export const TAX_ROUTES: ReadonlyArray<Route> = [
  { method: 'GET', pattern: /^\/v1\/tax_rates\/([^/]+)$/, handler: retrieveTaxRate },
];
