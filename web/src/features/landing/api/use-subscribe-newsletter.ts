import { useCallback, useState } from 'react';
import { isCallableError } from '@/lib/callable-errors';

export type NewsletterState =
  | { status: 'idle' }
  | { status: 'sending' }
  | { status: 'done' }
  | { status: 'error'; message: string };

export const NEWSLETTER_ERROR = "We couldn't sign you up right now. Please try again.";
export const NEWSLETTER_RATE_LIMITED = 'Too many sign-ups from here. Please try again later.';

/**
 * Newsletter signup for the landing page. The landing route has no query client (it sits outside
 * the UI shell to stay light), so this hook keeps its own small state instead of useMutation, and
 * imports the Firebase-backed fetcher only when called.
 */
export function useSubscribeNewsletter() {
  const [state, setState] = useState<NewsletterState>({ status: 'idle' });

  const subscribe = useCallback(async (email: string) => {
    setState({ status: 'sending' });
    try {
      const { subscribeNewsletter } = await import('@/entities/newsletter');
      await subscribeNewsletter(email);
      setState({ status: 'done' });
    } catch (error) {
      const message = isCallableError(error, 'resource-exhausted')
        ? NEWSLETTER_RATE_LIMITED
        : NEWSLETTER_ERROR;
      setState({ status: 'error', message });
    }
  }, []);

  return { state, subscribe };
}
