import type { OrderList } from '@portal/domain';
import { Button } from '@/components/button';
import { ConfirmPopover } from '@/components/confirm-popover';
import { useDeleteOrderList } from '@/entities/order-lists';
import { callableErrorMessage } from '@/lib/callable-errors';
import { useNotify } from '@/lib/notify';

/** The words of a list's deletion (docs/product.md, Order lists). */
export const DELETE_LIST_TEXTS = {
  delete: 'Delete',
  deleteTitle: (name: string) => `Delete "${name}"?`,
  deleteDescription: 'The list goes for everyone at your company. Your cart stays as it is.',
  deleteOk: 'Delete list',
  keep: 'Keep it',
  deleted: (name: string) => ['List deleted', `"${name}" was deleted.`] as const,
  deleteFailed: 'Could not delete the list. Try again.',
} as const;
const T = DELETE_LIST_TEXTS;

/**
 * Delete, with a confirmation naming the list (deleteOrderList): a lazy part of the Order lists
 * page, so its first load carries no floating confirmation box.
 */
export default function DeleteListButton({ list }: { list: OrderList }) {
  const notify = useNotify();
  const remove = useDeleteOrderList();
  return (
    <ConfirmPopover
      title={T.deleteTitle(list.name)}
      description={T.deleteDescription}
      okText={T.deleteOk}
      cancelText={T.keep}
      okDanger
      onConfirm={() =>
        remove.mutate(
          { listId: list.id },
          {
            onSuccess: () => notify.success(...T.deleted(list.name)),
            onError: (error) => notify.error('Error', callableErrorMessage(error, T.deleteFailed)),
          },
        )
      }
    >
      {(trigger) => (
        <Button {...trigger} danger loading={remove.isPending}>
          {T.delete}
        </Button>
      )}
    </ConfirmPopover>
  );
}
