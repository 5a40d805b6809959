/**
 * The unguessable token in newsletter confirm and unsubscribe links: 32 to 64 URL-safe
 * characters. Kept apart from the schemas (no Zod), so the page those links open can check a
 * token's shape without loading the validation library.
 */
export const NEWSLETTER_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,64}$/;

/** Whether a value has the shape of a newsletter link's token (what the server accepts). */
export function isNewsletterTokenShape(value: unknown): value is string {
  return typeof value === 'string' && NEWSLETTER_TOKEN_PATTERN.test(value);
}
