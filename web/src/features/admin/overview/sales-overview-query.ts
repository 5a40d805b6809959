import type { DayRange } from '@portal/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callGetSalesOverview } from '@/lib/callables';
import type { AskedInterval } from './use-overview-range';

export const overviewKeys = {
  all: () => ['admin', 'overview'] as const,
  range: (range: DayRange, interval: AskedInterval) =>
    [...overviewKeys.all(), range.from, range.to, interval] as const,
};

/**
 * The Overview's figures (getSalesOverview). While another range loads, the last one stays on
 * screen (`isPlaceholderData`) instead of a blank page.
 */
export function useSalesOverview(range: DayRange, interval: AskedInterval) {
  return useQuery({
    queryKey: overviewKeys.range(range, interval),
    queryFn: () => callGetSalesOverview({ range, interval }),
    placeholderData: keepPreviousData,
  });
}
