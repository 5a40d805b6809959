/** Money is integer cents everywhere; these are the only conversions. */
export type Cents = number;

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

export function isCents(value: unknown): value is Cents {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** 12345 -> "$123.45" */
export function formatUsd(cents: Cents): string {
  return usd.format(cents / 100);
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
