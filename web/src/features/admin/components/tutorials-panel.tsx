import type { SupportContent } from '@portal/domain';
import { Button, Popconfirm, Space, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useConfirmFocus } from '@/lib/focus-return';
import { useNotify } from '@/lib/notify';
import { useDeleteSupportItem, useEditableSupportContent } from '@/entities/support';
import { EditableListSection } from './editable-list-section';
import { TutorialFormModal } from './tutorial-form-modal';
import { useFetchErrorToast } from './use-fetch-error-toast';

type Editing = { mode: 'create' } | { mode: 'edit'; item: SupportContent } | null;

function DeleteTutorial({ item }: { item: SupportContent }) {
  const notify = useNotify();
  const remove = useDeleteSupportItem();
  const confirmFocus = useConfirmFocus();
  const confirm = async () => {
    try {
      await remove.mutateAsync(item.id);
      notify.success('Success', 'Tutorial removed successfully');
    } catch {
      notify.error('Error', 'Failed to remove tutorial');
    }
  };
  return (
    <Popconfirm
      {...confirmFocus}
      title={`Delete "${item.title}"?`}
      description="Buyers will no longer see this tutorial."
      okText="Delete"
      okButtonProps={{ danger: true }}
      cancelText="Cancel"
      onConfirm={confirm}
    >
      <Button size="small" danger loading={remove.isPending} aria-label={`Delete ${item.title}`}>
        Delete
      </Button>
    </Popconfirm>
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

  const columns: TableColumnsType<SupportContent> = [
    { title: 'Title', dataIndex: 'title' },
    {
      title: 'Category',
      dataIndex: 'category',
      render: (c: string) => <Tag color="purple">{c}</Tag>,
    },
    {
      title: 'Video',
      dataIndex: 'video_url',
      render: (_, item) => <VideoLink item={item} />,
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, item) => (
        <Space wrap size={8}>
          <TutorialActions item={item} onEdit={() => setEditing({ mode: 'edit', item })} />
        </Space>
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
          <Space wrap size={8} style={{ marginTop: 8 }}>
            <VideoLink item={item} />
            <TutorialActions item={item} onEdit={() => setEditing({ mode: 'edit', item })} />
          </Space>
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
