import type { CollectedShipping } from '../core/types.js';

/** The fields of the hosted page's ship-to and phone form, as typed. */
export interface ShippingForm {
  name: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
  phone: string;
}

export type ShippingErrors = Partial<Record<keyof ShippingForm, string>>;

/** US states, DC, territories and military post offices: what Checkout offers for a US address. */
export const US_STATE_CODES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
  'AS',
  'GU',
  'MP',
  'PR',
  'VI',
  'AA',
  'AE',
  'AP',
] as const;

const REGION_NAMES = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

/** `US` -> `United States`; undefined for a code that names no country. */
export function knownCountryName(code: string): string | undefined {
  if (!/^[A-Z]{2}$/.test(code)) return undefined;
  const name = REGION_NAMES.of(code);
  return name === undefined || name === 'Unknown Region' ? undefined : name;
}

export function countryName(code: string): string {
  return knownCountryName(code) ?? code;
}

const CONTROL = /\p{Cc}/u;

function clean(value: string | undefined): string {
  return (value ?? '').trim();
}

/**
 * Checks a typed ship-to the way Checkout's form does: required fields, a US state and ZIP code
 * for a US address, a country among `allowedCountries` (a tampered form post included). Returns
 * the collected ship-to, or the message for each bad field.
 */
export function validateShipping(
  form: Partial<ShippingForm>,
  allowedCountries: readonly string[],
): { ok: true; shipping: CollectedShipping } | { ok: false; errors: ShippingErrors } {
  const value = {
    name: clean(form.name),
    line1: clean(form.line1),
    line2: clean(form.line2),
    city: clean(form.city),
    state: clean(form.state).toUpperCase(),
    postal_code: clean(form.postal_code),
    country: clean(form.country).toUpperCase(),
  };
  const errors: ShippingErrors = {};
  const text = (field: keyof typeof value, message: string, max: number) => {
    const v = value[field];
    if (v === '') errors[field] = message;
    else if (v.length > max) errors[field] = `Use at most ${max} characters.`;
    else if (CONTROL.test(v)) errors[field] = 'Remove the special characters.';
  };
  text('name', 'Enter the full name.', 100);
  text('line1', 'Enter the street address.', 100);
  if (value.line2.length > 100) errors.line2 = 'Use at most 100 characters.';
  else if (CONTROL.test(value.line2)) errors.line2 = 'Remove the special characters.';
  text('city', 'Enter the city.', 60);
  if (!allowedCountries.includes(value.country)) {
    errors.country = `We can only ship to: ${allowedCountries.map(countryName).join(', ')}.`;
  } else if (value.country === 'US') {
    if (!(US_STATE_CODES as readonly string[]).includes(value.state)) {
      errors.state = 'Choose a state.';
    }
    if (!/^\d{5}(-\d{4})?$/.test(value.postal_code)) {
      errors.postal_code = 'Enter a valid ZIP code.';
    }
  } else {
    text('postal_code', 'Enter the postal code.', 20);
    if (value.state.length > 60) errors.state = 'Use at most 60 characters.';
    else if (CONTROL.test(value.state)) errors.state = 'Remove the special characters.';
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    shipping: {
      name: value.name,
      address: {
        line1: value.line1,
        line2: value.line2 === '' ? null : value.line2,
        city: value.city,
        state: value.state === '' ? null : value.state,
        postal_code: value.postal_code,
        country: value.country,
      },
    },
  };
}
