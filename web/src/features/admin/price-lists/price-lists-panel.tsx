/**
 * The dashboard's Price lists tab: every list with where it stands today (Scheduled, Active,
 * Expired), its window, how many products and companies it covers, and Edit and Delete (after a
 * confirmation). New and Edit open the editor, a dialog of its own fetched when first opened: the
 * tab itself loads no antd.
 */
import { priceListState, type PriceListState } from '@portal/domain';
import { useState } from 'react';
import { Button } from '@/components/button';
import { ConfirmPopover } from '@/components/confirm-popover';
import { lazyDialog } from '@/components/lazy-dialog';
import { Tag } from '@/components/tag';
import type { DataColumn } from '@/components/table/data-table';
import { useFetchErrorToast } from '@/components/table/use-fetch-error-toast';
import { withAntdTheme } from '@/components/with-antd-theme';
import { callableErrorMessage } from '@/lib/callable-errors';
import { useNotify } from '@/lib/notify';
import { useDeletePriceList, usePriceLists, type PriceListRecord } from '@/entities/price-lists';
import { EditableListSection } from '../common/editable-list-section';
import {
  companiesText,
  PRICE_LIST_STATE_COLORS,
  PRICE_LIST_STATE_LABELS,
  priceListWindowText,
  productsText,
} from './price-list-text';
import './price-lists.css';

// The editor (antd's Modal, selects and inputs, with its theme) is fetched when first opened.
const PriceListFormModal = lazyDialog(
  withAntdTheme(() => import('./price-list-form-modal').then((m) => m.PriceListFormModal)),
);

export const PRICE_LISTS_TEXTS = {
  empty: 'No price lists yet. Create one to give a company its own prices.',
  loadFailed: 'Could not load price lists',
  deleteFailed: 'Could not delete the price list.',
} as const;

type Editing = { mode: 'create' } | { mode: 'edit'; list: PriceListRecord } | null;

function StateTag({ state }: { state: PriceListState }) {
  return <Tag color={PRICE_LIST_STATE_COLORS[state]}>{PRICE_LIST_STATE_LABELS[state]}</Tag>;
}

function DeletePriceList({ list }: { list: PriceListRecord }) {
  const notify = useNotify();
  const remove = useDeletePriceList();
  const companies = list.company_ids.length;
  const confirm = async () => {
    try {
      await remove.mutateAsync(list.id);
      notify.success('Price list deleted', `${list.name} no longer applies.`);
    } catch (error) {
      notify.error('Error', callableErrorMessage(error, PRICE_LISTS_TEXTS.deleteFailed));
    }
  };
  return (
    <ConfirmPopover
      title="Delete price list?"
      description={
        companies > 0
          ? `${list.name} stops applying to its ${companiesText(companies)} at once.`
          : `${list.name} will be gone for good.`
      }
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
          aria-label={`Delete ${list.name}`}
        >
          Delete
        </Button>
      )}
    </ConfirmPopover>
  );
}

/** Edit and Delete: a group of their own, 8 px apart, wrapping on a narrow card. */
function PriceListActions({ list, onEdit }: { list: PriceListRecord; onEdit: () => void }) {
  return (
    <div className="admin-actions">
      <Button size="small" onClick={onEdit} aria-label={`Edit ${list.name}`}>
        Edit
      </Button>
      <DeletePriceList list={list} />
    </div>
  );
}

const productCount = (list: PriceListRecord) => Object.keys(list.entries).length;

/** The Price lists tab. */
export function PriceListsPanel() {
  const lists = usePriceLists();
  const [editing, setEditing] = useState<Editing>(null);
  useFetchErrorToast(lists.isError);
  // Where each list stands is judged when the tab renders (a list saved now reads again).
  const now = new Date();
  const edit = (list: PriceListRecord) => setEditing({ mode: 'edit', list });

  const columns: DataColumn<PriceListRecord>[] = [
    {
      title: 'Name',
      key: 'name',
      render: (list) => <span className="price-lists__name">{list.name}</span>,
    },
    {
      title: 'State',
      key: 'state',
      render: (list) => <StateTag state={priceListState(list, now)} />,
    },
    { title: 'Window', key: 'window', render: (list) => priceListWindowText(list) },
    { title: 'Products', key: 'products', align: 'right', render: productCount },
    { title: 'Companies', key: 'companies', align: 'right', render: (l) => l.company_ids.length },
    {
      title: 'Actions',
      key: 'actions',
      render: (list) => <PriceListActions list={list} onEdit={() => edit(list)} />,
    },
  ];

  return (
    <EditableListSection<PriceListRecord>
      headingId="price-lists-title"
      title="Price lists"
      addLabel="New price list"
      onAdd={() => setEditing({ mode: 'create' })}
      items={lists.data ?? []}
      isPending={lists.isPending}
      isError={lists.isError}
      emptyText={PRICE_LISTS_TEXTS.empty}
      errorText={PRICE_LISTS_TEXTS.loadFailed}
      columns={columns}
      cardLabel={(list) => list.name}
      renderCard={(list) => (
        <>
          <div className="admin-card__top">
            <strong className="price-lists__name">{list.name}</strong>
            <StateTag state={priceListState(list, now)} />
          </div>
          <div className="admin-card__meta">
            <span>{priceListWindowText(list)}</span>
            <span>{productsText(productCount(list))}</span>
            <span>{companiesText(list.company_ids.length)}</span>
          </div>
          <div className="admin-card__actions">
            <PriceListActions list={list} onEdit={() => edit(list)} />
          </div>
        </>
      )}
    >
      {editing && (
        <PriceListFormModal
          list={editing.mode === 'edit' ? editing.list : undefined}
          onClose={() => setEditing(null)}
        />
      )}
    </EditableListSection>
  );
}
