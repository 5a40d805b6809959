import { createCheckoutSessionRequest, type CreateCheckoutSessionResponse } from '@portal/domain';
import { callerIp, parseData, requireApprovedBuyer } from '../lib/caller';
import { limitCallable } from '../lib/rate-limit';
import { createCheckout } from '../checkout/create-checkout';
import { callable } from './edge';

/**
 * Callable createCheckoutSession (approved buyers): `{}` checks out the whole server-side cart,
 * `{ productId }` buys one unit now, `{ interval }` starts a standing order of the cart;
 * `{ locationId }` names the company's location it ships to. Prices come from the product documents for the caller's
 * role; the client never sends one. Returns the Stripe Checkout URL and the pending order's id.
 * Rate limited per buyer and per IP before anything reaches Stripe.
 */
export const createCheckoutSessionHandler = callable(
  async (request, ctx): Promise<CreateCheckoutSessionResponse> => {
    const caller = requireApprovedBuyer(request);
    const { productId, interval, locationId, poNumber } = parseData(
      createCheckoutSessionRequest,
      request.data,
    );
    await limitCallable(ctx.db, 'createCheckoutSession', {
      uid: caller.uid,
      ip: callerIp(request),
    });
    const email = request.auth?.token.email;
    return createCheckout(
      { uid: caller.uid, email },
      productId,
      ctx,
      interval,
      locationId,
      poNumber,
    );
  },
);
