import type { SupportContent } from '@portal/domain';
import { PlusOutlined } from '@ant-design/icons';
import {
  Button,
  Card,
  Grid,
  Popconfirm,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useNotify } from '@/lib/notify';
import { useDeleteSupportItem } from '../api/delete-support-item';
import { useAdminSupportContent } from '../api/get-support-content';
import { TutorialFormModal } from './tutorial-form-modal';
import { useFetchErrorToast } from './use-fetch-error-toast';

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
    <Popconfirm
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

/** Support tutorials by category: add, edit, delete. */
export function TutorialsPanel() {
  const tutorials = useAdminSupportContent();
  const [editing, setEditing] = useState<Editing>(null);
  useFetchErrorToast(tutorials.isError);
  const phone = Grid.useBreakpoint().xs === true;
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
      render: (url: string, item) => (
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Open video: ${item.title}`}
        >
          Open video
        </a>
      ),
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, item) => (
        <Space wrap size={8}>
          <Button
            size="small"
            onClick={() => setEditing({ mode: 'edit', item })}
            aria-label={`Edit ${item.title}`}
          >
            Edit
          </Button>
          <DeleteTutorial item={item} />
        </Space>
      ),
    },
  ];

  return (
    <section aria-labelledby="tutorials-title">
      <div className="admin-section-header">
        <Typography.Title level={2} id="tutorials-title" style={{ fontSize: 20 }}>
          Support Tutorials
        </Typography.Title>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing({ mode: 'create' })}
        >
          Add Tutorial
        </Button>
      </div>
      {phone ? (
        <div className="admin-cards" aria-busy={tutorials.isPending}>
          {tutorials.isPending && <Skeleton active />}
          {list.map((item) => (
            <Card key={item.id} size="small" role="article" aria-label={item.title}>
              <div className="admin-card__top">
                <strong>{item.title}</strong>
                <Tag color="purple">{item.category}</Tag>
              </div>
              <Space wrap size={8} style={{ marginTop: 8 }}>
                <a
                  href={item.video_url}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`Open video: ${item.title}`}
                >
                  Open video
                </a>
                <Button
                  size="small"
                  onClick={() => setEditing({ mode: 'edit', item })}
                  aria-label={`Edit ${item.title}`}
                >
                  Edit
                </Button>
                <DeleteTutorial item={item} />
              </Space>
            </Card>
          ))}
          {!tutorials.isPending && list.length === 0 && (
            <Typography.Text type="secondary">
              {tutorials.isError ? 'Could not load tutorials' : 'No tutorials yet'}
            </Typography.Text>
          )}
        </div>
      ) : (
        <Table<SupportContent>
          rowKey="id"
          columns={columns}
          dataSource={list}
          loading={tutorials.isPending}
          scroll={{ x: 'max-content' }}
          pagination={false}
          locale={{
            emptyText: tutorials.isError ? 'Could not load tutorials' : 'No tutorials yet',
          }}
        />
      )}
      {editing && (
        <TutorialFormModal
          item={editing.mode === 'edit' ? editing.item : undefined}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}
