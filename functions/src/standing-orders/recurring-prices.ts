import type Stripe from 'stripe';
import type { BuyerRole } from '@portal/domain';
import { isStripeInvalidRequest } from './stripe-objects';

export interface RecurringPriceInput {
  productId: string;
  name: string;
  role: BuyerRole;
  weeks: number;
  /** Cents per unit, computed by the server's pricing for this role and quantity. */
  unitAmount: number;
}

/**
 * One Stripe Price per product, role, interval and amount, found again by its lookup key: a
 * second standing order at the same price reuses it, and a price change makes a new one (Stripe
 * prices cannot change their amount). The key holds the product id, so two products never share.
 */
export function recurringPriceKey(input: RecurringPriceInput): string {
  return `so:${input.productId}:${input.role}:${input.weeks}w:${input.unitAmount}`;
}

async function findPrice(stripe: Stripe, key: string): Promise<string | null> {
  const found = await stripe.prices.list({ lookup_keys: [key], active: true, limit: 1 });
  return found.data[0]?.id ?? null;
}

/** The id of the recurring price for these terms, created the first time it is needed. */
export async function recurringPriceId(
  stripe: Stripe,
  input: RecurringPriceInput,
): Promise<string> {
  const key = recurringPriceKey(input);
  const existing = await findPrice(stripe, key);
  if (existing) return existing;
  const metadata = {
    productId: input.productId,
    role: input.role,
    weeks: String(input.weeks),
  };
  try {
    const price = await stripe.prices.create(
      {
        currency: 'usd',
        unit_amount: input.unitAmount,
        recurring: { interval: 'week', interval_count: input.weeks },
        lookup_key: key,
        product_data: { name: input.name, metadata: { productId: input.productId } },
        metadata,
      },
      { idempotencyKey: `price:${key}` },
    );
    return price.id;
  } catch (error) {
    // Another call created it between our lookup and our create: use that one.
    if (isStripeInvalidRequest(error)) {
      const raced = await findPrice(stripe, key);
      if (raced) return raced;
    }
    throw error;
  }
}

/** Resolves each price once (lines of one checkout or cycle share their interval and role). */
export function recurringPriceIds(
  stripe: Stripe,
  inputs: readonly RecurringPriceInput[],
): Promise<string[]> {
  return Promise.all(inputs.map((input) => recurringPriceId(stripe, input)));
}
