import Stripe from 'stripe';
import { billingOf, periodBoundary } from './billing-periods.js';
import type { FormObject } from '../core/form-encoding.js';
import { newId } from '../core/ids.js';
import { readEnum, readString } from '../core/param-readers.js';
import { resourceMissing } from '../core/stripe-error.js';
import type {
  BillingInterval,
  Known,
  Param,
  Price,
  Subscription,
  SubscriptionItem,
} from '../core/types.js';

export const SUBSCRIPTION_LIST_PARAMS: ReadonlyArray<Param<Stripe.SubscriptionListParams>> = [
  'customer',
  'status',
  'price',
  'test_clock',
  'limit',
  'starting_after',
  'ending_before',
  'expand',
];
const LIST_STATUSES: ReadonlyArray<Known<Stripe.SubscriptionListParams.Status>> = [
  'active',
  'all',
  'canceled',
  'ended',
  'incomplete',
  'incomplete_expired',
  'past_due',
  'paused',
  'trialing',
  'unpaid',
];

/** A subscription and where it is in its billing: period `cycle` counted from the anchor. */
export interface StoredSubscription {
  subscription: Subscription;
  /** Every item's price bills at this interval. */
  billing: BillingInterval;
  /** Billing periods passed since the start: the current period is `cycle`. */
  cycle: number;
  /**
   * While a trial set by an update runs: when it started. The current period is then the trial,
   * from here to the billing cycle anchor (the trial's end), and cycle 0 starts at its end.
   */
  trialStart?: number | null;
}

export interface NewSubscriptionItem {
  price: Price;
  quantity: number;
}

export interface NewSubscription {
  customer: string;
  testClock: string | null;
  /** The start (seconds): the first period begins here, and renewals keep its time of day. */
  start: number;
  items: NewSubscriptionItem[];
  metadata: Stripe.Metadata;
  description: string | null;
  paymentMethod: string;
  currency: string;
  /** `automatic_tax[enabled]`: its invoices are taxed (see tax/invoice-tax.ts). */
  automaticTax: boolean;
}

export interface SubscriptionFilter {
  customer?: string;
  status?: Known<Stripe.SubscriptionListParams.Status>;
  price?: string;
  testClock?: string;
}

/** The legacy `plan` view of a recurring price, which subscription items still carry. */
function planOf(price: Price): Stripe.Plan {
  const recurring = price.recurring as Stripe.Price.Recurring;
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: Stripe.Decimal.from(price.unit_amount),
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    interval: recurring.interval,
    interval_count: recurring.interval_count,
    livemode: false,
    metadata: { ...price.metadata },
    meter: null,
    nickname: price.nickname,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };
}

/** A subscription item for `price`, in the period given. */
export function newSubscriptionItem(
  subscriptionId: string,
  item: NewSubscriptionItem & { metadata?: Stripe.Metadata },
  created: number,
  period: { start: number; end: number },
): SubscriptionItem {
  return {
    id: newId('si', 14),
    object: 'subscription_item',
    billing_thresholds: null,
    created,
    current_period_end: period.end,
    current_period_start: period.start,
    current_trial: null,
    discounts: [],
    metadata: item.metadata ?? {},
    plan: planOf(item.price),
    price: item.price,
    quantity: item.quantity,
    subscription: subscriptionId,
    tax_rates: [],
  };
}

/** Replaces an item's price (its `plan` follows). */
export function setItemPrice(item: SubscriptionItem, price: Price): void {
  item.price = price;
  item.plan = planOf(price);
}

/** In-memory subscriptions and their billing periods. */
export class SubscriptionStore {
  private readonly subscriptions = new Map<string, StoredSubscription>();

  create(input: NewSubscription): StoredSubscription {
    const id = newId('sub', 24);
    const first = input.items[0];
    const billing = first ? billingOf(first.price) : null;
    if (!billing) throw new Error('A subscription needs a recurring price');
    const period = { start: input.start, end: periodBoundary(input.start, billing, 1) };
    const subscription: Subscription = {
      id,
      object: 'subscription',
      application: null,
      application_fee_percent: null,
      automatic_tax: input.automaticTax
        ? { disabled_reason: null, enabled: true, liability: { type: 'self' } }
        : { disabled_reason: null, enabled: false, liability: null },
      billing_cycle_anchor: input.start,
      billing_cycle_anchor_config: null,
      billing_mode: { flexible: null, type: 'classic' },
      billing_schedules: [],
      billing_thresholds: null,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
      collection_method: 'charge_automatically',
      created: input.start,
      currency: input.currency,
      customer: input.customer,
      customer_account: null,
      days_until_due: null,
      default_payment_method: input.paymentMethod,
      default_source: null,
      default_tax_rates: [],
      description: input.description,
      discounts: [],
      ended_at: null,
      invoice_settings: {
        account_tax_ids: null,
        custom_fields: null,
        description: null,
        footer: null,
        issuer: { type: 'self' },
      },
      items: {
        object: 'list',
        data: input.items.map((item) => newSubscriptionItem(id, item, input.start, period)),
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
      },
      latest_invoice: null,
      livemode: false,
      managed_payments: null,
      metadata: input.metadata,
      next_pending_invoice_item_invoice: null,
      on_behalf_of: null,
      pause_collection: null,
      payment_settings: {
        payment_method_options: null,
        payment_method_types: null,
        save_default_payment_method: 'off',
      },
      pending_invoice_item_interval: null,
      pending_setup_intent: null,
      pending_update: null,
      schedule: null,
      start_date: input.start,
      status: 'active',
      test_clock: input.testClock,
      transfer_data: null,
      trial_end: null,
      trial_settings: {
        end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' },
      },
      trial_start: null,
    };
    const stored: StoredSubscription = { subscription, billing, cycle: 0 };
    this.subscriptions.set(id, stored);
    return stored;
  }

  get(id: string): StoredSubscription | undefined {
    return this.subscriptions.get(id);
  }

  /** The subscription a request's URL names: 404 when missing. */
  require(id: string): StoredSubscription {
    const stored = this.subscriptions.get(id);
    if (!stored) throw resourceMissing('subscription', id, 'id');
    return stored;
  }

  /**
   * Starts (or moves) a trial until `trialEnd`: nothing is billed before it; the items bill at
   * `billing` from then on, the cycle anchored at the trial's end (as Stripe does when an update
   * sets `trial_end`).
   */
  startTrial(
    stored: StoredSubscription,
    now: number,
    trialEnd: number,
    billing: BillingInterval,
  ): void {
    const sub = stored.subscription;
    stored.trialStart = stored.trialStart ?? now;
    stored.billing = billing;
    stored.cycle = 0;
    sub.status = 'trialing';
    sub.trial_start = stored.trialStart;
    sub.trial_end = trialEnd;
    sub.billing_cycle_anchor = trialEnd;
    const { start, end } = this.period(stored);
    for (const item of sub.items.data) {
      item.current_period_start = start;
      item.current_period_end = end;
    }
  }

  /** The current billing period. */
  period(stored: StoredSubscription): { start: number; end: number } {
    const anchor = stored.subscription.billing_cycle_anchor;
    if (stored.trialStart != null) return { start: stored.trialStart, end: anchor };
    return {
      start: periodBoundary(anchor, stored.billing, stored.cycle),
      end: periodBoundary(anchor, stored.billing, stored.cycle + 1),
    };
  }

  /** Moves every item on to the next billing period. */
  nextPeriod(stored: StoredSubscription): void {
    if (stored.trialStart != null) {
      // The trial ends: the first full period starts at the anchor.
      stored.trialStart = null;
      stored.cycle = 0;
    } else {
      stored.cycle += 1;
    }
    const { start, end } = this.period(stored);
    for (const item of stored.subscription.items.data) {
      item.current_period_start = start;
      item.current_period_end = end;
    }
  }

  readFilter(params: FormObject): SubscriptionFilter {
    const customer = readString(params.customer, 'customer') || undefined;
    const status = readEnum(params.status, 'status', LIST_STATUSES);
    const price = readString(params.price, 'price') || undefined;
    const testClock = readString(params.test_clock, 'test_clock') || undefined;
    return {
      ...(customer ? { customer } : {}),
      ...(status ? { status } : {}),
      ...(price ? { price } : {}),
      ...(testClock ? { testClock } : {}),
    };
  }

  /**
   * Newest first. Without `status`, canceled subscriptions are left out, as at Stripe;
   * `status=all` lists every one and `status=ended` the canceled ones.
   */
  list(filter: SubscriptionFilter): Subscription[] {
    const status = filter.status;
    return [...this.subscriptions.values()]
      .reverse()
      .map((stored) => stored.subscription)
      .filter(
        (sub) =>
          (filter.customer === undefined || sub.customer === filter.customer) &&
          (filter.price === undefined ||
            sub.items.data.some((item) => item.price.id === filter.price)) &&
          (filter.testClock === undefined || sub.test_clock === filter.testClock) &&
          (status === undefined
            ? sub.status !== 'canceled'
            : status === 'all' ||
              sub.status === status ||
              (status === 'ended' && sub.status === 'canceled')),
      );
  }

  /** Subscriptions still billing (not canceled) of these customers, oldest first. */
  live(customerIds: ReadonlySet<string>): StoredSubscription[] {
    return [...this.subscriptions.values()].filter(
      (stored) =>
        stored.subscription.status !== 'canceled' && customerIds.has(stored.subscription.customer),
    );
  }

  /** Forgets the subscriptions of these customers (a deleted test clock's). */
  forgetCustomers(customerIds: ReadonlySet<string>): void {
    for (const [id, stored] of this.subscriptions) {
      if (customerIds.has(stored.subscription.customer)) this.subscriptions.delete(id);
    }
  }

  clear(): void {
    this.subscriptions.clear();
  }
}
