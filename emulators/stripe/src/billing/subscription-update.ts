import type Stripe from 'stripe';
import { billingOf, intervalText, sameInterval } from './billing-periods.js';
import { snapshot } from '../webhooks/events.js';
import type { FormObject, FormValue } from '../core/form-encoding.js';
import {
  assertKnownKeys,
  paramName,
  readBoolean,
  readEnum,
  readList,
  readMetadata,
  readMetadataUpdate,
  readNonNegativeInteger,
  readObject,
  readString,
} from '../core/param-readers.js';
import { invalidRequest, missingParam, missingReference } from '../core/stripe-error.js';
import {
  newSubscriptionItem,
  setItemPrice,
  type StoredSubscription,
  type SubscriptionStore,
} from './subscription-store.js';
import type {
  BillingInterval,
  Known,
  Param,
  Price,
  Subscription,
  SubscriptionItem,
} from '../core/types.js';

const UPDATE_PARAMS: ReadonlyArray<Param<Stripe.SubscriptionUpdateParams>> = [
  'metadata',
  'description',
  'items',
  'proration_behavior',
  'pause_collection',
  'trial_end',
  'cancel_at_period_end',
  'default_payment_method',
  'expand',
];
/** What a canceled subscription still lets one change, as at Stripe (`cancellation_details` aside). */
const CANCELED_UPDATABLE: ReadonlyArray<Param<Stripe.SubscriptionUpdateParams>> = [
  'metadata',
  'expand',
];
const ITEM_PARAMS: ReadonlyArray<Param<Stripe.SubscriptionUpdateParams.Item>> = [
  'id',
  'price',
  'quantity',
  'metadata',
  'deleted',
];
const PAUSE_PARAMS: ReadonlyArray<Param<Stripe.SubscriptionUpdateParams.PauseCollection>> = [
  'behavior',
  'resumes_at',
];
const PAUSE_BEHAVIORS: ReadonlyArray<
  Known<Stripe.SubscriptionUpdateParams.PauseCollection.Behavior>
> = ['keep_as_draft', 'mark_uncollectible', 'void'];
const PRORATION_BEHAVIORS: ReadonlyArray<Known<Stripe.SubscriptionUpdateParams.ProrationBehavior>> =
  ['always_invoice', 'create_prorations', 'none'];
const MAX_QUANTITY = 999_999;

/** What an update needs from the rest of the sandbox. */
export interface UpdateContext {
  price(id: string): Price | undefined;
  /** Checks a payment method id, throwing a 400 naming `param` when the sandbox has none. */
  paymentMethod(id: string, param: string): string;
  /** "Now" for this subscription (seconds): its test clock's time, if it has one. */
  now: number;
}

type ItemChange =
  | { kind: 'delete'; item: SubscriptionItem }
  | {
      kind: 'change';
      item: SubscriptionItem;
      price?: Price;
      quantity?: number;
      metadata?: Stripe.Metadata;
    }
  | { kind: 'add'; price: Price; quantity: number; metadata: Stripe.Metadata };

function readQuantity(value: FormValue | undefined, param: string): number | undefined {
  const quantity = readNonNegativeInteger(value, param);
  if (quantity !== undefined && quantity > MAX_QUANTITY) {
    throw invalidRequest(`This value must be less than or equal to ${MAX_QUANTITY}.`, param);
  }
  return quantity;
}

/**
 * A price an item may bill: an active recurring price at the subscription's interval, or at
 * another one when the update starts a trial (`trial_end`): the new interval then bills from the
 * trial's end, as at Stripe (readItemChanges checks every item ends up at one interval).
 */
function readItemPrice(
  stored: StoredSubscription,
  value: FormValue | undefined,
  param: string,
  ctx: UpdateContext,
  trial: boolean,
): Price | undefined {
  const id = readString(value, param) || undefined;
  if (id === undefined) return undefined;
  const price = ctx.price(id);
  if (!price) throw missingReference('price', id, param);
  if (!price.active) {
    throw invalidRequest(
      'The price specified is inactive. This field only accepts active prices.',
      param,
    );
  }
  const billing = billingOf(price);
  if (!billing) {
    throw invalidRequest(
      'The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.',
      param,
    );
  }
  if (!trial && !sameInterval(billing, stored.billing)) {
    throw invalidRequest(
      `The sandbox bills all items of a subscription at one interval and changes it only with \`trial_end\` (otherwise Stripe resets the billing cycle and invoices at once): ${price.id} bills every ${intervalText(billing)}, this subscription every ${intervalText(stored.billing)}.`,
      param,
    );
  }
  return price;
}

function readItemChange(
  stored: StoredSubscription,
  value: FormValue,
  param: string,
  ctx: UpdateContext,
  trial: boolean,
): ItemChange {
  const entry = readObject(value, param);
  if (!entry) throw missingParam(paramName(param, 'price'));
  assertKnownKeys(entry, ITEM_PARAMS, param);
  const id = readString(entry.id, paramName(param, 'id')) || undefined;
  const deleted = readBoolean(entry.deleted, paramName(param, 'deleted')) ?? false;
  const price = readItemPrice(stored, entry.price, paramName(param, 'price'), ctx, trial);
  const quantity = readQuantity(entry.quantity, paramName(param, 'quantity'));
  if (id === undefined) {
    if (deleted) throw missingParam(paramName(param, 'id'));
    if (!price) throw missingParam(paramName(param, 'price'));
    return {
      kind: 'add',
      price,
      quantity: quantity ?? 1,
      metadata: readMetadata(entry.metadata, paramName(param, 'metadata')),
    };
  }
  const item = stored.subscription.items.data.find((candidate) => candidate.id === id);
  if (!item) throw missingReference('subscription_item', id, paramName(param, 'id'));
  if (deleted) return { kind: 'delete', item };
  const metadata = readMetadataUpdate(item.metadata, entry.metadata, paramName(param, 'metadata'));
  return {
    kind: 'change',
    item,
    ...(price ? { price } : {}),
    ...(quantity !== undefined ? { quantity } : {}),
    ...(metadata ? { metadata } : {}),
  };
}

/**
 * `items[...]`: checked as a whole (at least one item left, one item per price, every item at
 * one interval). Returns the changes and the interval the items bill at afterwards.
 */
function readItemChanges(
  stored: StoredSubscription,
  params: FormObject,
  ctx: UpdateContext,
  trial: boolean,
): { changes: ItemChange[]; billing: BillingInterval } {
  const entries = readList(params.items, 'items') ?? [];
  const changes = entries.map((entry, index) =>
    readItemChange(stored, entry, `items[${index}]`, ctx, trial),
  );
  const deleted = new Set(changes.flatMap((c) => (c.kind === 'delete' ? [c.item.id] : [])));
  const prices = [
    ...stored.subscription.items.data
      .filter((item) => !deleted.has(item.id))
      .map((item) => {
        const change = changes.find((c) => c.kind === 'change' && c.item === item);
        return change?.kind === 'change' && change.price ? change.price.id : item.price.id;
      }),
    ...changes.flatMap((c) => (c.kind === 'add' ? [c.price.id] : [])),
  ];
  if (prices.length === 0) {
    throw invalidRequest(
      'A subscription must keep at least one item. To end it, cancel it (DELETE /v1/subscriptions/:id).',
      'items',
    );
  }
  const repeated = prices.find((id, index) => prices.indexOf(id) !== index);
  if (repeated !== undefined) {
    throw invalidRequest(
      `Cannot add multiple subscription items with the same price: ${repeated}.`,
      'items',
    );
  }
  const billings = [
    ...stored.subscription.items.data
      .filter((item) => !deleted.has(item.id))
      .map((item) => {
        const change = changes.find((c) => c.kind === 'change' && c.item === item);
        return change?.kind === 'change' && change.price ? change.price : item.price;
      }),
    ...changes.flatMap((c) => (c.kind === 'add' ? [c.price] : [])),
  ].map((price) => billingOf(price)!);
  const billing = billings[0]!;
  if (billings.some((other) => !sameInterval(other, billing))) {
    throw invalidRequest(
      `The sandbox bills all items of a subscription at one interval: after this update they would bill every ${billings.map(intervalText).join(', every ')}.`,
      'items',
    );
  }
  return { changes, billing };
}

/**
 * \`trial_end\`: a timestamp in the future (at most two years ahead, as at Stripe) until which
 * nothing is charged; the next invoice comes at the trial's end, and the billing cycle starts
 * again from it. This is how Stripe documents moving an active subscription's next billing date
 * without charging now (with \`proration_behavior=none\`). \`now\` (end a trial at once) is not
 * supported by the sandbox.
 */
function readTrialEnd(params: FormObject, now: number): number | undefined {
  if (params.trial_end === undefined) return undefined;
  if (params.trial_end === 'now') {
    throw invalidRequest(
      'The sandbox does not support `trial_end=now`: pass a timestamp in the future.',
      'trial_end',
    );
  }
  const trialEnd = readNonNegativeInteger(params.trial_end, 'trial_end');
  if (trialEnd === undefined || trialEnd <= now) {
    throw invalidRequest(
      'Invalid timestamp: must be an integer Unix timestamp in the future.',
      'trial_end',
    );
  }
  if (trialEnd > now + MAX_TRIAL_SECONDS) {
    throw invalidRequest(
      'Invalid timestamp: can be no more than two years in the future.',
      'trial_end',
    );
  }
  return trialEnd;
}

const MAX_TRIAL_SECONDS = 730 * 24 * 60 * 60;

function changesBilling(change: ItemChange): boolean {
  return change.kind !== 'change' || change.price !== undefined || change.quantity !== undefined;
}

/** `pause_collection`: `{ behavior: 'void', resumes_at? }`, null to clear, undefined to keep. */
function readPause(
  params: FormObject,
  now: number,
): Stripe.Subscription.PauseCollection | null | undefined {
  if (params.pause_collection === '') return null;
  const pause = readObject(params.pause_collection, 'pause_collection');
  if (!pause) return undefined;
  assertKnownKeys(pause, PAUSE_PARAMS, 'pause_collection');
  const behavior = readEnum(pause.behavior, 'pause_collection[behavior]', PAUSE_BEHAVIORS);
  if (behavior === undefined) throw missingParam('pause_collection[behavior]');
  if (behavior !== 'void') {
    throw invalidRequest(
      `The sandbox supports \`pause_collection[behavior]=void\` only (got \`${behavior}\`).`,
      'pause_collection[behavior]',
    );
  }
  const resumesAt =
    readNonNegativeInteger(pause.resumes_at, 'pause_collection[resumes_at]') ?? null;
  if (resumesAt !== null && resumesAt <= now) {
    throw invalidRequest(
      'pause_collection[resumes_at] must be in the future.',
      'pause_collection[resumes_at]',
    );
  }
  return { behavior, resumes_at: resumesAt };
}

/** The top-level fields that differ, with their values in `before`. */
function changedFields(before: Subscription, after: Subscription): Partial<Subscription> {
  const previous: Record<string, unknown> = {};
  const now = snapshot(after) as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(before)) {
    if (JSON.stringify(value) !== JSON.stringify(now[key])) previous[key] = value;
  }
  return previous as Partial<Subscription>;
}

/**
 * POST /v1/subscriptions/:id. Everything is checked before anything changes (a refused update
 * changes nothing). Item changes (`items[i][id]` with `price`/`quantity`/`metadata`/`deleted`, or
 * `price` alone to add one) need `proration_behavior=none`: the sandbox does not prorate, so
 * they apply from the next invoice on. Returns the changed fields' earlier values (for
 * `customer.subscription.updated`), or null when nothing changed.
 */
export function updateSubscription(
  store: SubscriptionStore,
  stored: StoredSubscription,
  params: FormObject,
  ctx: UpdateContext,
): Partial<Subscription> | null {
  const sub = stored.subscription;
  assertKnownKeys(params, UPDATE_PARAMS, '');
  if (sub.status === 'canceled') {
    const refused = Object.keys(params).find(
      (key) => !CANCELED_UPDATABLE.some((name) => name === key),
    );
    if (refused !== undefined) {
      throw invalidRequest(
        `This subscription is canceled: a canceled subscription can only update its metadata (and cancellation_details), not \`${refused}\`.`,
        refused,
      );
    }
  }
  const metadata = readMetadataUpdate(sub.metadata, params.metadata, 'metadata');
  const description = readString(params.description, 'description', 500);
  const cancelAtPeriodEnd = readBoolean(params.cancel_at_period_end, 'cancel_at_period_end');
  const paymentMethodId = readString(params.default_payment_method, 'default_payment_method');
  const paymentMethod = paymentMethodId
    ? ctx.paymentMethod(paymentMethodId, 'default_payment_method')
    : undefined;
  const pause = readPause(params, ctx.now);
  const trialEnd = readTrialEnd(params, ctx.now);
  const proration = readEnum(params.proration_behavior, 'proration_behavior', PRORATION_BEHAVIORS);
  if (proration !== undefined && proration !== 'none') {
    throw invalidRequest(
      `The sandbox supports \`proration_behavior=none\` only (got \`${proration}\`): it does not prorate.`,
      'proration_behavior',
    );
  }
  const { changes, billing } = readItemChanges(stored, params, ctx, trialEnd !== undefined);
  if ((changes.some(changesBilling) || trialEnd !== undefined) && proration !== 'none') {
    throw invalidRequest(
      "The sandbox does not prorate: send `proration_behavior=none` with item changes and `trial_end` (Stripe's default, `create_prorations`, would bill or credit the difference).",
      'proration_behavior',
    );
  }

  const before = snapshot(sub);
  if (metadata !== undefined) sub.metadata = metadata;
  if (description !== undefined) sub.description = description || null;
  if (paymentMethod !== undefined) sub.default_payment_method = paymentMethod;
  if (pause !== undefined) sub.pause_collection = pause;
  if (cancelAtPeriodEnd !== undefined && cancelAtPeriodEnd !== sub.cancel_at_period_end) {
    sub.cancel_at_period_end = cancelAtPeriodEnd;
    sub.cancel_at = cancelAtPeriodEnd ? store.period(stored).end : null;
    sub.canceled_at = cancelAtPeriodEnd ? ctx.now : null;
    sub.cancellation_details = {
      ...(sub.cancellation_details ?? { comment: null, feedback: null, feedback_option: null }),
      reason: cancelAtPeriodEnd ? 'cancellation_requested' : null,
    };
  }
  applyItemChanges(store, stored, changes, ctx.now);
  if (trialEnd !== undefined) store.startTrial(stored, ctx.now, trialEnd, billing);
  const previous = changedFields(before, sub);
  return Object.keys(previous).length > 0 ? previous : null;
}

function applyItemChanges(
  store: SubscriptionStore,
  stored: StoredSubscription,
  changes: ReadonlyArray<ItemChange>,
  now: number,
): void {
  const sub = stored.subscription;
  const deleted = new Set<SubscriptionItem>();
  for (const change of changes) {
    if (change.kind === 'delete') {
      deleted.add(change.item);
    } else if (change.kind === 'change') {
      if (change.price) setItemPrice(change.item, change.price);
      if (change.quantity !== undefined) change.item.quantity = change.quantity;
      if (change.metadata) change.item.metadata = change.metadata;
    }
  }
  const added = changes.flatMap((change) =>
    change.kind === 'add' ? [newSubscriptionItem(sub.id, change, now, store.period(stored))] : [],
  );
  sub.items.data = [...sub.items.data.filter((item) => !deleted.has(item)), ...added];
}
