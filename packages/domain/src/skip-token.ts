/**
 * The token of a standing order reminder's one-tap skip link: a payload and its signature, both
 * URL-safe base64 (the functions sign and check it: standing-orders/skip-link.ts). Its own module,
 * imported by the public skip page only, so that page checks a token's shape without loading
 * the validation library or another chunk.
 */
export const SKIP_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,400}\.[A-Za-z0-9_-]{43}$/;

/** Whether a value has the shape of a skip link's token (what the server accepts). */
export function isSkipTokenShape(value: unknown): value is string {
  return typeof value === 'string' && SKIP_TOKEN_PATTERN.test(value);
}
