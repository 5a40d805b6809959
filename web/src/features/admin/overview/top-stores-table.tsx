import {
  BUSINESS_TIME_ZONE,
  formatUsd,
  routePath,
  TOP_LIST_SIZE,
  type StoreFigure,
} from '@portal/domain';
import { Card, Empty, Table, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { NO_SALES_TEXT } from './chart-card';

const dayFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeZone: BUSINESS_TIME_ZONE,
});

const columns: TableColumnsType<StoreFigure> = [
  {
    title: 'Store',
    key: 'store',
    render: (_, store) => (
      <Link to={routePath('adminStore', { uid: store.uid })}>{store.storeName}</Link>
    ),
  },
  {
    title: 'Revenue',
    dataIndex: 'revenue',
    align: 'right',
    render: (cents: number) => formatUsd(cents),
  },
  { title: 'Orders', dataIndex: 'orders', align: 'right' },
  {
    title: 'Last order',
    dataIndex: 'lastOrderAt',
    render: (at: string | null) => (at ? dayFormat.format(new Date(at)) : '—'),
  },
];

const TITLE = `Top ${TOP_LIST_SIZE} stores by revenue`;

export function TopStoresTable({ stores }: { stores: StoreFigure[] }) {
  return (
    <section aria-labelledby="overview-top-stores" className="overview-card">
      <Card
        size="small"
        title={
          <h2 id="overview-top-stores" className="overview-card__title">
            {TITLE}
          </h2>
        }
      >
        <Table<StoreFigure>
          rowKey="uid"
          size="small"
          columns={columns}
          dataSource={stores}
          pagination={false}
          scroll={{ x: 'max-content' }}
          aria-label={TITLE}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NO_SALES_TEXT} />,
          }}
        />
      </Card>
    </section>
  );
}
