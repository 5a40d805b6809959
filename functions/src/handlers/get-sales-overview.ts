import { salesOverviewRequest, type SalesOverviewResponse } from '@portal/domain';
import { parseData, requireManager } from '../lib/caller';
import { getSalesOverview } from '../insights/sales-overview';
import { openReceivables } from '../terms/receivables';
import { callable } from './edge';

/**
 * Callable getSalesOverview({ range: { from, to }, interval?, preset? }) (managers): the
 * dashboard's sales figures for a range of business days and the period it is compared with
 * (comparisonRange: the preset says which, e.g. Last month against the whole month before), read
 * from the sales
 * rollups (docs/manager-insight.md), with what companies on payment terms owe now (their
 * credit accounts with an open balance: docs/payment-terms.md). Reads only, a few hundred
 * documents at most: not rate limited.
 */
export const getSalesOverviewHandler = callable(
  async (request, ctx): Promise<SalesOverviewResponse> => {
    await requireManager(request, ctx);
    const query = parseData(salesOverviewRequest, request.data);
    const [overview, receivable] = await Promise.all([
      getSalesOverview(query, ctx),
      openReceivables(ctx.db),
    ]);
    return { ...overview, openReceivables: receivable };
  },
);
