import type Stripe from 'stripe';
import { readShippingRateParams } from '../billing/shipping-rate-store.js';
import { assertKnownKeys } from '../core/param-readers.js';
import type { Param } from '../core/types.js';
import { readExpand, type Handler, type Route } from './route-types.js';

const RETRIEVE_PARAMS: ReadonlyArray<Param<Stripe.ShippingRateRetrieveParams>> = ['expand'];
const NOTHING_EXPANDABLE: ReadonlyArray<string> = [];

/** POST /v1/shipping_rates: a fixed-amount rate, offered by sessions' `shipping_options`. */
const createShippingRate: Handler = (state, request) => {
  readExpand(request.params, NOTHING_EXPANDABLE);
  const { expand: _expand, ...params } = request.params;
  const rate = state.shippingRates.create(readShippingRateParams(params, ''));
  state.log(
    `created shipping rate ${rate.id} (${rate.fixed_amount.amount} ${rate.fixed_amount.currency})`,
  );
  return { status: 200, body: rate };
};

const retrieveShippingRate: Handler = (state, request, match) => {
  assertKnownKeys(request.params, RETRIEVE_PARAMS, '');
  readExpand(request.params, NOTHING_EXPANDABLE);
  return { status: 200, body: state.shippingRates.require(match[1] as string) };
};

/** Shipping rates (create and retrieve). */
export const SHIPPING_RATE_ROUTES: ReadonlyArray<Route> = [
  { method: 'POST', pattern: /^\/v1\/shipping_rates$/, handler: createShippingRate },
  { method: 'GET', pattern: /^\/v1\/shipping_rates\/([^/]+)$/, handler: retrieveShippingRate },
];
