import {
  closeTermsInvoiceRequest,
  TERMS_LIMITS,
  type CloseInvoiceAction,
  type ReceivableInvoice,
} from '@portal/domain';
import { Alert, Input, Modal } from 'antd';
import { useState } from 'react';
import { FormField } from '@/components/form-field';
import { callableErrorMessage } from '@/lib/callable-errors';
import { useReturnFocus } from '@/lib/focus-return';
import { useNotify } from '@/lib/notify';
import type { CloseInvoice } from './receivables-panel';
import { CLOSE_INVOICE_TEXTS, invoiceName } from './receivables-text';

/**
 * Voiding an open invoice (its order is cancelled, its stock returns) or marking it uncollectible
 * (written off), with a reason (closeTermsInvoice; kept on the order). Asked in a dialog that
 * says what it does.
 */
export function CloseInvoiceModal({
  invoice,
  action,
  close,
  onClose,
}: {
  invoice: ReceivableInvoice;
  action: CloseInvoiceAction;
  /** The tab's closeTermsInvoice mutation (useCloseInvoice in receivables-panel.tsx). */
  close: CloseInvoice;
  onClose: () => void;
}) {
  useReturnFocus();
  const notify = useNotify();
  const texts = CLOSE_INVOICE_TEXTS[action];
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = () => {
    setFailure(null);
    const parsed = closeTermsInvoiceRequest.safeParse({ orderId: invoice.orderId, action, reason });
    if (!parsed.success) {
      const issue = parsed.error.issues.find((each) => each.path[0] === 'reason');
      setProblem(issue?.message ?? parsed.error.issues[0]?.message ?? texts.failed);
      return;
    }
    setProblem(null);
    close.mutate(parsed.data, {
      onSuccess: () => {
        notify.success(texts.done);
        onClose();
      },
      onError: (error) => setFailure(callableErrorMessage(error, texts.failed)),
    });
  };

  const name = invoiceName(invoice);
  return (
    <Modal
      open
      title={texts.title(name)}
      okText={texts.ok}
      okButtonProps={{ danger: true, loading: close.isPending }}
      cancelText="Keep invoice"
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <form
        noValidate
        aria-label={texts.title(name)}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Alert
          type="warning"
          role="note"
          showIcon
          message={texts.warning}
          style={{ marginBottom: 16 }}
        />
        <FormField id="close-invoice-reason" label="Reason" error={problem ?? undefined}>
          {(control) => (
            <Input.TextArea
              {...control}
              autoFocus
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              rows={3}
              maxLength={TERMS_LIMITS.reason}
              showCount
              status={problem ? 'error' : undefined}
            />
          )}
        </FormField>
        {failure && <Alert type="error" showIcon message={failure} role="alert" />}
      </form>
    </Modal>
  );
}
