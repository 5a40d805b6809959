import type { DayRange, RangePreset } from '@portal/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callGetSalesOverview } from '@/lib/manager-callables';
import type { AskedInterval } from './use-overview-range';

export const overviewKeys = {
  all: () => ['admin', 'overview'] as const,
  range: (range: DayRange, interval: AskedInterval, preset: RangePreset = 'custom') =>
    [...overviewKeys.all(), range.from, range.to, interval, preset] as const,
};

/**
 * The Overview's figures (getSalesOverview). The preset says what the range is compared with
 * (Last month: the whole month before it). While another range loads, the last one stays on
 * screen (`isPlaceholderData`) instead of a blank page.
 */
export function useSalesOverview(
  range: DayRange,
  interval: AskedInterval,
  preset: RangePreset = 'custom',
) {
  return useQuery({
    queryKey: overviewKeys.range(range, interval, preset),
    queryFn: () => callGetSalesOverview({ range, interval, preset }),
    placeholderData: keepPreviousData,
  });
}
