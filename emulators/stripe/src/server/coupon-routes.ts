import type Stripe from 'stripe';
import { paginate, readPageParams } from '../core/pagination.js';
import { assertKnownKeys } from '../core/param-readers.js';
import { readExpand, type Handler, type Route } from './route-types.js';
import type { Param } from '../core/types.js';

const LIST_PARAMS: ReadonlyArray<Param<Stripe.CouponListParams>> = [
  'limit',
  'starting_after',
  'ending_before',
  'expand',
];
const NOTHING_EXPANDABLE: ReadonlyArray<string> = [];

const createCoupon: Handler = (state, request) => {
  readExpand(request.params, NOTHING_EXPANDABLE);
  const coupon = state.coupons.create(request.params);
  state.log(
    `created coupon ${coupon.id} (${coupon.amount_off !== null ? `${coupon.amount_off} ${coupon.currency}` : `${coupon.percent_off}%`} off)`,
  );
  return { status: 200, body: coupon };
};

const retrieveCoupon: Handler = (state, request, match) => {
  assertKnownKeys(request.params, ['expand'], '');
  readExpand(request.params, NOTHING_EXPANDABLE);
  return { status: 200, body: state.coupons.require(match[1] as string) };
};

const listCoupons: Handler = (state, request) => {
  assertKnownKeys(request.params, LIST_PARAMS, '');
  readExpand(request.params, NOTHING_EXPANDABLE);
  const page = readPageParams(request.params);
  return { status: 200, body: paginate(state.coupons.list(), page, '/v1/coupons', 'coupon') };
};

const updateCoupon: Handler = (state, request, match) => {
  readExpand(request.params, NOTHING_EXPANDABLE);
  return { status: 200, body: state.coupons.update(match[1] as string, request.params) };
};

const deleteCoupon: Handler = (state, request, match) => {
  assertKnownKeys(request.params, [], '');
  return { status: 200, body: state.coupons.delete(match[1] as string) };
};

/** Coupons (taken off Checkout Sessions by `discounts`). */
export const COUPON_ROUTES: ReadonlyArray<Route> = [
  { method: 'POST', pattern: /^\/v1\/coupons$/, handler: createCoupon },
  { method: 'GET', pattern: /^\/v1\/coupons$/, handler: listCoupons },
  { method: 'GET', pattern: /^\/v1\/coupons\/([^/]+)$/, handler: retrieveCoupon },
  { method: 'POST', pattern: /^\/v1\/coupons\/([^/]+)$/, handler: updateCoupon },
  { method: 'DELETE', pattern: /^\/v1\/coupons\/([^/]+)$/, handler: deleteCoupon },
];
