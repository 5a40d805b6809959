import {
  applicableEntries,
  companyLadder,
  formatCount,
  formatUsd,
  priceListState,
  ROLE_LABELS,
  type BuyerRole,
  type PriceListTerms,
} from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { DataTable, type DataColumn } from '@/components/table/data-table';
import { pageOf, TablePager } from '@/components/table/table-pager';
import { Tag } from '@/components/tag';
import { TextInput } from '@/components/text-input';
import { useAllProducts } from '@/entities/catalog';
import { fetchCompanyPriceLists } from '@/entities/catalog/company-pricing';
import { callableErrorMessage } from '@/lib/callable-errors';
import { callMoveCompanyTier } from '@/lib/manager-callables';
import { useNotify } from '@/lib/notify';
import { searchKeys } from '../common/search';
import {
  PRICE_LIST_STATE_COLORS,
  PRICE_LIST_STATE_LABELS,
  priceListWindowText,
} from '../price-lists/price-list-text';

/**
 * The company page's Prices panel (docs/pricing.md): the tier it buys at, with the move to the
 * other tier (a reason is required; audited, the members' next page load and open carts are
 * repriced), the price lists assigned to it with their state, and what each product they name
 * costs the company at one unit: the tier price, the company's price and the list that sets it,
 * by the same rule checkout charges by. Loaded with the page, after its first paint.
 */

export const COMPANY_PRICES_TEXTS = {
  moved: (tier: string) => `Moved to ${tier} prices.`,
  moveFailed: 'Could not move the company.',
  reasonRequired: 'Give a reason for the move.',
  listsFailed: 'Could not load the price lists of this company.',
  noLists: 'No price lists. The company pays its tier prices.',
} as const;

interface PriceRow {
  id: string;
  name: string;
  sku: string;
  tier: number;
  price: number;
  list: string | null;
}

const PRICES_PAGE = 10;

const priceColumns: readonly DataColumn<PriceRow>[] = [
  {
    title: 'Product',
    key: 'product',
    render: (row) => (
      <span>
        {row.name}
        {row.sku && <span className="admin-secondary"> · {row.sku}</span>}
      </span>
    ),
  },
  {
    title: 'Tier price',
    key: 'tier',
    align: 'right',
    className: 'admin-cell--nowrap',
    render: (row) => formatUsd(row.tier),
  },
  {
    title: 'Company price',
    key: 'price',
    align: 'right',
    className: 'admin-cell--nowrap',
    render: (row) => <strong>{formatUsd(row.price)}</strong>,
  },
  { title: 'Price list', key: 'list', render: (row) => row.list ?? 'Tier price' },
];

const listColumns: readonly DataColumn<PriceListTerms>[] = [
  { title: 'Price list', key: 'name', render: (list) => list.name },
  {
    title: 'State',
    key: 'state',
    render: (list) => {
      const state = priceListState(list, new Date());
      return <Tag color={PRICE_LIST_STATE_COLORS[state]}>{PRICE_LIST_STATE_LABELS[state]}</Tag>;
    },
  },
  { title: 'Dates', key: 'dates', render: (list) => priceListWindowText(list) },
  {
    title: 'Products',
    key: 'products',
    align: 'right',
    render: (list) => formatCount(Object.keys(list.entries).length),
  },
];

function TierMove({
  companyId,
  companyName,
  tier,
}: {
  companyId: string;
  companyName: string;
  tier: BuyerRole;
}) {
  const notify = useNotify();
  const client = useQueryClient();
  const reasonId = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const to: BuyerRole = tier === 'retailer' ? 'wholesaler' : 'retailer';
  const toName = ROLE_LABELS[to].toLowerCase();
  const move = useMutation({
    mutationFn: () => callMoveCompanyTier({ companyId, businessType: to, reason: reason.trim() }),
    onSuccess: async () => {
      notify.success(COMPANY_PRICES_TEXTS.moved(toName));
      setOpen(false);
      setReason('');
      await client.invalidateQueries({ queryKey: searchKeys.company(companyId) });
    },
    onError: (error) => setProblem(callableErrorMessage(error, COMPANY_PRICES_TEXTS.moveFailed)),
  });

  if (!open) {
    return <Button onClick={() => setOpen(true)}>{`Move to ${toName} prices`}</Button>;
  }
  return (
    <form
      className="company-prices__move"
      aria-label={`Move ${companyName} to ${toName} prices`}
      onSubmit={(event) => {
        event.preventDefault();
        if (!reason.trim()) {
          setProblem(COMPANY_PRICES_TEXTS.reasonRequired);
          return;
        }
        setProblem(null);
        move.mutate();
      }}
    >
      <label htmlFor={reasonId}>Reason (kept in the company's history)</label>
      <TextInput
        id={reasonId}
        value={reason}
        maxLength={300}
        autoFocus
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${reasonId}-problem` : undefined}
        onChange={(event) => setReason(event.target.value)}
      />
      {problem && (
        <p id={`${reasonId}-problem`} className="company-prices__problem" role="alert">
          {problem}
        </p>
      )}
      <p className="admin-secondary">
        Every member buys at {toName} prices from their next page; open carts are repriced, a
        checkout already open keeps its price.
      </p>
      <div className="company-prices__actions">
        <Button type="primary" htmlType="submit" loading={move.isPending}>
          {`Move to ${toName} prices`}
        </Button>
        <Button onClick={() => setOpen(false)} disabled={move.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

export function CompanyPrices({
  companyId,
  companyName,
  tier,
}: {
  companyId: string;
  companyName: string;
  tier: BuyerRole;
}) {
  const lists = useQuery({
    queryKey: [...searchKeys.company(companyId), 'price-lists'],
    queryFn: () => fetchCompanyPriceLists(companyId),
  });
  const products = useAllProducts();
  const [page, setPage] = useState(1);

  const rows: PriceRow[] = [];
  if (lists.data && products.data) {
    const index = applicableEntries(lists.data, new Date());
    for (const product of products.data) {
      const applied = index.get(product.id);
      if (!applied) continue;
      const wholesale = tier === 'wholesaler';
      const base = wholesale ? product.price_wholesaler : product.price_retailer;
      if (base === null) continue;
      const ladder = companyLadder(
        { base, breaks: wholesale ? product.wholesale_breaks : product.price_breaks },
        applied,
      );
      rows.push({
        id: product.id,
        name: product.name,
        sku: product.sku,
        tier: base,
        price: ladder.base,
        list: ladder.baseList?.name ?? null,
      });
    }
  }
  const { page: shown, rows: pageRows } = pageOf(rows, page, PRICES_PAGE);

  return (
    <div className="company-prices">
      <div className="company-prices__tier">
        <span>
          Buys at <strong>{ROLE_LABELS[tier].toLowerCase()}</strong> prices
        </span>
        <TierMove companyId={companyId} companyName={companyName} tier={tier} />
      </div>
      {lists.isError || products.isError ? (
        <Alert type="error" role="alert" title={COMPANY_PRICES_TEXTS.listsFailed} />
      ) : (
        <>
          <DataTable<PriceListTerms>
            label={`Price lists of ${companyName}`}
            size="small"
            rowKey={(list) => list.id}
            columns={listColumns}
            rows={lists.data ?? []}
            loading={lists.isPending}
            empty={COMPANY_PRICES_TEXTS.noLists}
          />
          {rows.length > 0 && (
            <>
              <h3 className="company-prices__heading">Prices now, at one unit</h3>
              <DataTable<PriceRow>
                label={`Prices of ${companyName}`}
                size="small"
                rowKey={(row) => row.id}
                columns={priceColumns}
                rows={pageRows}
              />
              {rows.length > PRICES_PAGE && (
                <TablePager
                  label={`Prices of ${companyName}`}
                  page={shown}
                  pageSize={PRICES_PAGE}
                  total={rows.length}
                  pageSizes={[PRICES_PAGE]}
                  onChange={(next) => setPage(next)}
                />
              )}
            </>
          )}
        </>
      )}
    </div>
  );
}
