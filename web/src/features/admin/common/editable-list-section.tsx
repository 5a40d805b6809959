import { useState, type ReactNode } from 'react';
import { Button } from '@/components/button';
import { PlusOutlined } from '@/components/icons';
import { TextSkeleton } from '@/components/skeleton';
import { DataTable, type DataColumn } from '@/components/table/data-table';
import { usePhoneLayout } from '@/components/table/phone-layout';
import { pageOf, TablePager } from '@/components/table/table-pager';
import './admin-tables.css';

/** A list's pages, kept by the list's owner (the catalog). */
export interface ListPages {
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  onChange: (page: number, pageSize: number) => void;
}

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
  columns: readonly DataColumn<T>[];
  /** Phone: one card per item with this label and content. */
  cardLabel: (item: T) => string;
  renderCard: (item: T) => ReactNode;
  /** The create/edit dialog, when open. */
  children?: ReactNode;
  /** Under the heading: search, import and export (the catalog). */
  toolbar?: ReactNode;
  /**
   * The table's pages (none by default: short lists), with a pager once there is more than one;
   * phones show as many cards, then More.
   */
  pagination?: ListPages;
  /** The table's cell padding (DataTable's sizes); 16 px by default. */
  tableSize?: 'small' | 'middle' | 'large';
}

/**
 * A manager's editable list (catalog, tutorials): heading with an Add button, then a table on
 * desktop or cards on phones, with loading, empty and error states. Plain elements in antd's look
 * (DataTable, TablePager): the list itself loads no antd.
 */
export function EditableListSection<T extends { id: string }>(props: Props<T>) {
  const phone = usePhoneLayout();
  const empty = props.isError ? props.errorText : props.emptyText;
  const pages = props.pagination;
  const pageSize = pages?.pageSize ?? 50;
  const [cardPages, setCardPages] = useState(1);
  const cards = pages ? props.items.slice(0, pageSize * cardPages) : props.items;
  const { page, rows } = pages
    ? pageOf(props.items, pages.page, pageSize)
    : { page: 1, rows: props.items };
  return (
    <section aria-labelledby={props.headingId}>
      <div className="admin-section-header">
        <h2 id={props.headingId} className="admin-section-title">
          {props.title}
        </h2>
        <Button type="primary" icon={<PlusOutlined />} onClick={props.onAdd}>
          {props.addLabel}
        </Button>
      </div>
      {props.toolbar}
      {phone ? (
        <div className="admin-cards" aria-busy={props.isPending}>
          {props.isPending && (
            <div role="status" aria-label={`Loading ${props.title}`}>
              <TextSkeleton />
            </div>
          )}
          {cards.map((item) => (
            <article key={item.id} className="admin-card" aria-label={props.cardLabel(item)}>
              {props.renderCard(item)}
            </article>
          ))}
          {cards.length < props.items.length && (
            <Button onClick={() => setCardPages((shown) => shown + 1)}>
              Show more ({props.items.length - cards.length} left)
            </Button>
          )}
          {!props.isPending && props.items.length === 0 && (
            <span className="admin-secondary">{empty}</span>
          )}
        </div>
      ) : (
        <>
          <DataTable<T>
            label={props.title}
            rowKey={(item) => item.id}
            columns={props.columns}
            rows={rows}
            loading={props.isPending}
            oneLine
            size={props.tableSize}
            // No empty state behind the spinner: only once the list has been read.
            empty={props.isPending ? null : empty}
          />
          {pages && props.items.length > pageSize && (
            <TablePager
              label={props.title}
              page={page}
              pageSize={pageSize}
              total={props.items.length}
              pageSizes={pages.pageSizes}
              onChange={pages.onChange}
            />
          )}
        </>
      )}
      {props.children}
    </section>
  );
}
