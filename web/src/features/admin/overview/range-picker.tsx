import {
  RANGE_PRESET_LABELS,
  RANGE_PRESETS,
  rangeProblem,
  type DayRange,
  type RangePreset,
} from '@portal/domain';
import { lazy, Suspense, useState } from 'react';
import { NativeSelect } from '@/components/native-select';
import { withAntdTheme } from '@/components/with-antd-theme';

// antd's range picker, with antd's theme, fetched only when Custom is chosen.
const CustomDates = lazy(withAntdTheme(() => import('./custom-dates').then((m) => m.default)));
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
      <NativeSelect<RangePreset>
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
        <Suspense
          fallback={
            <span
              className="skeleton__bar overview-range__dates overview-range__dates--loading"
              role="status"
              aria-label="Loading the date picker"
            />
          }
        >
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
