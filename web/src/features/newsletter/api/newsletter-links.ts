import type { NewsletterTokenResponse } from '@portal/domain';
import { callConfirmNewsletter, callUnsubscribeNewsletter } from '@/lib/callables';

/** The newsletter links of our emails: /newsletter/confirm and /newsletter/unsubscribe. */
export type NewsletterAction = 'confirm' | 'unsubscribe';

export function isNewsletterAction(value: string | undefined): value is NewsletterAction {
  return value === 'confirm' || value === 'unsubscribe';
}

/** Confirms the subscription of a confirm link's token (double opt-in). */
export function confirmSubscription(token: string): Promise<NewsletterTokenResponse> {
  return callConfirmNewsletter({ token });
}

/** Ends the subscription of an unsubscribe link's token. */
export function unsubscribe(token: string): Promise<NewsletterTokenResponse> {
  return callUnsubscribeNewsletter({ token });
}
