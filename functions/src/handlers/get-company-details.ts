import { companyDetailsRequest, type CompanyDetailsResponse } from '@portal/domain';
import { companyDetails } from '../insights/company-details';
import { parseData, requireManager } from '../lib/caller';
import { callable } from './edge';

/**
 * Callable getCompanyDetails({ companyId }) (managers): the company page: the company, its
 * members and locations, orders and revenue net of refunds in all and per location, the 50
 * newest orders and the history. An unknown id is not-found. Reads only: no rate limit.
 */
export const getCompanyDetailsHandler = callable(
  async (request, ctx): Promise<CompanyDetailsResponse> => {
    await requireManager(request, ctx);
    const { companyId } = parseData(companyDetailsRequest, request.data);
    return companyDetails(ctx, companyId);
  },
);
