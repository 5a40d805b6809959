import { getTaxReportRequest, type GetTaxReportResponse } from '@portal/domain';
import { parseData, requireManager } from '../lib/caller';
import { taxReport } from '../tax/tax-report';
import { callable } from './edge';

/**
 * Callable getTaxReport({ from, to }) (managers): the tax report of the months `from` to `to`
 * (YYYY-MM, Pacific; at most TAX_REPORT_MAX_MONTHS). Only reads: no rate limit, like
 * getReceivables.
 */
export const getTaxReportHandler = callable(async (request, ctx): Promise<GetTaxReportResponse> => {
  await requireManager(request, ctx);
  const { from, to } = parseData(getTaxReportRequest, request.data);
  return taxReport(ctx.db, from, to);
});
