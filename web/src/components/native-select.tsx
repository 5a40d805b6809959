import type { Ref, SelectHTMLAttributes } from 'react';
import './native-select.css';
import { classNames } from '@/lib/class-names';

export interface NativeSelectOption<V extends string> {
  value: V;
  label: string;
}

type Props<V extends string> = Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'value' | 'onChange' | 'children'
> & {
  /** '' with a placeholder: nothing chosen yet. */
  value: V | '';
  options: readonly NativeSelectOption<V>[];
  onChange: (value: V) => void;
  /** The text shown while nothing is chosen (an option that cannot be picked again). */
  placeholder?: string;
  invalid?: boolean;
  ref?: Ref<HTMLSelectElement>;
};

/**
 * The browser's own select, drawn like the large antd controls beside it (40 px; 48 px on touch
 * layouts). Used where a short fixed list is all that is needed: it costs no script,
 * opens the phone's own picker and takes type-ahead from the keyboard. antd's Select (about 40 KB
 * gzipped with its styles) stays in the dashboard, where its search and tags are used.
 */
export function NativeSelect<V extends string>({
  value,
  options,
  onChange,
  placeholder,
  invalid = false,
  className,
  ...rest
}: Props<V>) {
  return (
    <select
      {...rest}
      className={classNames('native-select', invalid && 'native-select--invalid', className)}
      value={value}
      aria-invalid={invalid || undefined}
      onChange={(event) => onChange(event.target.value as V)}
    >
      {placeholder !== undefined && (
        <option value="" disabled>
          {placeholder}
        </option>
      )}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
