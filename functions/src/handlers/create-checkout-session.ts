import { createCheckoutSessionRequest, type CreateCheckoutSessionResponse } from '@portal/domain';
import { parseData, requireApprovedBuyer } from '../lib/caller';
import { createCheckout } from '../payments/create-checkout';
import { callable } from './edge';

/**
 * Callable createCheckoutSession (approved buyers): `{}` checks out the whole server-side cart,
 * `{ productId }` buys one unit now. Prices come from the product documents for the caller's
 * role; the client never sends one. Returns the Stripe Checkout URL and the pending order's id.
 */
export const createCheckoutSessionHandler = callable(
  async (request, ctx): Promise<CreateCheckoutSessionResponse> => {
    const caller = requireApprovedBuyer(request);
    const { productId } = parseData(createCheckoutSessionRequest, request.data);
    const email = request.auth?.token.email;
    return createCheckout({ uid: caller.uid, role: caller.role, email }, productId, ctx);
  },
);
