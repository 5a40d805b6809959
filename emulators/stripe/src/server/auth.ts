import { StripeApiError } from '../core/stripe-error.js';

/** Reads the secret key from `Authorization: Bearer <key>` or `Basic base64(<key>:)`. */
export function apiKeyFromHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const [scheme, value] = header.trim().split(/\s+/, 2);
  if (!scheme || !value) return undefined;
  if (scheme.toLowerCase() === 'bearer') return value;
  if (scheme.toLowerCase() === 'basic') {
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return colon === -1 ? decoded : decoded.slice(0, colon);
  }
  return undefined;
}

function redact(key: string): string {
  const prefix = key.startsWith('sk_test_')
    ? 'sk_test_'
    : key.startsWith('sk_live_')
      ? 'sk_live_'
      : '';
  return `${prefix}${'*'.repeat(Math.max(4, key.length - prefix.length - 4)).slice(0, 20)}${key.slice(-4)}`;
}

/** Stripe answers 401 with an `invalid_request_error` body; stripe-node raises StripeAuthenticationError. */
export function authenticate(header: string | undefined, acceptedKey: string): string {
  const key = apiKeyFromHeader(header);
  if (!key) {
    throw new StripeApiError(
      401,
      'invalid_request_error',
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    );
  }
  if (key !== acceptedKey) {
    throw new StripeApiError(
      401,
      'invalid_request_error',
      `Invalid API Key provided: ${redact(key)}`,
    );
  }
  return key;
}
