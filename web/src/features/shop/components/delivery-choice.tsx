import { useId } from 'react';
import {
  deliveryChoiceLabel,
  STANDING_ORDER_INTERVALS,
  type StandingOrderInterval,
} from '@portal/domain';

/** The cart's delivery: once (null), or a standing order every so many weeks. */
export type DeliveryInterval = StandingOrderInterval | null;

const ONE_TIME = 'one-time';
type Choice = typeof ONE_TIME | StandingOrderInterval;

const options: { value: Choice; label: string }[] = [
  { value: ONE_TIME, label: 'One-time purchase' },
  ...STANDING_ORDER_INTERVALS.map((weeks) => ({ value: weeks, label: deliveryChoiceLabel(weeks) })),
];

/** What a standing order means, under the choice. */
export function standingOrderExplanation(weeks: StandingOrderInterval): string {
  return `Your card is charged for this cart now and every ${weeks} weeks after; each delivery is a new order. Skip, change quantities or cancel any time in My Account.`;
}

/**
 * Delivery: a one-time purchase (the default) or a standing order every 2, 4 or 8 weeks. The
 * browser's own radio buttons, one under the other, in the brand colour: arrow keys move between
 * them (antd's radio group would bring its form library to the cart, about 18 KB gzipped).
 */
export function DeliveryChoice({
  value,
  onChange,
  disabled = false,
}: {
  value: DeliveryInterval;
  onChange: (interval: DeliveryInterval) => void;
  disabled?: boolean;
}) {
  const titleId = useId();
  const noteId = useId();
  const name = useId();
  return (
    <div className="delivery-choice">
      <h3 id={titleId} className="delivery-choice__title">
        Delivery
      </h3>
      <div
        role="radiogroup"
        aria-labelledby={titleId}
        aria-describedby={value ? noteId : undefined}
        className="delivery-choice__options"
      >
        {options.map((option) => (
          <label key={option.value} className="delivery-choice__option">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={(value ?? ONE_TIME) === option.value}
              disabled={disabled}
              onChange={() => onChange(option.value === ONE_TIME ? null : option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {value && (
        <p id={noteId} className="delivery-choice__note">
          {standingOrderExplanation(value)}
        </p>
      )}
    </div>
  );
}
