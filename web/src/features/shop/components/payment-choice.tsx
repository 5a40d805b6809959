import { useId } from 'react';
import {
  availableCredit,
  formatUsd,
  PAY_BY_CARD_LABEL,
  payByInvoiceLabel,
  type CompanyCredit,
  type NetDays,
} from '@portal/domain';
import { FormField } from '@/components/form-field';
import { TextInput } from '@/components/text-input';
import { PO_NUMBER_INPUT_ID, type PaymentMethod } from '../lib/payment-method';
import './payment-choice.css';

/**
 * How a company with payment terms pays for the cart (docs/payment-terms.md): by card now, or by
 * invoice due in its net days, within its available credit; and its PO number either way. A lazy
 * chunk of the cart: a company without terms never loads it. Native radios, as the delivery.
 */
export function PaymentChoice({
  credit,
  netDays,
  refusal,
  method,
  onMethod,
  poNumber,
  poProblem,
  onPoNumber,
  disabled,
}: {
  credit: CompanyCredit;
  netDays: NetDays;
  /** Why the invoice option is off ('' when it is open). */
  refusal: string;
  method: PaymentMethod;
  onMethod: (method: PaymentMethod) => void;
  poNumber: string;
  poProblem: string;
  onPoNumber: (value: string) => void;
  disabled: boolean;
}) {
  const titleId = useId();
  const name = useId();
  const creditId = useId();
  const refusalId = useId();
  return (
    <div className="delivery-choice payment-choice">
      <h3 id={titleId} className="delivery-choice__title">
        Payment
      </h3>
      <div role="radiogroup" aria-labelledby={titleId} className="delivery-choice__options">
        <label className="delivery-choice__option">
          <input
            type="radio"
            name={name}
            value="card"
            checked={method === 'card'}
            disabled={disabled}
            onChange={() => onMethod('card')}
          />
          <span>{PAY_BY_CARD_LABEL}</span>
        </label>
        <label className="delivery-choice__option">
          <input
            type="radio"
            name={name}
            value="terms"
            checked={method === 'terms'}
            disabled={disabled || Boolean(refusal)}
            aria-describedby={refusal ? `${creditId} ${refusalId}` : creditId}
            onChange={() => onMethod('terms')}
          />
          <span>{payByInvoiceLabel(netDays)}</span>
        </label>
        <p id={creditId} className="payment-choice__credit">
          Available credit: {formatUsd(availableCredit(credit))} of {formatUsd(credit.credit_limit)}
        </p>
      </div>
      {refusal && (
        <p id={refusalId} className="delivery-choice__note payment-choice__refusal">
          {refusal}
        </p>
      )}
      <FormField
        id={PO_NUMBER_INPUT_ID}
        label="PO number (optional)"
        hint="Appears on the invoice and order"
        error={poProblem || undefined}
        className="payment-choice__po"
      >
        {(control) => (
          <TextInput
            {...control}
            name="po-number"
            autoComplete="off"
            value={poNumber}
            disabled={disabled}
            onChange={(event) => onPoNumber(event.target.value)}
          />
        )}
      </FormField>
    </div>
  );
}
