import { createHash } from 'node:crypto';

/**
 * The id of the order a placeTermsOrder request makes: derived from the caller and the request id
 * the browser made for that press of the button, so a retried or doubled call finds the order the
 * first one placed instead of placing another.
 */
export function termsOrderId(uid: string, requestId: string): string {
  return `terms_${createHash('sha256').update(`${uid}\n${requestId}`).digest('hex').slice(0, 24)}`;
}
