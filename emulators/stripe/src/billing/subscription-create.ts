import type Stripe from 'stripe';
import { billingOf, intervalText, sameInterval } from './billing-periods.js';
import type { FormObject } from '../core/form-encoding.js';
import {
  assertKnownKeys,
  readList,
  readMetadata,
  readNonNegativeInteger,
  readObject,
  readString,
  requireString,
} from '../core/param-readers.js';
import { invalidRequest, missingParam, missingReference } from '../core/stripe-error.js';
import type { Customer, Param, Price } from '../core/types.js';
import type { NewSubscriptionItem } from './subscription-store.js';
import { readAutomaticTax } from './tax/automatic-tax-param.js';

export const SUBSCRIPTION_CREATE_PARAMS: ReadonlyArray<Param<Stripe.SubscriptionCreateParams>> = [
  'customer',
  'items',
  'default_payment_method',
  'automatic_tax',
  'metadata',
  'description',
  'expand',
];
const ITEM_PARAMS: ReadonlyArray<Param<Stripe.SubscriptionCreateParams.Item>> = [
  'price',
  'quantity',
  'metadata',
];
const MAX_ITEMS = 20;
const MAX_QUANTITY = 999_999;

/** What `POST /v1/subscriptions` looks up: the customer, prices and payment methods. */
export interface SubscriptionCreateLookups {
  customer(id: string, param: string): Customer;
  price(id: string): Price | undefined;
  paymentMethod(id: string, param: string): string;
}

export interface SubscriptionCreateInput {
  customer: Customer;
  items: Array<NewSubscriptionItem & { metadata: Stripe.Metadata }>;
  paymentMethod: string;
  automaticTax: boolean;
  metadata: Stripe.Metadata;
  description: string | null;
  currency: string;
}

function readItems(
  params: FormObject,
  lookups: SubscriptionCreateLookups,
): SubscriptionCreateInput['items'] {
  const list = readList(params.items, 'items');
  if (!list || list.length === 0) throw missingParam('items');
  if (list.length > MAX_ITEMS) {
    throw invalidRequest(`A subscription can have at most ${MAX_ITEMS} items.`, 'items');
  }
  const items = list.map((entry, index) => {
    const param = `items[${index}]`;
    const item = readObject(entry, param) ?? {};
    assertKnownKeys(item, ITEM_PARAMS, param);
    const id = requireString(item.price, `${param}[price]`);
    const price = lookups.price(id);
    if (!price) throw missingReference('price', id, `${param}[price]`);
    if (!price.active) {
      throw invalidRequest(
        'The price specified is inactive. This field only accepts active prices.',
        `${param}[price]`,
      );
    }
    if (!billingOf(price)) {
      throw invalidRequest(
        'The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.',
        `${param}[price]`,
      );
    }
    const quantity = readNonNegativeInteger(item.quantity, `${param}[quantity]`) ?? 1;
    if (quantity > MAX_QUANTITY) {
      throw invalidRequest(
        `This value must be less than or equal to ${MAX_QUANTITY}.`,
        `${param}[quantity]`,
      );
    }
    return { price, quantity, metadata: readMetadata(item.metadata, `${param}[metadata]`) };
  });
  const first = billingOf((items[0] as (typeof items)[number]).price);
  items.forEach((item, index) => {
    const billing = billingOf(item.price);
    if (first && billing && !sameInterval(billing, first)) {
      throw invalidRequest(
        `The sandbox bills all items of a subscription at one interval: ${item.price.id} bills every ${intervalText(billing)}, the first item every ${intervalText(first)}.`,
        `items[${index}][price]`,
      );
    }
  });
  return items;
}

/**
 * `POST /v1/subscriptions` for the sandbox: a `customer`, `items` (saved recurring prices at one
 * interval), the `default_payment_method` to charge (required: the sandbox has no customer
 * payment methods to fall back on), `automatic_tax`, `metadata`, `description`. Everything is
 * checked before anything is made.
 */
export function readCreateSubscription(
  params: FormObject,
  lookups: SubscriptionCreateLookups,
): SubscriptionCreateInput {
  assertKnownKeys(params, SUBSCRIPTION_CREATE_PARAMS, '');
  const customer = lookups.customer(requireString(params.customer, 'customer'), 'customer');
  const items = readItems(params, lookups);
  const paymentMethodId = readString(params.default_payment_method, 'default_payment_method');
  if (!paymentMethodId) {
    throw invalidRequest(
      'The sandbox charges a subscription’s first invoice at once: pass `default_payment_method` (`pm_card_visa`, say).',
      'default_payment_method',
      'parameter_missing',
    );
  }
  return {
    customer,
    items,
    paymentMethod: lookups.paymentMethod(paymentMethodId, 'default_payment_method'),
    automaticTax: readAutomaticTax(params.automatic_tax),
    metadata: readMetadata(params.metadata, 'metadata'),
    description: readString(params.description, 'description', 500) || null,
    currency: (items[0] as (typeof items)[number]).price.currency,
  };
}
