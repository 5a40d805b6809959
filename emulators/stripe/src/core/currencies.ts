/** Currencies the sandbox accepts (a common subset of Stripe's), and the ones without minor units. */
export const SUPPORTED_CURRENCIES: ReadonlyArray<string> = [
  'usd',
  'eur',
  'gbp',
  'cad',
  'aud',
  'nzd',
  'chf',
  'sek',
  'nok',
  'dkk',
  'pln',
  'czk',
  'huf',
  'ron',
  'bgn',
  'jpy',
  'krw',
  'sgd',
  'hkd',
  'mxn',
  'brl',
  'inr',
  'zar',
  'aed',
  'ils',
  'thb',
  'myr',
  'php',
];

const ZERO_DECIMAL: ReadonlyArray<string> = ['jpy', 'krw'];

export function minorUnitDigits(currency: string): number {
  return ZERO_DECIMAL.includes(currency) ? 0 : 2;
}

/** Checkout's smallest total per currency, in minor units (Stripe's documented minimum charge). */
export function minimumTotal(currency: string): number {
  if (currency === 'gbp') return 30;
  return 50;
}
