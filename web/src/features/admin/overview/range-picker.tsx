import {
  RANGE_PRESET_LABELS,
  RANGE_PRESETS,
  rangeProblem,
  type DayRange,
  type RangePreset,
} from '@portal/domain';
import { Select, Skeleton } from 'antd';
import { lazy, Suspense, useState } from 'react';

const CustomDates = lazy(() => import('./custom-dates'));
const options = RANGE_PRESETS.map((value) => ({ value, label: RANGE_PRESET_LABELS[value] }));

/**
 * The Overview's range: a preset, or Custom with a from–to picker. A custom range that cannot be
 * used (over 5 years, say) is refused with the reason and changes nothing.
 */
export function RangePicker({
  preset,
  range,
  today,
  onPreset,
  onCustom,
}: {
  preset: RangePreset;
  range: DayRange;
  today: string;
  onPreset: (preset: RangePreset) => void;
  onCustom: (range: DayRange) => void;
}) {
  const [problem, setProblem] = useState<string | null>(null);

  const pick = (picked: DayRange) => {
    const found = rangeProblem(picked);
    setProblem(found);
    if (!found) onCustom(picked);
  };

  return (
    <div className="overview-range">
      <Select<RangePreset>
        aria-label="Date range"
        className="overview-range__preset"
        value={preset}
        options={options}
        onChange={(value) => {
          setProblem(null);
          onPreset(value);
        }}
      />
      {preset === 'custom' && (
        <Suspense fallback={<Skeleton.Input active className="overview-range__dates" />}>
          <CustomDates range={range} today={today} invalid={problem !== null} onPick={pick} />
        </Suspense>
      )}
      {problem && (
        <p role="alert" className="overview-range__problem">
          {problem}
        </p>
      )}
    </div>
  );
}
