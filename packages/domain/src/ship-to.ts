/**
 * Where an order goes: the ship-to name, phone and US address collected by Stripe Checkout and
 * editable on My Account. One schema for the order, the profile default and the forms.
 */
import * as z from 'zod/mini';
import { hasUnsafeText, UNSAFE_TEXT_MESSAGE } from './plain-text';

/** The 50 states, DC and the territories USPS delivers to. */
export const US_STATES = [
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

/**
 * Printable text without control or bidirectional formatting characters (no header or line
 * injection into mails and PDFs, no reordered names: plain-text.ts).
 */
const line = (max: number) =>
  z.string().check(
    z.trim(),
    z.maxLength(max, `Use at most ${max} characters.`),
    z.refine((value) => !hasUnsafeText(value), UNSAFE_TEXT_MESSAGE),
  );

export const shipToAddressSchema = z.object({
  line1: line(100).check(z.minLength(1, 'Enter the street address.')),
  line2: z._default(line(100), ''),
  city: line(60).check(z.minLength(1, 'Enter the city.')),
  state: z.string().check(
    z.trim(),
    z.toUpperCase(),
    z.refine((s) => (US_STATES as readonly string[]).includes(s), 'Choose a US state.'),
  ),
  postal_code: z
    .string()
    .check(z.trim(), z.regex(/^\d{5}(-\d{4})?$/, 'Enter a 5-digit ZIP code (or ZIP+4).')),
  country: z.literal('US', { error: 'We ship to US addresses only.' }),
});

export const shipToSchema = z.object({
  name: line(100).check(z.minLength(1, 'Enter the name to ship to.')),
  /** Digits with an optional leading +, as Stripe collects it; empty when not given. */
  phone: z
    .pipe(
      z.string().check(z.trim()),
      z.transform((s: string) => s.replace(/[\s().-]/g, '')),
    )
    .check(
      z.refine(
        (s) => s === '' || /^\+?\d{10,15}$/.test(s),
        'Enter a phone number with 10 to 15 digits.',
      ),
    ),
  address: shipToAddressSchema,
});
export type ShipTo = z.infer<typeof shipToSchema>;

/** The address as printed on a label, packing slip or invoice: one string per line. */
export function shipToLines(shipTo: ShipTo): string[] {
  const { address } = shipTo;
  return [
    shipTo.name,
    address.line1,
    ...(address.line2 ? [address.line2] : []),
    `${address.city}, ${address.state} ${address.postal_code}`,
    'United States',
    ...(shipTo.phone ? [shipTo.phone] : []),
  ];
}
