import {
  newsletterTokenRequest,
  subscribeNewsletterRequest,
  type AcceptedResponse,
  type NewsletterTokenResponse,
} from '@portal/domain';
import { callerIp, parseData } from '../lib/caller';
import { inFixedTime } from '../lib/fixed-time';
import { confirmSubscription, subscribe, unsubscribe } from '../newsletter/subscriptions';
import { callable } from './edge';

/**
 * Callable subscribeNewsletter({ email }) (anyone): queues the confirmation mail. The same answer
 * after the same time whether the address is new, pending or confirmed (lib/fixed-time.ts).
 */
export const subscribeNewsletterHandler = callable(
  async (request, ctx): Promise<AcceptedResponse> => {
    const { email } = parseData(subscribeNewsletterRequest, request.data);
    await inFixedTime(() => subscribe(ctx, email, callerIp(request)));
    return { accepted: true };
  },
);

/** Callable confirmNewsletter({ token }) (anyone with the link). */
export const confirmNewsletterHandler = callable(
  async (request, ctx): Promise<NewsletterTokenResponse> => {
    const { token } = parseData(newsletterTokenRequest, request.data);
    return { state: await confirmSubscription(ctx.db, token) };
  },
);

/** Callable unsubscribeNewsletter({ token }) (anyone with the link). */
export const unsubscribeNewsletterHandler = callable(
  async (request, ctx): Promise<NewsletterTokenResponse> => {
    const { token } = parseData(newsletterTokenRequest, request.data);
    return { state: await unsubscribe(ctx.db, token) };
  },
);
