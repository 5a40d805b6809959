import type { DayRange } from '@portal/domain';
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

const DAY_FORMAT = 'YYYY-MM-DD';
const FIRST_DAY = '2000-01-01';

/**
 * The from–to picker of a custom range. Loaded only when Custom is chosen (range-picker): the
 * date picker and dayjs stay out of the dashboard's first load.
 */
export default function CustomDates({
  range,
  today,
  invalid,
  onPick,
}: {
  range: DayRange;
  today: string;
  invalid: boolean;
  onPick: (range: DayRange) => void;
}) {
  return (
    <DatePicker.RangePicker
      className="overview-range__dates"
      aria-label="Custom dates"
      format={DAY_FORMAT}
      allowClear={false}
      value={[dayjs(range.from), dayjs(range.to)]}
      disabledDate={(day: Dayjs) => {
        const text = day.format(DAY_FORMAT);
        return text < FIRST_DAY || text > today;
      }}
      status={invalid ? 'error' : undefined}
      onChange={(_, [from, to]) => onPick({ from, to })}
    />
  );
}
