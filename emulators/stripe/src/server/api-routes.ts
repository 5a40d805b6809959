import type Stripe from 'stripe';
import {
  readCreateSessionParams,
  shippingOptionAmount,
  type Catalog,
} from '../checkout/create-session-params.js';
import type { FormObject } from '../core/form-encoding.js';
import { COUPON_ROUTES } from './coupon-routes.js';
import { CREDIT_NOTE_ROUTES } from './credit-note-routes.js';
import { CUSTOMER_BALANCE_ROUTES } from './customer-balance-routes.js';
import { INVOICE_PAYMENT_ROUTES } from './invoice-payment-routes.js';
import { paginate, readPageParams } from '../core/pagination.js';
import { assertKnownKeys, readString, readStringList } from '../core/param-readers.js';
import { PRICE_ROUTES } from './price-routes.js';
import { SHIPPING_RATE_ROUTES } from './shipping-rate-routes.js';
import {
  readExpand as readExpandFields,
  type ApiRequest,
  type ApiResult,
  type Handler,
  type Route,
} from './route-types.js';
import type { SandboxState } from './sandbox-state.js';
import type { StoredSession } from '../checkout/session-store.js';
import { assertDiscountedTotal, discountAmounts } from '../checkout/session-discount.js';
import { applySessionTax, assertTaxLocatable, renderLineItems } from '../checkout/session-tax.js';
import { invalidRequest, resourceMissing } from '../core/stripe-error.js';
import { SUBSCRIPTION_ROUTES } from './subscription-routes.js';
import { INVOICE_ROUTES } from './invoice-routes.js';
import { TEST_CLOCK_ROUTES } from './test-clock-routes.js';
import { TAX_ROUTES } from './tax-routes.js';
import type { Param, SessionStatus } from '../core/types.js';

export type { ApiBody, ApiRequest, ApiResult } from './route-types.js';

// Accepted parameter names, checked against the SDK's params types (see create-session-params.ts).
const RETRIEVE_PARAMS: ReadonlyArray<Param<Stripe.Checkout.SessionRetrieveParams>> = ['expand'];
const EXPIRE_PARAMS: ReadonlyArray<Param<Stripe.Checkout.SessionExpireParams>> = ['expand'];
const LIST_PARAMS: ReadonlyArray<Param<Stripe.Checkout.SessionListParams>> = [
  'limit',
  'starting_after',
  'ending_before',
  'payment_intent',
  'status',
  'expand',
];
const LINE_ITEMS_PARAMS: ReadonlyArray<Param<Stripe.Checkout.SessionListLineItemsParams>> = [
  'limit',
  'starting_after',
  'ending_before',
  'expand',
];
const PAYMENT_INTENT_PARAMS: ReadonlyArray<Param<Stripe.PaymentIntentRetrieveParams>> = [
  'expand',
  'client_secret',
];
const SESSION_EXPANDABLE: ReadonlyArray<string> = [
  ...(['line_items', 'payment_intent', 'subscription', 'invoice'] satisfies ReadonlyArray<
    Param<Stripe.Checkout.Session>
  >),
  'line_items.data.taxes',
  'shipping_cost.shipping_rate',
  'shipping_options.shipping_rate',
];
/** `taxes` of each line item is includable. */
const LINE_ITEMS_EXPANDABLE: ReadonlyArray<string> = ['data.taxes'];
const STATUSES: ReadonlyArray<SessionStatus> = ['open', 'complete', 'expired'];

function requireSession(state: SandboxState, id: string): StoredSession {
  const stored = state.store.get(id);
  if (!stored) throw resourceMissing('checkout.session', id, 'session');
  return stored;
}

function readExpand(params: FormObject): string[] {
  return readExpandFields(params, SESSION_EXPANDABLE);
}

function lineItemsUrl(stored: StoredSession): string {
  return `/v1/checkout/sessions/${stored.session.id}/line_items`;
}

/** The session as Stripe returns it, with the requested fields expanded. */
function renderSession(
  state: SandboxState,
  stored: StoredSession,
  expand: ReadonlyArray<string>,
): Stripe.Checkout.Session {
  const { session } = stored;
  const paymentIntent =
    expand.includes('payment_intent') && session.payment_intent
      ? state.paymentIntents.get(session.payment_intent)
      : undefined;
  const subscription =
    expand.includes('subscription') && session.subscription
      ? state.subscriptions.get(session.subscription)?.subscription
      : undefined;
  const invoice =
    expand.includes('invoice') && session.invoice ? state.invoices.get(session.invoice) : undefined;
  const rateOf = (id: string | Stripe.ShippingRate) =>
    stored.shippingRates.find((rate) => rate.id === id) ?? id;
  return {
    ...session,
    ...(expand.includes('shipping_cost.shipping_rate') && session.shipping_cost
      ? {
          shipping_cost: {
            ...session.shipping_cost,
            shipping_rate: session.shipping_cost.shipping_rate
              ? rateOf(session.shipping_cost.shipping_rate)
              : null,
          },
        }
      : {}),
    ...(expand.includes('shipping_options.shipping_rate')
      ? {
          shipping_options: session.shipping_options.map((option) => ({
            ...option,
            shipping_rate: rateOf(option.shipping_rate),
          })),
        }
      : {}),
    ...(expand.includes('line_items') || expand.includes('line_items.data.taxes')
      ? {
          line_items: paginate(
            renderLineItems(stored.lines, expand.includes('line_items.data.taxes')),
            { limit: 100 },
            lineItemsUrl(stored),
            'line_item',
          ),
        }
      : {}),
    ...(paymentIntent ? { payment_intent: paymentIntent } : {}),
    ...(subscription ? { subscription: subscription as Stripe.Subscription } : {}),
    ...(invoice ? { invoice: invoice as Stripe.Invoice } : {}),
  };
}

const createSession: Handler = (state, request) => {
  const expand = readExpand(request.params);
  const catalog: Catalog = {
    getPrice: (id) => state.prices.getPrice(id),
    getProduct: (id) => state.prices.getProduct(id),
    getShippingRate: (id) => state.shippingRates.get(id),
  };
  const input = readCreateSessionParams(
    request.params,
    Math.floor(state.options.now() / 1000),
    catalog,
  );
  const customer = input.customer
    ? state.customers.requireReference(input.customer, 'customer')
    : undefined;
  assertTaxLocatable(input, customer);
  const coupon = input.coupon
    ? state.coupons.requireRedeemable(input.coupon, 'discounts[0][coupon]', input.currency)
    : null;
  if (coupon) {
    const subtotal = input.lines.reduce((sum, line) => sum + line.unitAmount * line.quantity, 0);
    const discount = discountAmounts(
      input.lines.map((line) => line.unitAmount * line.quantity),
      coupon,
    ).reduce((sum, amount) => sum + amount, 0);
    const firstOption = input.shippingOptions[0];
    const shipping = firstOption ? shippingOptionAmount(firstOption) : 0;
    assertDiscountedTotal(subtotal, discount, input.currency, shipping);
  }
  if (input.ignored.length > 0)
    state.options.log(`create session: ignoring ${input.ignored.join(', ')}`);
  // Every parameter is checked: the rates of `shipping_rate_data` can be made.
  const shippingRates = input.shippingOptions.map((option) =>
    'rate' in option ? option.rate : state.shippingRates.create(option.data),
  );
  const stored = state.store.create(input, coupon, shippingRates);
  applySessionTax(stored, { customer, collected: null }, state.taxRates);
  state.options.log(
    `created ${stored.session.id} (${stored.session.amount_total} ${stored.session.currency})`,
  );
  return { status: 200, body: renderSession(state, stored, expand) };
};

const retrieveSession: Handler = (state, request, match) => {
  assertKnownKeys(request.params, RETRIEVE_PARAMS, '');
  const expand = readExpand(request.params);
  return {
    status: 200,
    body: renderSession(state, requireSession(state, match[1] as string), expand),
  };
};

const listSessions: Handler = (state, request) => {
  assertKnownKeys(request.params, LIST_PARAMS, '');
  const page = readPageParams(request.params);
  const paymentIntent = readString(request.params.payment_intent, 'payment_intent') || undefined;
  const statusText = readString(request.params.status, 'status') || undefined;
  const status = STATUSES.find((known) => known === statusText);
  if (statusText !== undefined && status === undefined) {
    throw invalidRequest('Invalid status: must be one of complete, expired, or open', 'status');
  }
  const sessions = state.store.list({
    ...(paymentIntent ? { paymentIntent } : {}),
    ...(status ? { status } : {}),
  });
  return {
    status: 200,
    body: paginate(sessions, page, '/v1/checkout/sessions', 'checkout.session'),
  };
};

const listLineItems: Handler = (state, request, match) => {
  assertKnownKeys(request.params, LINE_ITEMS_PARAMS, '');
  const expand = readExpandFields(request.params, LINE_ITEMS_EXPANDABLE);
  const stored = requireSession(state, match[1] as string);
  const page = readPageParams(request.params);
  const lines = renderLineItems(stored.lines, expand.includes('data.taxes'));
  return {
    status: 200,
    body: paginate(lines, page, lineItemsUrl(stored), 'line_item'),
  };
};

const expireSession: Handler = (state, request, match) => {
  assertKnownKeys(request.params, EXPIRE_PARAMS, '');
  const expand = readExpand(request.params);
  const stored = requireSession(state, match[1] as string);
  if (!state.store.expire(stored)) {
    throw invalidRequest(
      `Only Checkout Sessions with a status of \`open\` can be expired; this one is \`${stored.session.status}\`.`,
      'session',
    );
  }
  return { status: 200, body: renderSession(state, stored, expand) };
};

const retrievePaymentIntent: Handler = (state, request, match) => {
  assertKnownKeys(request.params, PAYMENT_INTENT_PARAMS, '');
  const id = match[1] as string;
  const paymentIntent = state.paymentIntents.get(id);
  if (!paymentIntent) throw resourceMissing('payment_intent', id, 'intent');
  return { status: 200, body: paymentIntent };
};

const REFUND_LIST_PARAMS: ReadonlyArray<Param<Stripe.RefundListParams>> = [
  'charge',
  'payment_intent',
  'limit',
  'starting_after',
  'ending_before',
  'expand',
];
const EXPAND_ONLY = ['expand'];

const createCustomer: Handler = (state, request) => ({
  status: 200,
  body: state.customers.create(
    request.params,
    (id, param) => state.clocks.requireReference(id, param).frozen_time,
  ),
});

const retrieveCustomer: Handler = (state, request, match) => {
  assertKnownKeys(request.params, EXPAND_ONLY, '');
  return { status: 200, body: state.customers.require(match[1] as string) };
};

const CUSTOMER_LIST_PARAMS: ReadonlyArray<Param<Stripe.CustomerListParams>> = [
  'email',
  'test_clock',
  'limit',
  'starting_after',
  'ending_before',
  'expand',
];

/** GET /v1/customers: `email` and `test_clock` filter (a test clock's customers, say). */
const listCustomers: Handler = (state, request) => {
  assertKnownKeys(request.params, CUSTOMER_LIST_PARAMS, '');
  const page = readPageParams(request.params);
  const email = readString(request.params.email, 'email') || undefined;
  const testClock = readString(request.params.test_clock, 'test_clock') || undefined;
  const customers = state.customers.list({
    ...(email ? { email } : {}),
    ...(testClock ? { testClock } : {}),
  });
  return { status: 200, body: paginate(customers, page, '/v1/customers', 'customer') };
};

const updateCustomer: Handler = (state, request, match) => ({
  status: 200,
  body: state.customers.update(match[1] as string, request.params),
});

const CHARGE_EXPANDABLE: ReadonlyArray<Param<Stripe.Charge>> = ['refunds'];

/** A charge, its refunds listed (`expand[]=refunds` is accepted; they are always there). */
const retrieveCharge: Handler = (state, request, match) => {
  assertKnownKeys(request.params, EXPAND_ONLY, '');
  for (const field of readStringList(request.params.expand, 'expand') ?? []) {
    if (!CHARGE_EXPANDABLE.some((name) => name === field))
      throw invalidRequest(`This property cannot be expanded (${field}).`, 'expand');
  }
  const id = match[1] as string;
  const charge = state.ledger.getCharge(id);
  if (!charge) throw resourceMissing('charge', id, 'id');
  return { status: 200, body: charge };
};

const createRefund: Handler = (state, request) => {
  const { refund, charge } = state.ledger.refund(
    request.params,
    (id) => state.paymentIntents.get(id),
    (chargeId) => state.disputes.openOn(chargeId) !== undefined,
  );
  state.options.log(`refunded ${refund.amount} ${refund.currency} of ${charge.id} (${refund.id})`);
  state.announceRefund(refund, charge);
  return { status: 200, body: refund };
};

const retrieveRefund: Handler = (state, request, match) => {
  assertKnownKeys(request.params, EXPAND_ONLY, '');
  const id = match[1] as string;
  const refund = state.ledger.getRefund(id);
  if (!refund) throw resourceMissing('refund', id, 'id');
  return { status: 200, body: refund };
};

const listRefunds: Handler = (state, request) => {
  assertKnownKeys(request.params, REFUND_LIST_PARAMS, '');
  const page = readPageParams(request.params);
  const charge = readString(request.params.charge, 'charge') || undefined;
  const paymentIntent = readString(request.params.payment_intent, 'payment_intent') || undefined;
  const refunds = state.ledger.listRefunds({
    ...(charge ? { charge } : {}),
    ...(paymentIntent ? { paymentIntent } : {}),
  });
  return { status: 200, body: paginate(refunds, page, '/v1/refunds', 'refund') };
};

const DISPUTE_LIST_PARAMS: ReadonlyArray<Param<Stripe.DisputeListParams>> = [
  'charge',
  'payment_intent',
  'limit',
  'starting_after',
  'ending_before',
  'expand',
];

const retrieveDispute: Handler = (state, request, match) => {
  assertKnownKeys(request.params, EXPAND_ONLY, '');
  const id = match[1] as string;
  const dispute = state.disputes.get(id);
  if (!dispute) throw resourceMissing('dispute', id, 'dispute');
  return { status: 200, body: dispute };
};

const listDisputes: Handler = (state, request) => {
  assertKnownKeys(request.params, DISPUTE_LIST_PARAMS, '');
  const page = readPageParams(request.params);
  const charge = readString(request.params.charge, 'charge') || undefined;
  const paymentIntent = readString(request.params.payment_intent, 'payment_intent') || undefined;
  const disputes = state.disputes.list({
    ...(charge ? { charge } : {}),
    ...(paymentIntent ? { paymentIntent } : {}),
  });
  return { status: 200, body: paginate(disputes, page, '/v1/disputes', 'dispute') };
};

const updateDispute: Handler = (state, request, match) => {
  const { dispute, events } = state.disputes.update(match[1] as string, request.params);
  state.announceDispute(dispute, events);
  return { status: 200, body: dispute };
};

const closeDispute: Handler = (state, request, match) => {
  const dispute = state.disputes.close(match[1] as string, request.params);
  state.announceDispute(dispute, ['charge.dispute.closed']);
  return { status: 200, body: dispute };
};

const ROUTES: ReadonlyArray<Route> = [
  ...PRICE_ROUTES,
  ...SUBSCRIPTION_ROUTES,
  ...INVOICE_ROUTES,
  ...INVOICE_PAYMENT_ROUTES,
  ...TEST_CLOCK_ROUTES,
  ...TAX_ROUTES,
  ...CUSTOMER_BALANCE_ROUTES,
  ...CREDIT_NOTE_ROUTES,
  ...COUPON_ROUTES,
  ...SHIPPING_RATE_ROUTES,
  { method: 'POST', pattern: /^\/v1\/customers$/, handler: createCustomer },
  { method: 'GET', pattern: /^\/v1\/customers$/, handler: listCustomers },
  { method: 'GET', pattern: /^\/v1\/customers\/([^/]+)$/, handler: retrieveCustomer },
  { method: 'POST', pattern: /^\/v1\/customers\/([^/]+)$/, handler: updateCustomer },
  { method: 'GET', pattern: /^\/v1\/charges\/([^/]+)$/, handler: retrieveCharge },
  { method: 'POST', pattern: /^\/v1\/refunds$/, handler: createRefund },
  { method: 'GET', pattern: /^\/v1\/refunds$/, handler: listRefunds },
  { method: 'GET', pattern: /^\/v1\/refunds\/([^/]+)$/, handler: retrieveRefund },
  { method: 'GET', pattern: /^\/v1\/disputes$/, handler: listDisputes },
  { method: 'GET', pattern: /^\/v1\/disputes\/([^/]+)$/, handler: retrieveDispute },
  { method: 'POST', pattern: /^\/v1\/disputes\/([^/]+)$/, handler: updateDispute },
  { method: 'POST', pattern: /^\/v1\/disputes\/([^/]+)\/close$/, handler: closeDispute },
  { method: 'POST', pattern: /^\/v1\/checkout\/sessions$/, handler: createSession },
  { method: 'GET', pattern: /^\/v1\/checkout\/sessions$/, handler: listSessions },
  { method: 'GET', pattern: /^\/v1\/checkout\/sessions\/([^/]+)$/, handler: retrieveSession },
  {
    method: 'GET',
    pattern: /^\/v1\/checkout\/sessions\/([^/]+)\/line_items$/,
    handler: listLineItems,
  },
  {
    method: 'POST',
    pattern: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
    handler: expireSession,
  },
  { method: 'GET', pattern: /^\/v1\/payment_intents\/([^/]+)$/, handler: retrievePaymentIntent },
];

/** Finds the handler for a request, or undefined for an unrecognized URL. */
export function routeApi(request: ApiRequest): ((state: SandboxState) => ApiResult) | undefined {
  for (const route of ROUTES) {
    if (route.method !== request.method) continue;
    const match = route.pattern.exec(request.path);
    if (match) return (state) => route.handler(state, request, match);
  }
  return undefined;
}
