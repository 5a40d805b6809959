import type Stripe from 'stripe';
import type { FormObject } from '../core/form-encoding.js';
import { INVOICE_EXPANDABLE, renderInvoice } from './invoice-payment-routes.js';
import { INVOICE_LIST_PARAMS } from '../billing/invoice-store.js';
import { paginate, readPageParams } from '../core/pagination.js';
import { assertKnownKeys, readBoolean, readObject, readString } from '../core/param-readers.js';
import { readExpand, type Handler, type Route } from './route-types.js';
import type { SandboxState } from './sandbox-state.js';
import {
  chargeInvoice,
  invoiceShipping,
  startSubscription,
} from '../billing/subscription-billing.js';
import { readCreateSubscription } from '../billing/subscription-create.js';
import {
  SUBSCRIPTION_LIST_PARAMS,
  type StoredSubscription,
} from '../billing/subscription-store.js';
import { updateSubscription } from '../billing/subscription-update.js';
import { invalidRequest, StripeApiError } from '../core/stripe-error.js';
import type { Invoice, Known, Param, Subscription } from '../core/types.js';
import {
  assertPayable,
  chargeManualInvoice,
  isManual,
  payOutOfBand,
} from '../billing/manual-invoices.js';

const SUBSCRIPTION_EXPANDABLE: ReadonlyArray<Param<Stripe.Subscription>> = ['latest_invoice'];
const NOTHING_EXPANDABLE: ReadonlyArray<string> = [];
const EXPAND_ONLY = ['expand'];
const CANCEL_PARAMS: ReadonlyArray<Param<Stripe.SubscriptionCancelParams>> = [
  'cancellation_details',
  'invoice_now',
  'prorate',
  'expand',
];
const CANCELLATION_DETAILS_PARAMS: ReadonlyArray<
  Param<Stripe.SubscriptionCancelParams.CancellationDetails>
> = ['comment', 'feedback'];
const FEEDBACK: ReadonlyArray<Known<Stripe.SubscriptionCancelParams.CancellationDetails.Feedback>> =
  [
    'customer_service',
    'low_quality',
    'missing_features',
    'other',
    'switched_service',
    'too_complex',
    'too_expensive',
    'unused',
  ];
const INVOICE_PAY_PARAMS: ReadonlyArray<Param<Stripe.InvoicePayParams>> = [
  'payment_method',
  'off_session',
  'paid_out_of_band',
  'expand',
];

function requireSubscription(state: SandboxState, id: string): StoredSubscription {
  return state.subscriptions.require(id);
}

/** The subscription as Stripe returns it, `latest_invoice` expanded when asked. */
function renderSubscription(
  state: SandboxState,
  subscription: Subscription,
  expand: ReadonlyArray<string>,
): Stripe.Subscription {
  const invoice =
    expand.includes('latest_invoice') && subscription.latest_invoice
      ? state.invoices.get(subscription.latest_invoice)
      : undefined;
  return { ...subscription, ...(invoice ? { latest_invoice: invoice as Stripe.Invoice } : {}) };
}

const retrieveSubscription: Handler = (state, request, match) => {
  assertKnownKeys(request.params, EXPAND_ONLY, '');
  const expand = readExpand(request.params, SUBSCRIPTION_EXPANDABLE);
  const { subscription } = requireSubscription(state, match[1] as string);
  return { status: 200, body: renderSubscription(state, subscription, expand) };
};

const listSubscriptions: Handler = (state, request) => {
  assertKnownKeys(request.params, SUBSCRIPTION_LIST_PARAMS, '');
  readExpand(request.params, NOTHING_EXPANDABLE);
  const page = readPageParams(request.params);
  const subscriptions = state.subscriptions.list(state.subscriptions.readFilter(request.params));
  return {
    status: 200,
    body: paginate(subscriptions, page, '/v1/subscriptions', 'subscription'),
  };
};

/**
 * POST /v1/subscriptions: the subscription and its first invoice, charged at once to
 * `default_payment_method` (`customer.subscription.created`, `invoice.created`,
 * `invoice.finalized`, then `invoice.paid`, or `invoice.payment_failed` and `incomplete`).
 */
const createSubscription: Handler = (state, request) => {
  const expand = readExpand(request.params, SUBSCRIPTION_EXPANDABLE);
  const input = readCreateSubscription(request.params, {
    customer: (id, param) => state.customers.requireReference(id, param),
    price: (id) => state.prices.getPrice(id),
    paymentMethod: (id, param) => state.paymentMethods.require(id, param),
  });
  const { customer } = input;
  const started = startSubscription(state, {
    customer,
    items: input.items,
    metadata: input.metadata,
    description: input.description,
    currency: input.currency,
    at: state.nowFor(customer),
    shipping: invoiceShipping(customer.shipping),
    email: customer.email ?? null,
    automaticTax: input.automaticTax,
    paymentMethod: input.paymentMethod,
  });
  state.log(
    `created ${started.subscription.id} for ${customer.id} (${started.subscription.status})`,
  );
  state.sendInBackground(...started.subscriptionEvents, ...started.invoiceEvents);
  return { status: 200, body: renderSubscription(state, started.subscription, expand) };
};

/** POST /v1/subscriptions/:id; `customer.subscription.updated` follows when anything changed. */
const updateSubscriptionRoute: Handler = (state, request, match) => {
  const expand = readExpand(request.params, SUBSCRIPTION_EXPANDABLE);
  const stored = requireSubscription(state, match[1] as string);
  const { subscription } = stored;
  const previous = updateSubscription(state.subscriptions, stored, request.params, {
    price: (id) => state.prices.getPrice(id),
    paymentMethod: (id, param) => state.paymentMethods.require(id, param),
    now: state.nowFor(subscription.customer),
  });
  if (previous) {
    state.log(`updated ${subscription.id}: ${Object.keys(previous).join(', ')}`);
    state.sendInBackground(state.event('customer.subscription.updated', subscription, previous));
  }
  return { status: 200, body: renderSubscription(state, subscription, expand) };
};

function readCancellationDetails(params: FormObject): {
  comment: string | null;
  feedback: Stripe.Subscription.CancellationDetails.Feedback | null;
} {
  const details = readObject(params.cancellation_details, 'cancellation_details') ?? {};
  assertKnownKeys(details, CANCELLATION_DETAILS_PARAMS, 'cancellation_details');
  const comment = readString(details.comment, 'cancellation_details[comment]', 500) || null;
  const feedbackText = readString(details.feedback, 'cancellation_details[feedback]') || null;
  const feedback = FEEDBACK.find((known) => known === feedbackText) ?? null;
  if (feedbackText !== null && feedback === null) {
    throw invalidRequest(
      `Invalid cancellation_details[feedback]: must be one of ${FEEDBACK.join(', ')}`,
      'cancellation_details[feedback]',
    );
  }
  return { comment, feedback };
}

/** DELETE /v1/subscriptions/:id: canceled now (`customer.subscription.deleted`). */
const cancelSubscription: Handler = (state, request, match) => {
  assertKnownKeys(request.params, CANCEL_PARAMS, '');
  const expand = readExpand(request.params, SUBSCRIPTION_EXPANDABLE);
  const { subscription } = requireSubscription(state, match[1] as string);
  for (const flag of ['invoice_now', 'prorate'] as const) {
    if (readBoolean(request.params[flag], flag) === true) {
      throw invalidRequest(
        `The sandbox does not bill on cancellation: \`${flag}=true\` is not supported.`,
        flag,
      );
    }
  }
  const details = readCancellationDetails(request.params);
  if (subscription.status === 'canceled') {
    throw invalidRequest(
      `The subscription ${subscription.id} is already canceled.`,
      'subscription',
    );
  }
  const at = state.nowFor(subscription.customer);
  subscription.status = 'canceled';
  subscription.canceled_at = at;
  subscription.ended_at = at;
  subscription.cancellation_details = {
    ...details,
    feedback_option: null,
    reason: 'cancellation_requested',
  };
  state.log(`canceled ${subscription.id}`);
  state.sendInBackground(state.event('customer.subscription.deleted', subscription));
  return { status: 200, body: renderSubscription(state, subscription, expand) };
};

const INVOICE_LIST_EXPANDABLE = INVOICE_EXPANDABLE.map((field) => `data.${field}`);

/** GET /v1/invoices/:id (`expand[]=payments` includes its invoice payments). */
const retrieveInvoice: Handler = (state, request, match) => {
  assertKnownKeys(request.params, EXPAND_ONLY, '');
  const expand = readExpand(request.params, INVOICE_EXPANDABLE);
  const invoice = state.invoices.require(match[1] as string);
  return { status: 200, body: renderInvoice(state, invoice, expand) };
};

const listInvoices: Handler = (state, request) => {
  assertKnownKeys(request.params, INVOICE_LIST_PARAMS, '');
  const expand = readExpand(request.params, INVOICE_LIST_EXPANDABLE).map((field) =>
    field.slice('data.'.length),
  );
  const page = readPageParams(request.params);
  const invoices = state.invoices.list(state.invoices.readFilter(request.params));
  const list = paginate(invoices, page, '/v1/invoices', 'invoice');
  return {
    status: 200,
    body: { ...list, data: list.data.map((invoice) => renderInvoice(state, invoice, expand)) },
  };
};

function declined(): StripeApiError {
  return new StripeApiError(
    402,
    'card_error',
    'Your card was declined.',
    undefined,
    'card_declined',
  );
}

/**
 * POST /v1/invoices/:id/pay for a one-off invoice: `paid_out_of_band=true` marks it paid with no
 * payment; otherwise it is charged with `payment_method` through its payment intent.
 */
function payManualInvoice(
  state: SandboxState,
  invoice: Invoice,
  paymentMethod: string | undefined,
  outOfBand: boolean,
): void {
  if (outOfBand && paymentMethod !== undefined) {
    throw invalidRequest(
      'You may only specify one of these parameters: paid_out_of_band, payment_method.',
      'payment_method',
    );
  }
  assertPayable(state, invoice);
  const at = state.nowFor(invoice.customer);
  if (outOfBand) {
    state.log(`invoice ${invoice.id} paid out of band`);
    state.sendInBackground(...payOutOfBand(state, invoice, at));
    return;
  }
  if (paymentMethod === undefined) {
    throw invalidRequest(
      'This invoice has no payment method to charge: pass `payment_method`, or `paid_out_of_band=true` for a payment made outside Stripe.',
      'payment_method',
    );
  }
  const result = chargeManualInvoice(state, invoice, paymentMethod, at);
  state.log(`invoice ${invoice.id} ${result.paid ? 'paid' : 'declined'}`);
  state.sendInBackground(...result.events);
  if (!result.paid) throw declined();
}

/**
 * POST /v1/invoices/:id/pay: charges an open invoice again with `payment_method` or the
 * subscription's default payment method, through the invoice's payment intent. Paid: the invoice
 * (and `invoice.paid`; a past-due subscription active again). Declined: 402 `card_declined` (and
 * `invoice.payment_failed`). One-off invoices: see payManualInvoice.
 */
const payInvoice: Handler = (state, request, match) => {
  assertKnownKeys(request.params, INVOICE_PAY_PARAMS, '');
  const expand = readExpand(request.params, INVOICE_EXPANDABLE);
  readBoolean(request.params.off_session, 'off_session');
  const outOfBand = readBoolean(request.params.paid_out_of_band, 'paid_out_of_band') === true;
  const invoice = state.invoices.require(match[1] as string);
  const paymentMethodId = readString(request.params.payment_method, 'payment_method') || undefined;
  const paymentMethod = paymentMethodId
    ? state.paymentMethods.require(paymentMethodId, 'payment_method')
    : undefined;
  if (isManual(invoice)) {
    payManualInvoice(state, invoice, paymentMethod, outOfBand);
    return { status: 200, body: renderInvoice(state, invoice, expand) };
  }
  if (outOfBand) {
    throw invalidRequest(
      "The sandbox takes `paid_out_of_band` for one-off invoices only, not for a subscription's.",
      'paid_out_of_band',
    );
  }
  assertPayable(state, invoice);
  const subscriptionId = invoice.parent?.subscription_details?.subscription;
  const stored =
    typeof subscriptionId === 'string' ? state.subscriptions.get(subscriptionId) : undefined;
  if (!stored) throw invalidRequest('The sandbox pays subscription invoices only.', 'invoice');
  const { subscription } = stored;
  const result = chargeInvoice(
    state,
    invoice,
    subscription,
    paymentMethod ?? subscription.default_payment_method,
    state.nowFor(subscription.customer),
  );
  state.log(`invoice ${invoice.id} ${result.paid ? 'paid' : 'declined'}`);
  state.sendInBackground(...result.events);
  if (!result.paid) throw declined();
  return { status: 200, body: renderInvoice(state, invoice, expand) };
};

/** Subscriptions and their invoices. */
export const SUBSCRIPTION_ROUTES: ReadonlyArray<Route> = [
  { method: 'GET', pattern: /^\/v1\/subscriptions$/, handler: listSubscriptions },
  { method: 'POST', pattern: /^\/v1\/subscriptions$/, handler: createSubscription },
  { method: 'GET', pattern: /^\/v1\/subscriptions\/([^/]+)$/, handler: retrieveSubscription },
  { method: 'POST', pattern: /^\/v1\/subscriptions\/([^/]+)$/, handler: updateSubscriptionRoute },
  { method: 'DELETE', pattern: /^\/v1\/subscriptions\/([^/]+)$/, handler: cancelSubscription },
  { method: 'GET', pattern: /^\/v1\/invoices$/, handler: listInvoices },
  { method: 'GET', pattern: /^\/v1\/invoices\/([^/]+)$/, handler: retrieveInvoice },
  { method: 'POST', pattern: /^\/v1\/invoices\/([^/]+)\/pay$/, handler: payInvoice },
];
