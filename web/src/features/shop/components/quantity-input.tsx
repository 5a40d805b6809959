import { MinusOutlined, PlusOutlined } from '@/components/icons';
import { Button } from '@/components/button';
import { TextInput } from '@/components/text-input';
import { Fragment, useId, useState } from 'react';
import {
  maximumOrderQuantity,
  minimumOrderQuantity,
  parseQuantityInput,
  proposalChoices,
  proposeQuantity,
  roundQuantity,
  type QuantityProposal,
  type QuantityRule,
} from '@portal/domain';

interface QuantityInputProps {
  /** The product's name, for the labels ("Quantity of Blue Coast Syrup"). */
  name: string;
  quantity: number;
  /** Case pack and minimum: − and + step by a case; a typed number is rounded to them. */
  rule: QuantityRule;
  disabled?: boolean;
  /**
   * Offer the case up and the case down for a typed quantity the rule breaks, and change nothing
   * until one is chosen (the cart: a changed line changes what the buyer pays), instead of
   * rounding it with a note (the product page, whose total shows before anything is added).
   */
  propose?: boolean;
  /** A new quantity, already rounded; `note` says why it differs from what was typed. */
  onChange: (quantity: number, note: string | null) => void;
}

/**
 * − [quantity] +: type any quantity (applied on Enter or leaving the field) or step by one case.
 * A typed number is rounded to the case pack and minimum, and the note below says so; text that
 * is not a whole number from 1 to the cap is refused with its reason, changing nothing.
 */
export function QuantityInput({
  name,
  quantity,
  rule,
  disabled = false,
  propose = false,
  onChange,
}: QuantityInputProps) {
  const [text, setText] = useState(String(quantity));
  const [message, setMessage] = useState<{ kind: 'error' | 'note'; text: string } | null>(null);
  const [proposal, setProposal] = useState<QuantityProposal | null>(null);
  const messageId = useId();
  const step = Math.max(1, rule.case_pack);
  const min = minimumOrderQuantity(rule);
  const max = maximumOrderQuantity(rule);

  // A new quantity from outside (a stepper click, the cart refreshed) replaces the typed text.
  const [shown, setShown] = useState(quantity);
  if (shown !== quantity) {
    setShown(quantity);
    setText(String(quantity));
    if (message?.kind === 'error') setMessage(null);
    setProposal(null);
  }

  const commit = () => {
    // Leaving the field without typing changes nothing (a line the server would refuse keeps its
    // own notice and fix instead of being rewritten by a Tab).
    if (text.trim() === String(quantity)) {
      setText(String(quantity));
      if (message?.kind === 'error') setMessage(null);
      setProposal(null);
      return;
    }
    const parsed = parseQuantityInput(text);
    if (!parsed.ok) {
      setProposal(null);
      setMessage({ kind: 'error', text: parsed.error });
      return;
    }
    if (propose) {
      const offer = proposeQuantity(parsed.quantity, rule);
      setMessage(null);
      setProposal(offer);
      if (!offer && parsed.quantity !== quantity) onChange(parsed.quantity, null);
      return;
    }
    const rounded = roundQuantity(parsed.quantity, rule);
    setText(String(rounded.quantity));
    setMessage(rounded.note ? { kind: 'note', text: rounded.note } : null);
    if (rounded.quantity !== quantity || rounded.note) onChange(rounded.quantity, rounded.note);
  };

  // One case up or down, landing on a whole number of cases even from a quantity that is not one.
  // From below the minimum (a line saved before the product had one), + goes to the minimum.
  const up = Math.max(min, Math.floor(quantity / step) * step + step);
  const down = Math.ceil(quantity / step) * step - step;
  const stepTo = (next: number) => {
    setMessage(null);
    setProposal(null);
    onChange(next, null);
  };
  // Escape puts the quantity back as it is and drops an open proposal.
  const restore = () => {
    setText(String(quantity));
    setMessage(null);
    setProposal(null);
  };
  const described = message || proposal ? messageId : undefined;

  return (
    <div className="quantity-input">
      <div className="quantity-stepper" role="group" aria-label={`Quantity of ${name}`}>
        <Button
          size="small"
          icon={<MinusOutlined />}
          aria-label={`Decrease quantity of ${name}`}
          disabled={disabled || down < min}
          onClick={() => stepTo(down)}
        />
        <TextInput
          className="quantity-stepper__value"
          value={text}
          inputMode="numeric"
          autoComplete="off"
          size="small"
          aria-label={`Quantity of ${name}`}
          aria-invalid={message?.kind === 'error' ? true : undefined}
          aria-describedby={described}
          disabled={disabled}
          onChange={(event) => setText(event.target.value)}
          onBlur={commit}
          onPressEnter={commit}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && (proposal || text !== String(quantity))) {
              event.preventDefault();
              restore();
            }
          }}
        />
        <Button
          size="small"
          icon={<PlusOutlined />}
          aria-label={`Increase quantity of ${name}`}
          disabled={disabled || up > max}
          onClick={() => stepTo(up)}
        />
      </div>
      {proposal && (
        <p id={messageId} className="quantity-input__proposal" role="status">
          {proposal.reason}:{' '}
          {proposalChoices(proposal).map((choice, index) => (
            <Fragment key={choice.quantity}>
              {index > 0 && ' or '}
              <Button
                size="small"
                className="quantity-input__choice"
                aria-label={choice.name === choice.text ? undefined : choice.name}
                onClick={() => stepTo(choice.quantity)}
              >
                {choice.text}
              </Button>
            </Fragment>
          ))}
          .
        </p>
      )}
      {message && (
        <p
          id={messageId}
          className={`quantity-input__message quantity-input__message--${message.kind}`}
          role={message.kind === 'error' ? 'alert' : 'status'}
        >
          {message.text}
        </p>
      )}
    </div>
  );
}
