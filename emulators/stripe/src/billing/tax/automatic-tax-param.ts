import type Stripe from 'stripe';
import type { FormValue } from '../../core/form-encoding.js';
import { assertKnownKeys, readBoolean, readObject, readString } from '../../core/param-readers.js';
import { invalidRequest, missingParam } from '../../core/stripe-error.js';
import type { Param } from '../../core/types.js';

const AUTOMATIC_TAX_PARAMS: ReadonlyArray<
  Param<
    | Stripe.Checkout.SessionCreateParams.AutomaticTax
    | Stripe.InvoiceCreateParams.AutomaticTax
    | Stripe.SubscriptionCreateParams.AutomaticTax
  >
> = ['enabled', 'liability'];
const LIABILITY_PARAMS: ReadonlyArray<
  Param<Stripe.Checkout.SessionCreateParams.AutomaticTax.Liability>
> = ['type', 'account'];

/**
 * `automatic_tax[enabled]` (required with `automatic_tax`) and `automatic_tax[liability][type]`
 * (`self` only: the sandbox has no connected accounts).
 */
export function readAutomaticTax(value: FormValue | undefined): boolean {
  const tax = readObject(value, 'automatic_tax');
  if (!tax) return false;
  assertKnownKeys(tax, AUTOMATIC_TAX_PARAMS, 'automatic_tax');
  const enabled = readBoolean(tax.enabled, 'automatic_tax[enabled]');
  if (enabled === undefined) throw missingParam('automatic_tax[enabled]');
  const liability = readObject(tax.liability, 'automatic_tax[liability]');
  if (liability) {
    assertKnownKeys(liability, LIABILITY_PARAMS, 'automatic_tax[liability]');
    const type = readString(liability.type, 'automatic_tax[liability][type]');
    if (type === undefined || type === '') throw missingParam('automatic_tax[liability][type]');
    if (type !== 'self') {
      throw invalidRequest(
        `The sandbox has no connected accounts: \`automatic_tax[liability][type]\` must be \`self\` (got \`${type}\`).`,
        'automatic_tax[liability][type]',
      );
    }
  }
  return enabled;
}
