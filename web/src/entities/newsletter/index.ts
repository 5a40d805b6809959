import { callSubscribeNewsletter } from '@/lib/callables';

/**
 * Asks for a newsletter subscription through the subscribeNewsletter function: it records the
 * address as pending and mails a confirmation link (double opt-in). Only a confirmed address
 * gets the newsletter; the browser never writes the subscriber list itself.
 *
 * This module pulls in the Firebase SDK, so the landing page must only load it with a dynamic
 * import when the visitor submits (features/landing/api/use-subscribe-newsletter.ts): the route
 * itself ships no Firebase code.
 */
export async function subscribeNewsletter(email: string): Promise<void> {
  await callSubscribeNewsletter({ email });
}
