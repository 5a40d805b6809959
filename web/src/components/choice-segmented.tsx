import { useId } from 'react';
import { classNames } from '@/lib/class-names';
import './choice-segmented.css';

export interface ChoiceOption<T extends string> {
  value: T;
  label: string;
  disabled?: boolean;
}

/**
 * A short choice drawn like antd's Segmented (choice-segmented.css: a grey track, the chosen item
 * raised in white), built from native radio buttons in a radio group: Tab goes straight to the
 * checked choice and the arrows move the choice, as in any radio group, and no antd loads for it.
 * Touch layouts: 44 px tall items. Forced colors (Windows contrast themes): the chosen item is
 * outlined in the system's highlight colour.
 */
export function ChoiceSegmented<T extends string>({
  options,
  value,
  onChange,
  size = 'middle',
  className,
  'aria-label': label,
}: {
  options: readonly ChoiceOption<T>[];
  value: T;
  onChange: (value: T) => void;
  size?: 'small' | 'middle';
  className?: string;
  'aria-label': string;
}) {
  const name = useId();
  return (
    <div
      role="radiogroup"
      aria-label={label}
      className={classNames('segmented', size === 'small' && 'segmented--small', className)}
    >
      {options.map((option) => {
        // A chosen option that is disabled is shown unchosen: a radio group whose checked radio
        // is disabled has no tab stop in browsers, so the keyboard could not reach the others.
        const checked = option.value === value && !option.disabled;
        return (
          <label
            key={option.value}
            className={classNames(
              'segmented__item',
              checked && 'segmented__item--selected',
              option.disabled && 'segmented__item--disabled',
            )}
          >
            <input
              type="radio"
              className="segmented__input"
              name={name}
              value={option.value}
              checked={checked}
              disabled={option.disabled}
              onChange={() => onChange(option.value)}
            />
            <span className="segmented__label">{option.label}</span>
          </label>
        );
      })}
    </div>
  );
}
