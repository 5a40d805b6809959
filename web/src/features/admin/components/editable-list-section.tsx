import { PlusOutlined } from '@ant-design/icons';
import {
  Button,
  Card,
  Grid,
  Skeleton,
  Table,
  Typography,
  type TableColumnsType,
  type TablePaginationConfig,
} from 'antd';
import { useState, type ReactNode } from 'react';

interface Props<T extends { id: string }> {
  /** id of the section heading (the section is labelled by it). */
  headingId: string;
  title: string;
  addLabel: string;
  onAdd: () => void;
  items: readonly T[];
  isPending: boolean;
  isError: boolean;
  /** Shown when the list is empty, and (errorText) when it could not load. */
  emptyText: string;
  errorText: string;
  /** Desktop: a table with these columns. */
  columns: TableColumnsType<T>;
  /** Phone: one card per item with this label and content. */
  cardLabel: (item: T) => string;
  renderCard: (item: T) => ReactNode;
  /** The create/edit dialog, when open. */
  children?: ReactNode;
  /** Under the heading: search, import and export (the catalog). */
  toolbar?: ReactNode;
  /** The table's pages (none by default: short lists); phones show as many cards, then More. */
  pagination?: TablePaginationConfig;
}

/**
 * A manager's editable list (catalog, tutorials): heading with an Add button, then a table on
 * desktop or cards on phones, with loading, empty and error states.
 */
export function EditableListSection<T extends { id: string }>(props: Props<T>) {
  const phone = Grid.useBreakpoint().xs === true;
  const empty = props.isError ? props.errorText : props.emptyText;
  const pageSize = props.pagination?.pageSize ?? props.pagination?.defaultPageSize ?? 50;
  const [cardPages, setCardPages] = useState(1);
  const cards = props.pagination ? props.items.slice(0, pageSize * cardPages) : props.items;
  return (
    <section aria-labelledby={props.headingId}>
      <div className="admin-section-header">
        <Typography.Title level={2} id={props.headingId} style={{ fontSize: 20 }}>
          {props.title}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={props.onAdd}>
          {props.addLabel}
        </Button>
      </div>
      {props.toolbar}
      {phone ? (
        <div className="admin-cards" aria-busy={props.isPending}>
          {props.isPending && <Skeleton active />}
          {cards.map((item) => (
            <Card key={item.id} size="small" role="article" aria-label={props.cardLabel(item)}>
              {props.renderCard(item)}
            </Card>
          ))}
          {cards.length < props.items.length && (
            <Button onClick={() => setCardPages((pages) => pages + 1)}>
              Show more ({props.items.length - cards.length} left)
            </Button>
          )}
          {!props.isPending && props.items.length === 0 && (
            <Typography.Text type="secondary">{empty}</Typography.Text>
          )}
        </div>
      ) : (
        <Table<T>
          rowKey="id"
          columns={props.columns}
          dataSource={[...props.items]}
          loading={props.isPending}
          scroll={{ x: 'max-content' }}
          pagination={props.pagination ?? false}
          // No empty state behind the spinner: only once the list has been read.
          locale={{ emptyText: props.isPending ? ' ' : empty }}
        />
      )}
      {props.children}
    </section>
  );
}
