import type { SupportContent } from '@portal/domain';
import { useState } from 'react';
import { Button } from '@/components/button';
import { lazyDialog } from '@/components/lazy-dialog';
import { Tag } from '@/components/tag';
import { useNotify } from '@/lib/notify';
import { useDeleteSupportItem, useEditableSupportContent } from '@/entities/support';
import { ConfirmPopover } from '@/components/confirm-popover';
import type { DataColumn } from '@/components/table/data-table';
import { EditableListSection } from '../common/editable-list-section';
import { useFetchErrorToast } from '@/components/table/use-fetch-error-toast';
import { withAntdTheme } from '@/components/with-antd-theme';

// The add and edit dialog (antd's Modal and form, with its theme) is fetched when first opened.
const TutorialFormModal = lazyDialog(
  withAntdTheme(() => import('./tutorial-form-modal').then((m) => m.TutorialFormModal)),
);

type Editing = { mode: 'create' } | { mode: 'edit'; item: SupportContent } | null;

function DeleteTutorial({ item }: { item: SupportContent }) {
  const notify = useNotify();
  const remove = useDeleteSupportItem();
  const confirm = async () => {
    try {
      await remove.mutateAsync(item.id);
      notify.success('Success', 'Tutorial removed successfully');
    } catch {
      notify.error('Error', 'Failed to remove tutorial');
    }
  };
  return (
    <ConfirmPopover
      title={`Delete "${item.title}"?`}
      description="Buyers will no longer see this tutorial."
      okText="Delete"
      okDanger
      onConfirm={confirm}
    >
      {(trigger) => (
        <Button
          {...trigger}
          size="small"
          danger
          loading={remove.isPending}
          aria-label={`Delete ${item.title}`}
        >
          Delete
        </Button>
      )}
    </ConfirmPopover>
  );
}

function VideoLink({ item }: { item: SupportContent }) {
  return (
    <a
      href={item.video_url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`Open video: ${item.title}`}
    >
      Open video
    </a>
  );
}

/** Edit and Delete: a group of its own, 8 px apart, wrapping on a narrow card. */
function TutorialActions({ item, onEdit }: { item: SupportContent; onEdit: () => void }) {
  return (
    <div className="admin-actions">
      <Button size="small" onClick={onEdit} aria-label={`Edit ${item.title}`}>
        Edit
      </Button>
      <DeleteTutorial item={item} />
    </div>
  );
}

/** Support tutorials by category: add, edit, delete. */
export function TutorialsPanel() {
  const tutorials = useEditableSupportContent();
  const [editing, setEditing] = useState<Editing>(null);
  useFetchErrorToast(tutorials.isError);
  const list = tutorials.data ?? [];

  const columns: DataColumn<SupportContent>[] = [
    { title: 'Title', key: 'title', render: (item) => item.title },
    {
      title: 'Category',
      key: 'category',
      render: (item) => <Tag color="purple">{item.category}</Tag>,
    },
    { title: 'Video', key: 'video', render: (item) => <VideoLink item={item} /> },
    {
      title: 'Actions',
      key: 'actions',
      render: (item) => (
        <TutorialActions item={item} onEdit={() => setEditing({ mode: 'edit', item })} />
      ),
    },
  ];

  return (
    <EditableListSection<SupportContent>
      headingId="tutorials-title"
      title="Support Tutorials"
      addLabel="Add Tutorial"
      onAdd={() => setEditing({ mode: 'create' })}
      items={list}
      isPending={tutorials.isPending}
      isError={tutorials.isError}
      emptyText="No tutorials yet"
      errorText="Could not load tutorials"
      columns={columns}
      cardLabel={(item) => item.title}
      renderCard={(item) => (
        <>
          <div className="admin-card__top">
            <strong>{item.title}</strong>
            <Tag color="purple">{item.category}</Tag>
          </div>
          <div className="admin-actions admin-card__actions">
            <VideoLink item={item} />
            <TutorialActions item={item} onEdit={() => setEditing({ mode: 'edit', item })} />
          </div>
        </>
      )}
    >
      {editing && (
        <TutorialFormModal
          item={editing.mode === 'edit' ? editing.item : undefined}
          onClose={() => setEditing(null)}
        />
      )}
    </EditableListSection>
  );
}
