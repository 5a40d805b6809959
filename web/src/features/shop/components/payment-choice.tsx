import { useEffect, useId, useState } from 'react';
import {
  availableCredit,
  formatUsd,
  PAY_BY_CARD_LABEL,
  payByInvoiceLabel,
  poNumberSchema,
  termsOrderProblem,
  type Cents,
  type CompanyCredit,
} from '@portal/domain';
import { FormField } from '@/components/form-field';
import { useCompanyCredit } from '@/entities/company-credit';
import type { PaymentMethod, TermsPayment } from '../lib/payment-method';

/** What the invoice option says while a standing order is chosen: its deliveries go on the card. */
export const STANDING_ORDER_BY_CARD = 'A standing order is paid by card.';

/** Why a PO number cannot be sent ('' when it can), by the domain's rule. */
export function poNumberProblem(value: string): string {
  const parsed = poNumberSchema.safeParse(value);
  return parsed.success ? '' : (parsed.error.issues[0]?.message ?? 'Not a PO number');
}

/**
 * Why the cart cannot go on terms now ('' when it can): no terms, a standing order, a credit
 * hold, or a total over the available credit (the server checks again).
 */
export function invoiceRefusal(
  credit: CompanyCredit,
  total: Cents,
  standingOrder: boolean,
): string {
  if (credit.net_days && standingOrder) return STANDING_ORDER_BY_CARD;
  return termsOrderProblem(credit, total) ?? '';
}

/**
 * The cart's payment (docs/payment-terms.md), a lazy chunk of the cart: it reads the company's
 * terms, and draws nothing for a company without them (the cart pays by card, as ever). With
 * terms: card now or invoice due in the net days within the available credit, and a PO number
 * either way. It tells the cart the method, the PO number and its problem, as the ship-to does.
 */
export function PaymentTerms({
  companyId,
  total,
  standingOrder,
  disabled,
  onChange,
  onEdit,
}: {
  companyId: string;
  total: Cents;
  standingOrder: boolean;
  disabled: boolean;
  /** The payment on terms, or null without terms. */
  onChange: (payment: TermsPayment | null) => void;
  /** The buyer changed the method or the PO number (the cart clears a refusal shown). */
  onEdit: () => void;
}) {
  const credit = useCompanyCredit(companyId).data;
  const [chosen, setChosen] = useState<PaymentMethod>('card');
  const [poNumber, setPoNumber] = useState('');
  const netDays = credit?.net_days ?? null;
  const refusal = credit && netDays ? invoiceRefusal(credit, total, standingOrder) : '';
  const method: PaymentMethod = netDays && !refusal ? chosen : 'card';
  const poProblem = netDays ? poNumberProblem(poNumber) : '';
  const poValue = netDays ? poNumber.trim() : '';
  useEffect(() => {
    onChange(netDays ? { method, poNumber: poValue, poProblem, netDays } : null);
  }, [method, poValue, poProblem, netDays, onChange]);
  if (!credit || !netDays) return null;
  return (
    <PaymentChoice
      credit={credit}
      netDays={netDays}
      refusal={refusal}
      method={method}
      onMethod={(next) => {
        onEdit();
        setChosen(next);
      }}
      poNumber={poNumber}
      poProblem={poProblem}
      onPoNumber={(next) => {
        onEdit();
        setPoNumber(next);
      }}
      disabled={disabled}
    />
  );
}

/** Card or invoice (with the available credit and why it is off), and the PO number. */
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
  netDays: NonNullable<CompanyCredit['net_days']>;
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
  const poInputId = useId();
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
        id={poInputId}
        label="PO number (optional)"
        hint="Appears on the invoice and order"
        error={poProblem || undefined}
        className="payment-choice__po"
      >
        {(control) => (
          // TextInput's look (text-input.css, which the cart's quantities load) on a plain
          // input: TextInput's clear button would bring its icons into this lazy chunk, and
          // the icons' shared chunk would split on every page.
          <input
            {...control}
            className="text-input"
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
