import {
  businessDay,
  DEFAULT_RANGE_PRESET,
  RANGE_PRESET_LABELS,
  resolveRange,
  type DayRange,
  type RangePreset,
  type ResolvedRange,
} from '@portal/domain';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';

export type AskedInterval = 'day' | 'week';

export interface OverviewRange extends ResolvedRange {
  /** The chart's buckets the manager asked for (?interval=week; day by default). */
  interval: AskedInterval;
  /** Today's business day (Pacific), fixed when the tab opened. */
  today: string;
}

/** "Showing the last 30 days instead.": what is shown when the URL's range cannot be used. */
export const FALLBACK_TEXT = `Showing the ${RANGE_PRESET_LABELS[DEFAULT_RANGE_PRESET].toLowerCase()} instead.`;

/**
 * The Overview's range and interval live in the URL (?range=last-7-days, or
 * ?range=custom&from=2026-01-01&to=2026-01-31, plus &interval=week), so a view can be shared and
 * survives a reload. Whatever the URL says is made safe by resolveRange: a bad one gives the
 * default range and a problem to show. Other parameters (?tab=) are kept.
 */
export function useOverviewRange() {
  const [params, setParams] = useSearchParams();
  // "Today" is when the tab opened: the range does not shift under the manager at midnight.
  const [today] = useState(() => businessDay(new Date()));
  const rangeParam = params.get('range');
  const fromParam = params.get('from');
  const toParam = params.get('to');
  const intervalParam = params.get('interval');

  const current: OverviewRange = useMemo(
    () => ({
      ...resolveRange({ range: rangeParam, from: fromParam, to: toParam }, today),
      interval: intervalParam === 'week' ? 'week' : 'day',
      today,
    }),
    [rangeParam, fromParam, toParam, intervalParam, today],
  );

  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const setPreset = useCallback(
    (preset: RangePreset) =>
      // Custom starts from the days shown now, for the picker to change.
      preset === 'custom'
        ? update({ range: 'custom', from: current.range.from, to: current.range.to })
        : update({ range: preset, from: null, to: null }),
    [update, current.range.from, current.range.to],
  );
  const setCustom = useCallback(
    (range: DayRange) => update({ range: 'custom', from: range.from, to: range.to }),
    [update],
  );
  const setChartInterval = useCallback(
    (interval: AskedInterval) => update({ interval: interval === 'day' ? null : interval }),
    [update],
  );

  return { ...current, setPreset, setCustom, setChartInterval };
}
