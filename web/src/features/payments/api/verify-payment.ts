import { skipToken, useQuery } from '@tanstack/react-query';
import { verifyPaymentRequest, type VerifyPaymentResponse } from '@portal/domain';
import { callVerifyPayment } from '@/lib/callables';

/** The session_id in the URL is not a checkout session id: nothing to ask the server. */
export class InvalidSessionIdError extends Error {
  constructor() {
    super('Not a checkout session id');
    this.name = 'InvalidSessionIdError';
  }
}

/**
 * Asks the server whether the checkout session was paid (it checks with Stripe and records the
 * payment on the order). Amount in cents.
 */
export async function verifyPayment(sessionId: string): Promise<VerifyPaymentResponse> {
  const request = verifyPaymentRequest.safeParse({ sessionId });
  if (!request.success) throw new InvalidSessionIdError();
  return callVerifyPayment(request.data);
}

export const verifyPaymentQueryKey = (sessionId: string) =>
  ['payments', 'verify', sessionId] as const;

/**
 * The verification of one checkout session, once `ready` (the signed-in user is known, so the
 * call carries their token). Not retried: a failed verification is reported to the buyer, who
 * is told to contact support, rather than retried for a minute behind a spinner.
 */
export function useVerifyPayment(sessionId: string | null, ready: boolean) {
  return useQuery({
    queryKey: verifyPaymentQueryKey(sessionId ?? ''),
    queryFn: sessionId && ready ? () => verifyPayment(sessionId) : skipToken,
    retry: false,
    staleTime: Infinity,
  });
}
