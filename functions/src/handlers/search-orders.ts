import { searchOrdersRequest, type SearchOrdersResponse } from '@portal/domain';
import { searchOrders } from '../insights/search';
import { parseData, requireManager } from '../lib/caller';
import { callable } from './edge';

/**
 * Callable searchOrders({ q?, status?, role?, range?, sort?, direction?, page?, pageSize?, all? })
 * (managers): one page of the Orders table, or every matching row up to TABLE_EXPORT_MAX (the
 * CSV), with the total. Reads only: no rate limit (functions/test/lib/rate-limits.test.ts).
 */
export const searchOrdersHandler = callable(async (request, ctx): Promise<SearchOrdersResponse> => {
  await requireManager(request, ctx);
  const query = parseData(searchOrdersRequest, request.data);
  return searchOrders(ctx, query);
});
