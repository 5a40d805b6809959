import { zodResolver } from '@hookform/resolvers/zod';
import { supportContentSchema, type SupportContent } from '@portal/domain';
import { Input, Modal } from 'antd';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod/mini';
import { useReturnFocus } from '@/lib/focus-return';
import { useNotify } from '@/lib/notify';
import { useSaveSupportItem } from '@/entities/support';
import { FormField } from '@/components/form-field';

type TutorialInput = z.input<typeof supportContentSchema>;
type TutorialOutput = z.output<typeof supportContentSchema>;

/** Add (no item) or edit a support tutorial, validated with the domain's supportContentSchema. */
export function TutorialFormModal({
  item,
  onClose,
}: {
  item?: SupportContent;
  onClose: () => void;
}) {
  // Removed when closed: the focus goes back to the button that opened it.
  useReturnFocus();
  const notify = useNotify();
  const save = useSaveSupportItem();
  const {
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<TutorialInput, unknown, TutorialOutput>({
    resolver: zodResolver(supportContentSchema),
    defaultValues: {
      title: item?.title ?? '',
      category: item?.category ?? '',
      video_url: item?.video_url ?? '',
    },
  });

  const submit = handleSubmit(async (data) => {
    try {
      await save.mutateAsync({ id: item?.id, data });
      notify.success(
        'Success',
        item ? 'Tutorial updated successfully' : 'Tutorial added successfully',
      );
      onClose();
    } catch {
      notify.error('Error', 'Failed to save tutorial');
    }
  });

  return (
    <Modal
      open
      title={item ? 'Edit Tutorial' : 'Add Tutorial'}
      okText={item ? 'Save Changes' : 'Add Tutorial'}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <form onSubmit={submit} noValidate aria-label="Tutorial form">
        <Controller
          control={control}
          name="title"
          render={({ field }) => (
            <FormField id="tutorial-title" label="Title" error={errors.title?.message}>
              <Input id="tutorial-title" {...field} status={errors.title ? 'error' : undefined} />
            </FormField>
          )}
        />
        <Controller
          control={control}
          name="category"
          render={({ field }) => (
            <FormField id="tutorial-category" label="Category" error={errors.category?.message}>
              <Input
                id="tutorial-category"
                placeholder="e.g. Slushie Machines"
                {...field}
                status={errors.category ? 'error' : undefined}
              />
            </FormField>
          )}
        />
        <Controller
          control={control}
          name="video_url"
          render={({ field }) => (
            <FormField id="tutorial-video" label="Video URL" error={errors.video_url?.message}>
              <Input
                id="tutorial-video"
                type="url"
                placeholder="https://"
                {...field}
                status={errors.video_url ? 'error' : undefined}
              />
            </FormField>
          )}
        />
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </form>
    </Modal>
  );
}
