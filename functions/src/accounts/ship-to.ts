import { membershipOf, paths, type SaveShipToResponse, type ShipTo } from '@portal/domain';
import { NOT_APPROVED } from '../lib/caller';
import type { Context } from '../lib/context';
import { NotAllowedError } from '../lib/errors';
import { log } from '../lib/log';
import { forgetCustomer, storedCustomerId, stripeShipping } from '../stripe/stripe-customers';
import { isMissingResource, stripeFailure } from '../stripe/stripe-errors';

/**
 * saveShipTo: the buyer's default ship-to. It goes to their Stripe Customer first (Checkout
 * pre-fills it from there), then to the profile My Account shows; when Stripe cannot take it,
 * nothing changes. A buyer without a customer yet gets one with this address at first checkout.
 */
export async function saveShipTo(
  uid: string,
  shipTo: ShipTo,
  ctx: Pick<Context, 'db' | 'stripe'>,
): Promise<SaveShipToResponse> {
  const { db } = ctx;
  const profileRef = db.doc(paths.profile(uid));
  const profile = await profileRef.get();
  const membership = membershipOf(profile.data());
  if (!profile.exists || profile.get('status') !== 'approved' || !membership) {
    throw new NotAllowedError(NOT_APPROVED);
  }
  // The company's customer: every member's checkout uses it.
  const companyId = membership.companyId;
  const customerId = await storedCustomerId(db, companyId);
  if (customerId) {
    try {
      await ctx.stripe().customers.update(customerId, { shipping: stripeShipping(shipTo) });
    } catch (error) {
      if (!isMissingResource(error)) throw stripeFailure('ship_to_save_failed', error, { uid });
      await forgetCustomer(db, companyId, customerId);
    }
  }
  await profileRef.update({ ship_to: shipTo });
  log.info('ship_to_saved', { uid, customer: customerId !== null });
  return { shipTo };
}
