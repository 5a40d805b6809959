import { minorUnitDigits } from './currencies.js';

/** `1250, 'usd'` -> `$12.50`; other currencies keep their code: `12.50 EUR`. */
export function formatAmount(amount: number, currency: string): string {
  const digits = minorUnitDigits(currency);
  const negative = amount < 0;
  const absolute = Math.abs(amount);
  let text: string;
  if (digits === 0) {
    text = String(absolute);
  } else {
    const whole = Math.floor(absolute / 100);
    const cents = String(absolute % 100).padStart(2, '0');
    text = `${whole.toLocaleString('en-US')}.${cents}`;
  }
  const sign = negative ? '-' : '';
  return currency === 'usd' ? `${sign}$${text}` : `${sign}${text} ${currency.toUpperCase()}`;
}
