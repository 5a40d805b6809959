import { Modal } from 'antd';
import { useId, useState } from 'react';
import { declineQuoteRequest, QUOTE_LIMITS } from '@portal/domain';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { FormField } from '@/components/form-field';
import { TextArea } from '@/components/text-input';
import { useDeclineQuote } from '@/entities/quotes';
import { useNotify } from '@/lib/notify';
import { quoteRefusal } from '../lib/quote-refusal';
import { QUOTE_TEXTS } from './quotes-text';

/**
 * Decline a quote (docs/order-lifecycle.md#draft-orders-and-quotes), a lazy dialog with antd's
 * Modal: the reason is required (the managers read it), checked here by the domain's rule before
 * declineQuote checks it again. A refusal (the quote was accepted or expired meanwhile) shows in
 * the dialog as the server wrote it.
 */
export default function DeclineQuoteDialog({
  quoteId,
  number,
  onClose,
}: {
  quoteId: string;
  /** "Q-000123". */
  number: string;
  onClose: () => void;
}) {
  const notify = useNotify();
  const decline = useDeclineQuote();
  const formId = useId();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const busy = decline.isPending;
  const title = QUOTE_TEXTS.declineTitle(number);

  const submit = async () => {
    if (busy) return;
    setFailure(null);
    const checked = declineQuoteRequest.safeParse({ quoteId, reason });
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? QUOTE_TEXTS.declineFailed);
      return;
    }
    try {
      await decline.mutateAsync(checked.data);
      notify.success(...QUOTE_TEXTS.declinedToast);
      onClose();
    } catch (error) {
      console.error(error);
      setFailure(quoteRefusal(error, QUOTE_TEXTS.declineFailed).message);
    }
  };

  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={!busy}
      footer={
        <div className="quote-dialog__actions">
          <Button onClick={onClose} disabled={busy}>
            {QUOTE_TEXTS.declineCancel}
          </Button>
          <Button type="primary" danger htmlType="submit" form={formId} loading={busy}>
            {QUOTE_TEXTS.declineSubmit}
          </Button>
        </div>
      }
    >
      <form
        id={formId}
        className="quote-dialog"
        noValidate
        aria-label={title}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p className="quote-dialog__intro">{QUOTE_TEXTS.declineIntro}</p>
        <FormField
          className="profile-field"
          id={`${formId}-reason`}
          label={QUOTE_TEXTS.declineReason}
          error={problem ?? undefined}
        >
          {(aria) => (
            <TextArea
              {...aria}
              rows={3}
              required
              maxLength={QUOTE_LIMITS.declineReason}
              disabled={busy}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                setProblem(null);
              }}
            />
          )}
        </FormField>
        {failure && <Alert type="error" role="alert" title={failure} />}
      </form>
    </Modal>
  );
}
