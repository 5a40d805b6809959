import { normalizePhone } from './phone-number.js';
import { validateShipping, type ShippingErrors, type ShippingForm } from './shipping-details.js';
import type { CollectedDetails, CollectedShipping } from '../core/types.js';

/** What the hosted page can refuse: a ship-to or phone field, or the shipping option picked. */
export type CheckoutErrors = ShippingErrors & { shipping_rate?: string };

/** What a session asks the buyer for on the hosted page. */
export interface FormRequirements {
  /** `shipping_address_collection[allowed_countries]`, or null when no ship-to is asked for. */
  allowedCountries: readonly string[] | null;
  /** `phone_number_collection[enabled]`: a phone number is required. */
  phoneRequired: boolean;
}

/**
 * Checks the hosted page's form against what the session asks for (fields it does not ask for
 * are ignored, as a tampered post may add them). Returns what was collected, or a message for
 * each bad field.
 */
export function validateCheckoutForm(
  form: Partial<ShippingForm>,
  requirements: FormRequirements,
): { ok: true; details: CollectedDetails } | { ok: false; errors: ShippingErrors } {
  let errors: ShippingErrors = {};
  let shipping: CollectedShipping | null = null;
  if (requirements.allowedCountries) {
    const checked = validateShipping(form, requirements.allowedCountries);
    if (checked.ok) shipping = checked.shipping;
    else errors = checked.errors;
  }
  let phone: string | null = null;
  if (requirements.phoneRequired) {
    phone = normalizePhone(form.phone ?? '');
    if (phone === null) errors.phone = 'Enter a valid phone number.';
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, details: { shipping, phone } };
}
