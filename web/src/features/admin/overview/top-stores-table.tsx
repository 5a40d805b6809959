import {
  businessDayText,
  formatUsd,
  routePath,
  TOP_LIST_SIZE,
  type StoreFigure,
} from '@portal/domain';
import { Link } from 'react-router';
import { DataTable, type DataColumn } from '@/components/table/data-table';
import { NoSales } from './chart-card';

const columns: DataColumn<StoreFigure>[] = [
  {
    key: 'store',
    title: 'Store',
    render: (store) => (
      // The figures are kept per buyer: the company page opens the buyer's company.
      <Link to={routePath('adminCompany', { companyId: store.uid })}>{store.storeName}</Link>
    ),
  },
  { key: 'revenue', title: 'Revenue', align: 'right', render: (store) => formatUsd(store.revenue) },
  { key: 'orders', title: 'Orders', align: 'right', render: (store) => store.orders },
  {
    key: 'last-order',
    title: 'Last order',
    render: (store) => (store.lastOrderAt ? businessDayText(new Date(store.lastOrderAt)) : '—'),
  },
];

const TITLE = `Top ${TOP_LIST_SIZE} stores by revenue`;

/** The range's top stores, each opening its company's page, in a card like the charts'. */
export function TopStoresTable({ stores }: { stores: StoreFigure[] }) {
  return (
    <section aria-labelledby="overview-top-stores" className="admin-surface overview-card">
      <div className="overview-card__head">
        <h2 id="overview-top-stores" className="overview-card__title">
          {TITLE}
        </h2>
      </div>
      <div className="overview-card__body">
        <DataTable<StoreFigure>
          label={TITLE}
          size="small"
          oneLine
          columns={columns}
          rows={stores}
          rowKey={(store) => store.uid}
          empty={<NoSales />}
        />
      </div>
    </section>
  );
}
