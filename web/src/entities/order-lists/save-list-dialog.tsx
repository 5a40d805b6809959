import { Modal } from 'antd';
import { useId, useState } from 'react';
import { ORDER_LIST_LIMITS, orderListLinesFrom, orderListNameSchema } from '@portal/domain';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { FormField } from '@/components/form-field';
import { TextInput } from '@/components/text-input';
import { callableErrorMessage } from '@/lib/callable-errors';
import { useNotify } from '@/lib/notify';
import { useSaveOrderList } from './queries';
import './save-list-dialog.css';

/** The words of Save as list (docs/product.md, Order lists). */
export const SAVE_LIST_TEXTS = {
  title: 'Save as list',
  intro: (products: number) =>
    `Save ${products === 1 ? 'this product' : `these ${products} products`} with their quantities as a list your company can add to the cart in one step.`,
  name: 'List name',
  hint: 'For example "Main St every 2 weeks".',
  changed: `A list takes up to ${ORDER_LIST_LIMITS.lines} products and ${ORDER_LIST_LIMITS.quantity} units of each: the rest is left out.`,
  cancel: 'Cancel',
  save: 'Save list',
  failed: 'Could not save the list. Try again.',
  saved: (name: string) => ['List saved', `"${name}" is in your Order lists.`] as const,
} as const;

/**
 * Save as list, for the cart and a past order in My Account: the name, checked by the domain's
 * rule here and again by saveOrderList, which also refuses a name the company already uses. A
 * lazy dialog (antd's Modal): the cart's and My Account's first loads carry none of it. It lives
 * with its entity because two features open it and features never import each other.
 */
export default function SaveListDialog({
  items,
  defaultName = '',
  onClose,
}: {
  /** What the list will hold: the cart's lines or the order's. */
  items: readonly { product_id: string; quantity: number }[];
  defaultName?: string;
  onClose: () => void;
}) {
  const notify = useNotify();
  const saveList = useSaveOrderList();
  const formId = useId();
  const [name, setName] = useState(defaultName);
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { lines, changed } = orderListLinesFrom(items);
  const busy = saveList.isPending;

  const submit = async () => {
    if (busy) return;
    setFailure(null);
    const checked = orderListNameSchema.safeParse(name);
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? SAVE_LIST_TEXTS.failed);
      return;
    }
    try {
      await saveList.mutateAsync({ listId: null, name: checked.data, lines });
      notify.success(...SAVE_LIST_TEXTS.saved(checked.data));
      onClose();
    } catch (error) {
      setFailure(callableErrorMessage(error, SAVE_LIST_TEXTS.failed));
    }
  };

  return (
    <Modal
      open
      title={SAVE_LIST_TEXTS.title}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={!busy}
      footer={
        <div className="save-list__actions">
          <Button onClick={onClose} disabled={busy}>
            {SAVE_LIST_TEXTS.cancel}
          </Button>
          <Button type="primary" htmlType="submit" form={formId} loading={busy}>
            {SAVE_LIST_TEXTS.save}
          </Button>
        </div>
      }
    >
      <form
        id={formId}
        className="save-list"
        noValidate
        aria-label={SAVE_LIST_TEXTS.title}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p className="save-list__intro">{SAVE_LIST_TEXTS.intro(lines.length)}</p>
        <FormField
          className="profile-field"
          id={`${formId}-name`}
          label={SAVE_LIST_TEXTS.name}
          hint={SAVE_LIST_TEXTS.hint}
          error={problem ?? undefined}
        >
          {(aria) => (
            <TextInput
              {...aria}
              required
              autoFocus
              autoComplete="off"
              maxLength={ORDER_LIST_LIMITS.name}
              disabled={busy}
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                setProblem(null);
              }}
            />
          )}
        </FormField>
        {changed && <p className="save-list__note">{SAVE_LIST_TEXTS.changed}</p>}
        {failure && <Alert type="error" role="alert" title={failure} />}
      </form>
    </Modal>
  );
}
