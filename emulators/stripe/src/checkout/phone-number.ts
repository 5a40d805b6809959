/** Separators people type inside phone numbers: spaces, parentheses, dots and dashes. */
const SEPARATORS = /[\s().-]/g;
/** A North American number without the country code: area code and exchange do not start 0 or 1. */
const NANP = /^[2-9]\d{2}[2-9]\d{6}$/;

/**
 * A phone number as typed on the hosted page, in E.164 (`+14155550123`), or null when it is not
 * one. A number without `+` is taken as North American: 10 digits, or 11 starting with 1.
 */
export function normalizePhone(typed: string): string | null {
  const compact = typed.trim().replace(SEPARATORS, '');
  if (/^\+\d{8,15}$/.test(compact)) {
    return compact.startsWith('+1') && !NANP.test(compact.slice(2)) ? null : compact;
  }
  const national = compact.length === 11 && compact.startsWith('1') ? compact.slice(1) : compact;
  return NANP.test(national) ? `+1${national}` : null;
}
