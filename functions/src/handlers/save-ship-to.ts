import { saveShipToRequest, type SaveShipToResponse } from '@portal/domain';
import { saveShipTo } from '../accounts/ship-to';
import { callerIp, parseData, requireApprovedBuyer } from '../lib/caller';
import { limitCallable } from '../lib/rate-limit';
import { callable } from './edge';

/**
 * Callable saveShipTo({ shipTo }) (approved buyers): the default ship-to used at Checkout. Rate
 * limited per buyer and per IP (each save updates their Stripe Customer).
 */
export const saveShipToHandler = callable(async (request, ctx): Promise<SaveShipToResponse> => {
  const caller = requireApprovedBuyer(request);
  const { shipTo } = parseData(saveShipToRequest, request.data);
  await limitCallable(ctx.db, 'saveShipTo', { uid: caller.uid, ip: callerIp(request) });
  return saveShipTo(caller.uid, shipTo, ctx);
});
