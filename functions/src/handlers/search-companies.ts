import { searchCompaniesRequest, type SearchCompaniesResponse } from '@portal/domain';
import { searchCompanies } from '../insights/search';
import { parseData, requireManager } from '../lib/caller';
import { callable } from './edge';

/**
 * Callable searchCompanies({ q?, status?, role?, range?, sort?, direction?, page?, pageSize?,
 * all? }) (managers): one page of the Companies table (q: a word of the name, a member's address
 * or a location's city; role: the business type), or every matching row up to
 * TABLE_EXPORT_MAX, with the total. Reads only: no rate limit.
 */
export const searchCompaniesHandler = callable(
  async (request, ctx): Promise<SearchCompaniesResponse> => {
    await requireManager(request, ctx);
    const query = parseData(searchCompaniesRequest, request.data);
    return searchCompanies(ctx, query);
  },
);
