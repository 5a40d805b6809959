import { Input, Modal } from 'antd';
import { useState, type FormEvent } from 'react';
import {
  CLAIM_LIMITS,
  CLAIM_REMEDY_LABELS,
  formatUsd,
  remediesFor,
  remedySummary,
  settleClaimRequest,
  type Claim,
  type ClaimRemedy,
  type Order,
  type SettleClaimResponse,
} from '@portal/domain';
import { Alert } from '@/components/alert';
import { FormField } from '@/components/form-field';
import { TextSkeleton } from '@/components/skeleton';
import { useOrder } from '@/entities/orders';
import { callableErrorMessage } from '@/lib/callable-errors';
import { useReturnFocus } from '@/lib/focus-return';
import { useNotify } from '@/lib/notify';
import { useSettleClaim } from './claim-actions';
import { CLAIMS_TEXTS as TEXTS, orderLabel } from './claims-text';

/** The toast's words for a settlement: what was given, and the credit note or replacement. */
export function settledText(result: SettleClaimResponse): string {
  const parts = [remedySummary(result.remedy, result.amount)];
  if (result.creditNoteNumber) parts.push(`credit note ${result.creditNoteNumber}`);
  if (result.replacementOrderId) parts.push(`replacement order ${result.replacementOrderId}`);
  return `${parts.join(', ')}.`;
}

/**
 * Settles an open claim once: the remedies its order allows (remediesFor: a refund only of a card
 * payment with enough left, a credit note only on a terms invoice), what the chosen one does,
 * whether the claimed units go back in stock, and a note to the buyer. The order is read first.
 * One request id names the settlement for as long as the dialog is open: a retry (the answer was
 * lost, the button pressed twice) is the same settlement, which the server makes once.
 */
export function SettleClaimDialog({ claim, onClose }: { claim: Claim; onClose: () => void }) {
  useReturnFocus();
  const order = useOrder(claim.order_id);
  const title = `Settle the claim on ${orderLabel(claim)}`;
  if (order.data) {
    return <SettleClaimForm claim={claim} order={order.data} title={title} onClose={onClose} />;
  }
  return (
    <Modal
      open
      title={title}
      okText={TEXTS.settleOk}
      okButtonProps={{ disabled: true }}
      onCancel={onClose}
      destroyOnHidden
    >
      {order.isPending ? (
        <div role="status" aria-label={`Loading order ${orderLabel(claim)}`}>
          <TextSkeleton rows={3} />
        </div>
      ) : (
        <Alert
          type="error"
          role="alert"
          title={order.isError ? TEXTS.orderFailed : TEXTS.orderMissing}
        />
      )}
    </Modal>
  );
}

function SettleClaimForm({
  claim,
  order,
  title,
  onClose,
}: {
  claim: Claim;
  order: Order;
  title: string;
  onClose: () => void;
}) {
  const notify = useNotify();
  const settle = useSettleClaim(claim.order_id);
  // Made once per dialog: every submit of this dialog is the same settlement.
  const [requestId] = useState(() => crypto.randomUUID());
  const remedies = remediesFor(order, claim.value);
  const [remedy, setRemedy] = useState<ClaimRemedy | null>(null);
  const [restock, setRestock] = useState(false);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (settle.isPending) return;
    setFailure(null);
    if (!remedy) {
      setProblem(TEXTS.chooseRemedy);
      return;
    }
    const parsed = settleClaimRequest.safeParse({
      claimId: claim.id,
      requestId,
      remedy,
      restock,
      note,
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? TEXTS.settleFailed);
      return;
    }
    setProblem(null);
    settle.mutate(parsed.data, {
      onSuccess: (result) => {
        notify.success(TEXTS.settledTitle, settledText(result));
        onClose();
      },
      onError: (error) => setFailure(callableErrorMessage(error, TEXTS.settleFailed)),
    });
  };

  const units = claim.lines.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <Modal
      open
      title={title}
      okText={TEXTS.settleOk}
      okButtonProps={{ loading: settle.isPending }}
      cancelText="Cancel"
      onOk={() => submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <form noValidate aria-label={title} onSubmit={submit} className="claim-settle">
        <p>
          {claim.store_name || claim.company_id} claims {units} unit{units === 1 ? '' : 's'} worth{' '}
          {formatUsd(claim.value)} (the goods and their share of the sales tax).
        </p>
        <fieldset
          className="claim-settle__group"
          aria-describedby={problem ? 'settle-claim-problem' : undefined}
        >
          <legend className="claim-settle__legend">Remedy</legend>
          {remedies.map((value) => (
            <label key={value} className="claim-settle__choice">
              <input
                type="radio"
                name="settle-claim-remedy"
                value={value}
                checked={remedy === value}
                aria-describedby={`settle-claim-${value}`}
                onChange={() => {
                  setRemedy(value);
                  setProblem(null);
                }}
              />
              <span>
                <span className="claim-settle__label">{CLAIM_REMEDY_LABELS[value]}</span>
                <span id={`settle-claim-${value}`} className="admin-muted claim-settle__hint">
                  {remedySummary(value, claim.value)}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        {problem && (
          <p id="settle-claim-problem" className="form-field__error" role="alert">
            {problem}
          </p>
        )}
        <p className="claim-settle__summary" role="status">
          {remedy ? <strong>{remedySummary(remedy, claim.value)}</strong> : null}
        </p>
        <label className="claim-settle__choice">
          <input
            type="checkbox"
            checked={restock}
            onChange={(event) => setRestock(event.target.checked)}
          />
          <span>{TEXTS.restock}</span>
        </label>
        <FormField
          id="settle-claim-note"
          label="Note to the buyer (optional)"
          hint="Included in the mail that tells the buyer how the claim was settled."
        >
          {(control) => (
            <Input.TextArea
              {...control}
              rows={3}
              maxLength={CLAIM_LIMITS.message}
              showCount
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          )}
        </FormField>
        {failure && <Alert type="error" role="alert" title={failure} />}
      </form>
    </Modal>
  );
}
