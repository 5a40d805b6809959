import { formatUsd } from '@portal/domain';
import { Card, Col, Row, Statistic } from 'antd';
import { useTotals } from '../api/get-totals';
import { useFetchErrorToast } from './use-fetch-error-toast';

/** Total orders, total users and revenue (paid orders; cents shown as dollars). */
export function TotalsCards() {
  const totals = useTotals();
  useFetchErrorToast(totals.isError);
  const value = (pick: (t: NonNullable<typeof totals.data>) => string | number) =>
    totals.data ? pick(totals.data) : '—';

  return (
    <Row gutter={[16, 16]} className="admin-totals">
      <Col xs={8}>
        <Card size="small">
          <Statistic
            title="Total Orders"
            value={value((t) => t.totalOrders)}
            loading={totals.isPending}
          />
        </Card>
      </Col>
      <Col xs={8}>
        <Card size="small">
          <Statistic
            title="Total Users"
            value={value((t) => t.totalUsers)}
            loading={totals.isPending}
          />
        </Card>
      </Col>
      <Col xs={8}>
        <Card size="small">
          <Statistic
            title="Revenue"
            value={value((t) => formatUsd(t.revenue))}
            loading={totals.isPending}
          />
        </Card>
      </Col>
    </Row>
  );
}
