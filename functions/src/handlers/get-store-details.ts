import { storeDetailsRequest, type StoreDetailsResponse } from '@portal/domain';
import { storeDetails } from '../insights/store-details';
import { parseData, requireManager } from '../lib/caller';
import { callable } from './edge';

/**
 * Callable getStoreDetails({ uid }) (managers): one buyer's store page: profile and account,
 * history, the 50 newest orders, the order count and the lifetime revenue net of refunds. An
 * unknown uid, or a manager's, is not-found. Reads only: no rate limit.
 */
export const getStoreDetailsHandler = callable(
  async (request, ctx): Promise<StoreDetailsResponse> => {
    await requireManager(request, ctx);
    const { uid } = parseData(storeDetailsRequest, request.data);
    return storeDetails(ctx, uid);
  },
);
