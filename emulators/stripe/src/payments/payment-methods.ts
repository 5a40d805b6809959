import { newId } from '../core/ids.js';
import { missingReference } from '../core/stripe-error.js';

/** Stripe's test payment method that is attached fine but declines every charge. */
export const FAILING_TEST_PAYMENT_METHOD = 'pm_card_chargeCustomerFail';
/** Stripe's test payment method for a Visa card that always pays. */
export const VISA_TEST_PAYMENT_METHOD = 'pm_card_visa';

const TEST_PAYMENT_METHODS: ReadonlyMap<string, boolean> = new Map([
  [VISA_TEST_PAYMENT_METHOD, true],
  [FAILING_TEST_PAYMENT_METHOD, false],
]);

/**
 * The payment methods subscriptions are charged with: the `pm_...` saved when a subscription
 * checkout is paid (they pay), and Stripe's test tokens `pm_card_visa` (pays) and
 * `pm_card_chargeCustomerFail` (declines), which are kept under those names.
 */
export class PaymentMethodStore {
  private readonly saved = new Set<string>();

  /** A new card payment method, as Checkout saves one for a subscription. */
  create(): string {
    const id = newId('pm', 24);
    this.saved.add(id);
    return id;
  }

  /** The payment method a parameter names: 400 `resource_missing` when the sandbox has none. */
  require(id: string, param: string): string {
    if (!this.saved.has(id) && !TEST_PAYMENT_METHODS.has(id)) {
      throw missingReference('payment_method', id, param);
    }
    return id;
  }

  /** Whether a charge to this payment method goes through (no payment method: it does not). */
  charges(id: string | null): boolean {
    if (id === null) return false;
    return this.saved.has(id) || TEST_PAYMENT_METHODS.get(id) === true;
  }

  clear(): void {
    this.saved.clear();
  }
}
