import { Input, Modal, type GetRef } from 'antd';
import { useRef, useState } from 'react';
import { Alert } from '@/components/alert';
import { FormField } from '@/components/form-field';
import { callableErrorMessage } from '@/lib/callable-errors';
import { useReturnFocus } from '@/lib/focus-return';
import { useNotify } from '@/lib/notify';
import { CLAIMS_TEXTS as TEXTS } from './claims-text';

/** What the domain's request schema says of the text typed: the request, or its problem. */
export type TextCheck<Request> = (
  text: string,
) => { ok: true; request: Request } | { ok: false; problem: string };

/** A call of the tab's mutation, with the callbacks of its outcome. */
export type Send<Request> = (
  request: Request,
  outcome: { onSuccess: () => void; onError: (error: unknown) => void },
) => void;

/**
 * A dialog that asks one text and sends it (Ask the buyer: the question; Reject: the reason): the
 * text is checked by the domain's request schema before anything is sent; the server's refusal
 * shows in the dialog, word for word.
 */
export function ClaimTextDialog<Request>({
  id,
  title,
  label,
  hint,
  okText,
  danger = false,
  maxLength,
  check,
  send,
  pending,
  done,
  onCancel,
}: {
  id: string;
  title: string;
  label: string;
  hint: string;
  okText: string;
  danger?: boolean;
  maxLength: number;
  check: TextCheck<Request>;
  send: Send<Request>;
  pending: boolean;
  /** The toast's title and text once sent. */
  done: { title: string; text: string };
  onCancel: () => void;
}) {
  useReturnFocus();
  const notify = useNotify();
  const field = useRef<GetRef<typeof Input.TextArea>>(null);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = () => {
    if (pending) return;
    setFailure(null);
    const checked = check(text);
    if (!checked.ok) {
      setProblem(checked.problem);
      return;
    }
    setProblem(null);
    send(checked.request, {
      onSuccess: () => {
        notify.success(done.title, done.text);
        onCancel();
      },
      onError: (error) => setFailure(callableErrorMessage(error, TEXTS.actionFailed)),
    });
  };

  return (
    <Modal
      open
      title={title}
      okText={okText}
      okButtonProps={{ danger, loading: pending }}
      cancelText="Cancel"
      onOk={submit}
      onCancel={onCancel}
      afterOpenChange={(open) => {
        if (open) field.current?.focus();
      }}
      destroyOnHidden
    >
      <form
        noValidate
        aria-label={title}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <FormField id={id} label={label} hint={hint} error={problem ?? undefined}>
          {(control) => (
            <Input.TextArea
              {...control}
              ref={field}
              autoFocus
              value={text}
              onChange={(event) => setText(event.target.value)}
              rows={4}
              maxLength={maxLength}
              showCount
              status={problem ? 'error' : undefined}
            />
          )}
        </FormField>
        {failure && <Alert type="error" role="alert" title={failure} />}
      </form>
    </Modal>
  );
}
