import { useCallback, useState } from 'react';

export type NewsletterState =
  | { status: 'idle' }
  | { status: 'sending' }
  | { status: 'done' }
  | { status: 'error'; message: string };

export const NEWSLETTER_ERROR = "We couldn't sign you up right now. Please try again.";

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
    } catch {
      setState({ status: 'error', message: NEWSLETTER_ERROR });
    }
  }, []);

  return { state, subscribe };
}
