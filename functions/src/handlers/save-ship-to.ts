import { saveShipToRequest, type SaveShipToResponse } from '@portal/domain';
import { saveShipTo } from '../accounts/ship-to';
import { parseData, requireApprovedBuyer } from '../lib/caller';
import { callable } from './edge';

/** Callable saveShipTo({ shipTo }) (approved buyers): the default ship-to used at Checkout. */
export const saveShipToHandler = callable(async (request, ctx): Promise<SaveShipToResponse> => {
  const caller = requireApprovedBuyer(request);
  const { shipTo } = parseData(saveShipToRequest, request.data);
  return saveShipTo(caller.uid, shipTo, ctx);
});
