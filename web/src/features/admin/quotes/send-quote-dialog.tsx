/**
 * Sending a saved draft (sendDraftOrder): as a quote the buyer accepts or declines, as a payment
 * link mailed to the company, or placed at once on the company's terms (offered only when the
 * company has terms: company_credit's net_days). Each choice says what it does. The server checks
 * stock, case packs and minimums again: a refusal names each line it cannot fill, and the dialog
 * shows each message on its line. Once sent: the quote's number and, for a payment link, the link
 * with a Copy button; for terms, the order placed.
 */
import {
  QUOTE_DELIVERIES,
  QUOTE_MESSAGES,
  type Quote,
  type QuoteDelivery,
  type QuoteLineConflict,
  type SendDraftOrderResponse,
} from '@portal/domain';
import { Modal } from 'antd';
import { useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { useCompanyCredit } from '@/entities/company-credit';
import { useSendDraftOrder } from '@/entities/quotes';
import { callableErrorMessage, userFacingCallableMessage } from '@/lib/callable-errors';
import { adminOrderHref } from '../claims/claims-text';
import { PaymentLink } from './payment-link';
import { conflictsByProduct, quoteConflictsOf } from './quote-conflicts';
import { QuoteLinesTable } from './quote-lines-table';
import { DELIVERY_TEXTS, QUOTES_TEXTS, SEND_BUTTON_LABELS, sentText } from './quote-text';

/** A request id sendDraftOrder accepts (/^[A-Za-z0-9_-]{8,64}$/): a UUID without its dashes. */
const newRequestId = () => crypto.randomUUID().replaceAll('-', '');

const CHOICE_TITLES: Readonly<Record<QuoteDelivery, (netDays: number) => string>> = {
  quote: () => 'Quote',
  payment_link: () => 'Payment link',
  terms: (netDays) => `Place on terms (Net ${netDays})`,
};

function DeliveryChoices({
  value,
  onChange,
  netDays,
  termsKnown,
  validDays,
  disabled,
}: {
  value: QuoteDelivery;
  onChange: (delivery: QuoteDelivery) => void;
  netDays: number | null;
  termsKnown: boolean;
  validDays: number;
  disabled: boolean;
}) {
  const name = useId();
  const offered = QUOTE_DELIVERIES.filter((delivery) => delivery !== 'terms' || netDays !== null);
  const describe = (delivery: QuoteDelivery) =>
    delivery === 'quote'
      ? DELIVERY_TEXTS.quote(validDays)
      : delivery === 'payment_link'
        ? DELIVERY_TEXTS.payment_link
        : DELIVERY_TEXTS.terms(netDays ?? 0);
  const note = !termsKnown
    ? DELIVERY_TEXTS.termsLoading
    : netDays === null
      ? DELIVERY_TEXTS.noTerms
      : null;
  return (
    <fieldset className="send-quote__choices" disabled={disabled}>
      <legend className="send-quote__legend">How to send it</legend>
      {offered.map((delivery) => {
        const title = `${name}-${delivery}-title`;
        const hint = `${name}-${delivery}-hint`;
        return (
          <label key={delivery} className="send-quote__choice">
            <input
              type="radio"
              name={name}
              value={delivery}
              checked={value === delivery}
              onChange={() => onChange(delivery)}
              aria-labelledby={title}
              aria-describedby={hint}
            />
            <span>
              <span id={title} className="send-quote__choice-title">
                {CHOICE_TITLES[delivery](netDays ?? 0)}
              </span>
              <span id={hint} className="send-quote__hint">
                {describe(delivery)}
              </span>
            </span>
          </label>
        );
      })}
      {note && <p className="send-quote__hint">{note}</p>}
    </fieldset>
  );
}

function SentResult({
  result,
  onOpenOrder,
}: {
  result: SendDraftOrderResponse;
  onOpenOrder: () => void;
}) {
  return (
    <div className="send-quote__result">
      <Alert type="success" role="status" title={sentText(result.delivery, result.number)} />
      {result.delivery === 'payment_link' && result.url && <PaymentLink url={result.url} />}
      {result.orderId && (
        <p>
          <Link to={adminOrderHref(result.orderId)} onClick={onOpenOrder}>
            {QUOTES_TEXTS.openOrder}
          </Link>
        </p>
      )}
    </div>
  );
}

export function SendQuoteDialog({
  quote,
  onClose,
  onDone,
}: {
  quote: Quote;
  onClose: () => void;
  /** Sent: the draft is a quote now (or an order), and the editor gives way to its view. */
  onDone: () => void;
}) {
  const credit = useCompanyCredit(quote.company_id);
  const netDays = credit.data?.net_days ?? null;
  const send = useSendDraftOrder();
  const [delivery, setDelivery] = useState<QuoteDelivery>('quote');
  // One request id per way of sending: pressing again after a lost answer sends the same id, and
  // the server answers the sending it already did.
  const requestIds = useRef(new Map<QuoteDelivery, string>());
  const [conflicts, setConflicts] = useState<QuoteLineConflict[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<SendDraftOrderResponse | null>(null);
  const byProduct = useMemo(() => conflictsByProduct(conflicts ?? []), [conflicts]);
  const onLines = new Set(quote.lines.map((line) => line.product_id));
  const elsewhere = (conflicts ?? []).filter((conflict) => !onLines.has(conflict.productId));
  // A quote's terms choice that the company lost meanwhile is not sent.
  const chosen: QuoteDelivery = delivery === 'terms' && netDays === null ? 'quote' : delivery;

  const submit = async () => {
    setFailure(null);
    setConflicts(null);
    let requestId = requestIds.current.get(chosen);
    if (!requestId) {
      requestId = newRequestId();
      requestIds.current.set(chosen, requestId);
    }
    try {
      setResult(await send.mutateAsync({ quoteId: quote.id, delivery: chosen, requestId }));
    } catch (error) {
      const lines = quoteConflictsOf(error);
      // The server answered (a refusal, in words): nothing was sent, the next try is a new one.
      if (lines || userFacingCallableMessage(error) !== null) requestIds.current.delete(chosen);
      setConflicts(lines);
      setFailure(
        callableErrorMessage(error, lines ? QUOTE_MESSAGES.conflicts : QUOTES_TEXTS.sendFailed),
      );
    }
  };

  const footer = result ? (
    <div className="send-quote__footer">
      <Button type="primary" onClick={onDone}>
        {QUOTES_TEXTS.done}
      </Button>
    </div>
  ) : (
    <div className="send-quote__footer">
      <Button onClick={onClose} disabled={send.isPending}>
        Cancel
      </Button>
      <Button type="primary" loading={send.isPending} onClick={() => void submit()}>
        {SEND_BUTTON_LABELS[chosen]}
      </Button>
    </div>
  );

  return (
    <Modal
      open
      width={720}
      title={QUOTES_TEXTS.sendTitle}
      footer={footer}
      onCancel={result ? onDone : onClose}
      mask={{ closable: false }}
      rootClassName="send-quote"
      destroyOnHidden
    >
      {result ? (
        <SentResult result={result} onOpenOrder={onDone} />
      ) : (
        <div className="send-quote__body">
          <p className="send-quote__summary">
            {quote.company_name}
            {quote.location_name && ` · ${quote.location_name}`}
          </p>
          <DeliveryChoices
            value={chosen}
            onChange={setDelivery}
            netDays={netDays}
            termsKnown={!credit.isPending}
            validDays={quote.valid_days}
            disabled={send.isPending}
          />
          {failure && (
            <Alert
              type="error"
              title={failure}
              description={
                elsewhere.length > 0 ? (
                  <ul className="send-quote__elsewhere">
                    {elsewhere.map((conflict) => (
                      <li key={`${conflict.productId}:${conflict.message}`}>{conflict.message}</li>
                    ))}
                  </ul>
                ) : undefined
              }
            />
          )}
          <QuoteLinesTable quote={quote} label="Lines to send" conflicts={byProduct} />
        </div>
      )}
    </Modal>
  );
}
