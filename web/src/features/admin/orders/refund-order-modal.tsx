import { Alert, Input, Modal } from 'antd';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import {
  formatUsd,
  lineRefundSummary,
  REFUND_CUSTOMER_NOTE_MAX,
  REFUND_INTERNAL_NOTE_MAX,
  refundableCents,
  shortOrderId,
  type Order,
} from '@portal/domain';
import { useRefundOrder } from '@/entities/orders';
import { errorMessage, useNotify } from '@/lib/notify';
import { FormField } from '@/components/form-field';
import { WholeOrderDialog } from './whole-order-dialog';
import type { DataColumn } from '@/components/table/data-table';
import { DialogTable } from './dialog-table';
import { UnitsInput } from './units-input';
import type { ManagedOrder } from './managed-order';
import {
  draftRefund,
  noteProblem,
  refundAttemptFor,
  refundLines,
  refundRequestOf,
  restockOf,
  type DraftLine,
  type RefundAttempt,
  type RefundDraft,
  type RefundLineState,
} from './refund-form';
import '../common/admin-tables.css';

/**
 * A refund by lines (docs/order-lifecycle.md#refunds-by-line): the order is read in full (a
 * search row has no lines), then the manager picks units of each line and how many go back in
 * stock, and may add a shipping refund and a goodwill amount; the total is priced live with the
 * domain's planLineRefund (the refundOrder function prices it again). Two optional notes: an
 * internal one (for the books, never shown to the buyer) and one to the customer (on their
 * invoice and refund mail).
 */
export function RefundOrderModal({
  order,
  onClose,
}: {
  order: Pick<ManagedOrder, 'id'>;
  onClose: () => void;
}) {
  return (
    <WholeOrderDialog
      orderId={order.id}
      title={`Refund order ${shortOrderId(order.id)}`}
      okText="Refund"
      onClose={onClose}
      form={(whole) => <RefundByLinesForm order={whole} onClose={onClose} />}
    />
  );
}

const EMPTY_LINE: DraftLine = { units: 0 };

function RefundByLinesForm({ order, onClose }: { order: Order; onClose: () => void }) {
  const notify = useNotify();
  const refund = useRefundOrder();
  const [failure, setFailure] = useState<string | null>(null);
  // The refund being asked for, named once: a retry sends the same request id (one refund).
  const attempt = useRef<RefundAttempt | null>(null);
  const lines = useMemo(() => refundLines(order), [order]);
  const [draft, setDraft] = useState<RefundDraft>({ lines: {}, shipping: '', goodwill: '' });
  const [internalNote, setInternalNote] = useState('');
  const [customerNote, setCustomerNote] = useState('');
  const [notesChecked, setNotesChecked] = useState(false);
  const label = shortOrderId(order.id);
  const left = refundableCents(order);
  const priced = draftRefund(order, draft);
  const problem = 'problem' in priced ? priced.problem : null;
  const internalProblem = notesChecked ? noteProblem('internal', internalNote) : null;
  const customerProblem = notesChecked ? noteProblem('customer', customerNote) : null;

  const setLine = (productId: string, change: Partial<DraftLine>) =>
    setDraft((was) => ({
      ...was,
      lines: { ...was.lines, [productId]: { ...(was.lines[productId] ?? EMPTY_LINE), ...change } },
    }));

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    setNotesChecked(true);
    if ('problem' in priced) return;
    if (noteProblem('internal', internalNote) || noteProblem('customer', customerNote)) return;
    setFailure(null);
    try {
      attempt.current = refundAttemptFor(
        attempt.current,
        refundRequestOf(order.id, priced, { internal: internalNote, customer: customerNote }),
        () => crypto.randomUUID(),
      );
      const { request, requestId } = attempt.current;
      const result = await refund.mutateAsync({ ...request, requestId });
      notify.success('Refunded', `Refunded ${formatUsd(result.amount)} on order ${label}`);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  const columns: readonly DataColumn<RefundLineState>[] = [
    { title: 'Product', key: 'name', render: (line) => line.name },
    {
      title: 'Unit price',
      key: 'unit',
      align: 'right',
      render: (line) => formatUsd(line.unit_amount),
    },
    { title: 'Ordered', key: 'ordered', align: 'right', render: (line) => line.quantity },
    { title: 'Shipped', key: 'shipped', align: 'right', render: (line) => line.shipped },
    { title: 'Refunded', key: 'refunded', align: 'right', render: (line) => line.refunded },
    {
      title: 'Refundable',
      key: 'refundable',
      align: 'right',
      render: (line) => (
        <div id={`refund-units-${line.product_id}`}>
          {line.refundable}
          {line.remaining > 0 && <div className="admin-muted">{line.remaining} not shipped</div>}
        </div>
      ),
    },
    {
      title: 'Refund',
      key: 'units',
      align: 'right',
      render: (line) =>
        line.refundable === 0 ? (
          <span className="admin-muted">—</span>
        ) : (
          <UnitsInput
            label={`Units of ${line.name} to refund`}
            describedBy={`refund-units-${line.product_id}`}
            value={draft.lines[line.product_id]?.units ?? 0}
            onChange={(units) => setLine(line.product_id, { units })}
          />
        ),
    },
    {
      title: 'Restock',
      key: 'restock',
      align: 'right',
      render: (line) =>
        line.refundable === 0 ? (
          <span className="admin-muted">—</span>
        ) : (
          <UnitsInput
            label={`Units of ${line.name} to restock`}
            value={restockOf(line, draft.lines[line.product_id])}
            onChange={(restock) => setLine(line.product_id, { restock })}
          />
        ),
    },
  ];

  return (
    <Modal
      open
      width={960}
      title={`Refund order ${label}`}
      okText="Refund"
      okButtonProps={{
        danger: true,
        loading: refund.isPending,
        disabled: problem !== null,
        htmlType: 'submit',
      }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>
        Paid {formatUsd(order.amount)}
        {order.refunded_amount > 0 ? `, refunded ${formatUsd(order.refunded_amount)} so far` : ''}.
        Up to {formatUsd(left)} can be refunded. Units not shipped yet are refunded first: they will
        not ship. The money goes back to the buyer&apos;s card.
      </p>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTable<RefundLineState>
          label={`Lines of order ${label} to refund`}
          rowKey={(line) => line.product_id}
          rows={lines}
          columns={columns}
        />
        <div className="admin-refund-amounts">
          <AmountField
            id="refund-shipping"
            label="Shipping refund"
            hint="Postage the buyer paid, for a return say."
            value={draft.shipping}
            onChange={(shipping) => setDraft((was) => ({ ...was, shipping }))}
          />
          <AmountField
            id="refund-goodwill"
            label="Goodwill amount"
            hint="A free amount, beyond the lines."
            value={draft.goodwill}
            onChange={(goodwill) => setDraft((was) => ({ ...was, goodwill }))}
          />
        </div>
        <RefundTotal priced={priced} />
        <FormField
          id="refund-internal-note"
          label="Internal note (optional)"
          hint="For the books and other managers. The customer never sees it."
          error={internalProblem ?? undefined}
        >
          {(control) => (
            <Input.TextArea
              {...control}
              rows={2}
              maxLength={REFUND_INTERNAL_NOTE_MAX + 50}
              value={internalNote}
              onChange={(event) => setInternalNote(event.target.value)}
              status={internalProblem ? 'error' : undefined}
            />
          )}
        </FormField>
        <FormField
          id="refund-customer-note"
          label="Note to the customer (optional)"
          hint="Printed on the customer's invoice and in their refund email."
          error={customerProblem ?? undefined}
        >
          {(control) => (
            <Input.TextArea
              {...control}
              rows={2}
              maxLength={REFUND_CUSTOMER_NOTE_MAX + 50}
              value={customerNote}
              onChange={(event) => setCustomerNote(event.target.value)}
              status={customerProblem ? 'error' : undefined}
            />
          )}
        </FormField>
        {failure && <Alert type="error" showIcon message={failure} role="alert" />}
      </form>
    </Modal>
  );
}

/** A dollar amount of the refund beyond its lines (shipping, goodwill), as typed. */
function AmountField({
  id,
  label,
  hint,
  value,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <FormField id={id} label={label} hint={hint}>
      {(control) => (
        <Input
          {...control}
          prefix="$"
          inputMode="decimal"
          placeholder="0.00"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}

/**
 * The refund as priced so far: the total and its parts (goods, their tax, shipping, goodwill), or
 * why it cannot be sent (announced as it changes).
 */
function RefundTotal({ priced }: { priced: ReturnType<typeof draftRefund> }) {
  if ('problem' in priced) {
    return (
      <p className="admin-dialog-problem" role="status">
        {priced.problem}
      </p>
    );
  }
  const { plan } = priced;
  const goods = plan.lines.reduce((sum, line) => sum + line.amount, 0);
  const parts = [
    goods > 0 ? `goods ${formatUsd(goods)}` : null,
    plan.tax > 0 ? `tax ${formatUsd(plan.tax)}` : null,
    plan.shipping > 0 ? `shipping ${formatUsd(plan.shipping)}` : null,
    plan.goodwill > 0 ? `goodwill ${formatUsd(plan.goodwill)}` : null,
  ].filter(Boolean);
  return (
    <p className="admin-refund-total" role="status">
      <strong>{lineRefundSummary(plan)}</strong>
      {parts.length > 1 && <span className="admin-muted"> ({parts.join(' + ')})</span>}
    </p>
  );
}
