/**
 * Whole numbers as the portal writes them (en-US: 1,234), without Intl. A page's first use of
 * Intl.NumberFormat (or toLocaleString on a number) loads the number data of the browser's ICU:
 * 25 to 55 ms on this machine's Chromium, four times that on the phone Lighthouse simulates, in
 * the task that evaluates the page's modules or draws its first view. The portal writes numbers
 * in one locale only, so the pages that show counts and prices do without it (money.ts).
 */

/** The digits of a non-negative whole number, grouped by thousands: 1234567 -> "1,234,567". */
export function groupThousands(digits: string): string {
  let out = '';
  for (let end = digits.length; end > 0; end -= 3) {
    const start = Math.max(0, end - 3);
    out = out === '' ? digits.slice(start, end) : `${digits.slice(start, end)},${out}`;
  }
  return out;
}

/**
 * A count as the portal shows it: 1234 -> "1,234", -5 -> "-5" (and -0 -> "-0", as Intl writes
 * it). A count that is not a safe whole number (a fraction, NaN, Infinity) is written as
 * toLocaleString('en-US') writes it.
 */
export function formatCount(count: number): string {
  if (!Number.isSafeInteger(count)) return count.toLocaleString('en-US');
  const text = groupThousands(String(Math.abs(count)));
  return count < 0 || Object.is(count, -0) ? `-${text}` : text;
}
