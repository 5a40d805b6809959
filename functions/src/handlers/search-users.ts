import { searchUsersRequest, type SearchUsersResponse } from '@portal/domain';
import { searchUsers } from '../insights/search';
import { parseData, requireManager } from '../lib/caller';
import { callable } from './edge';

/**
 * Callable searchUsers({ q?, status?, role?, range?, sort?, direction?, page?, pageSize?, all? })
 * (managers): one page of the Users table (buyers; managers are not rows), or every matching row
 * up to TABLE_EXPORT_MAX, with the total. Reads only: no rate limit.
 */
export const searchUsersHandler = callable(async (request, ctx): Promise<SearchUsersResponse> => {
  await requireManager(request, ctx);
  const query = parseData(searchUsersRequest, request.data);
  return searchUsers(ctx, query);
});
