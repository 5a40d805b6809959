import { formatUsd } from '@portal/domain';
import { Card, Col, Row, Statistic } from 'antd';
import { useTotals } from '../api/get-totals';
import { useFetchErrorToast } from './use-fetch-error-toast';

/**
 * Total orders, total users and revenue (paid orders; cents shown as dollars). While they load,
 * each card shows a dash on the value's own line (antd's loading skeleton is shorter than the
 * number, so the tabs below moved when the numbers came: a layout shift Lighthouse counted).
 */
export function TotalsCards() {
  const totals = useTotals();
  useFetchErrorToast(totals.isError);
  const value = (pick: (t: NonNullable<typeof totals.data>) => string | number) =>
    totals.data ? pick(totals.data) : '—';

  return (
    <Row gutter={[16, 16]} className="admin-totals" aria-busy={totals.isPending || undefined}>
      <Col xs={8}>
        <Card size="small">
          <Statistic title="Total Orders" value={value((t) => t.totalOrders)} />
        </Card>
      </Col>
      <Col xs={8}>
        <Card size="small">
          <Statistic title="Total Users" value={value((t) => t.totalUsers)} />
        </Card>
      </Col>
      <Col xs={8}>
        <Card size="small">
          <Statistic title="Revenue" value={value((t) => formatUsd(t.revenue))} />
        </Card>
      </Col>
    </Row>
  );
}
