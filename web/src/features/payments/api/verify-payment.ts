import { skipToken, useQuery } from '@tanstack/react-query';
import {
  paymentOfRecordedOrder,
  verifyPaymentRequest,
  type VerifyPaymentResponse,
} from '@portal/domain';
import { callVerifyPayment } from '@/lib/callables';

/** The session_id in the URL is not a checkout session id: nothing to ask the server. */
export class InvalidSessionIdError extends Error {
  constructor() {
    super('Not a checkout session id');
    this.name = 'InvalidSessionIdError';
  }
}

/**
 * The payment as the order the webhook recorded says it (one document read), when that is all
 * verifyPayment would tell (paymentOfRecordedOrder); null when the order is not there yet, not
 * readable, not paid, not this caller's or this session's: verifyPayment answers then. Firestore
 * and the order's schema load here, not with the page (its first load stays as light).
 */
async function recordedPayment(
  orderId: string,
  sessionId: string,
  uid: string,
): Promise<VerifyPaymentResponse | null> {
  if (!orderId || orderId.includes('/')) return null;
  try {
    const { fetchOrder } = await import('@/entities/orders');
    const order = await fetchOrder(orderId);
    return order ? paymentOfRecordedOrder(order, sessionId, uid) : null;
  } catch {
    return null;
  }
}

/**
 * Whether the checkout session was paid. The order it became (`orderId`, from the success URL)
 * answers when the webhook has recorded it paid; otherwise the server is asked (verifyPayment
 * checks with Stripe and records the payment on the order). Amount in cents.
 */
export async function verifyPayment(
  sessionId: string,
  orderId: string | null = null,
  uid: string | null = null,
): Promise<VerifyPaymentResponse> {
  const request = verifyPaymentRequest.safeParse({ sessionId });
  if (!request.success) throw new InvalidSessionIdError();
  const recorded =
    orderId && uid ? await recordedPayment(orderId, request.data.sessionId, uid) : null;
  return recorded ?? callVerifyPayment(request.data);
}

export const verifyPaymentQueryKey = (sessionId: string) =>
  ['payments', 'verify', sessionId] as const;

/**
 * The verification of one checkout session, once the signed-in user (`uid`; null while nobody
 * is) is known, so the read and the call carry their token. Not retried: a failed verification
 * is reported to the buyer, who is told to contact support, rather than retried for a minute
 * behind a spinner.
 */
export function useVerifyPayment(
  sessionId: string | null,
  orderId: string | null,
  uid: string | null,
) {
  return useQuery({
    queryKey: verifyPaymentQueryKey(sessionId ?? ''),
    queryFn: sessionId && uid ? () => verifyPayment(sessionId, orderId, uid) : skipToken,
    retry: false,
    staleTime: Infinity,
  });
}
