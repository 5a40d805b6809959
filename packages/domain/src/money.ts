import { groupThousands } from './number-text';

/** Money is integer cents everywhere; these are the only conversions. */
export type Cents = number;

/** The Intl formatter, for amounts formatUsd does not write itself (made on first use). */
let intlUsd: Intl.NumberFormat | undefined;
const usdByIntl = (dollars: number) =>
  (intlUsd ??= new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })).format(dollars);

export function isCents(value: unknown): value is Cents {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/**
 * 12345 -> "$123.45", -250 -> "-$2.50": exactly what Intl's en-US currency format writes, without
 * loading Intl's number data on the page (number-text.ts). A fraction of a cent is rounded half
 * away from zero, as Intl does. Past 2^53 cents (or not finite) it is Intl's; from $90 trillion up
 * Intl's division by 100 can be a cent off, this never is.
 */
export function formatUsd(cents: Cents): string {
  const rounded = Math.round(Math.abs(cents));
  if (!Number.isSafeInteger(rounded)) return usdByIntl(cents / 100);
  const negative = cents < 0 || Object.is(cents, -0);
  const whole = groupThousands(String(Math.floor(rounded / 100)));
  const fraction = String(rounded % 100).padStart(2, '0');
  return `${negative ? '-' : ''}$${whole}.${fraction}`;
}

/** "12.5" or 12.5 -> 1250. Throws on anything that is not a non-negative amount with at most 2 decimals. */
export function dollarsToCents(dollars: string | number): Cents {
  const text = typeof dollars === 'number' ? String(dollars) : dollars.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(text)) {
    throw new RangeError(`Not a dollar amount: ${JSON.stringify(dollars)}`);
  }
  const [whole, fraction = ''] = text.split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) throw new RangeError('Amount too large');
  return cents;
}

/** 1250 -> "12.50" (for form inputs). */
export function centsToDollarString(cents: Cents): string {
  return (cents / 100).toFixed(2);
}
