/**
 * The token of a standing order reminder's one-tap skip link: a payload and its signature, both
 * URL-safe base64 (the functions sign and check it: standing-orders/skip-link.ts). Kept apart from
 * the schemas (no Zod), so the public skip page can check a token's shape without loading them.
 */
export const SKIP_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,400}\.[A-Za-z0-9_-]{43}$/;

/** Whether a value has the shape of a skip link's token (what the server accepts). */
export function isSkipTokenShape(value: unknown): value is string {
  return typeof value === 'string' && SKIP_TOKEN_PATTERN.test(value);
}
