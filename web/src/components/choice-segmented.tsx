import { Segmented, type SegmentedProps } from 'antd';

/**
 * antd's Segmented as a radio group a keyboard reaches in one Tab: antd makes the group itself a
 * tab stop that the arrows do nothing on, before the checked choice (the radio the arrows move).
 * Here Tab goes straight to the checked choice, as in any radio group.
 */
export function ChoiceSegmented<T extends string>(props: SegmentedProps<T>) {
  return <Segmented<T> tabIndex={-1} {...props} />;
}
