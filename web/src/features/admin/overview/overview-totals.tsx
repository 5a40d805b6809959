import { formatUsd, type SalesTotals } from '@portal/domain';
import { Card, Col, Row, Statistic } from 'antd';
import { change } from './overview-figures';

const FIGURES: { key: keyof SalesTotals; title: string; money: boolean }[] = [
  { key: 'revenue', title: 'Net revenue', money: true },
  { key: 'paidOrders', title: 'Paid orders', money: false },
  { key: 'averageOrderValue', title: 'Average order value', money: true },
  { key: 'approvedBuyers', title: 'New buyers approved', money: false },
];

/** The range's totals, each with its change against the previous period ("▲ 12.5%"). */
export function OverviewTotals({
  totals,
  previous,
  comparison,
}: {
  totals: SalesTotals | null;
  previous: SalesTotals | null;
  /** "vs. the previous 7 days" */
  comparison: string;
}) {
  return (
    <Row gutter={[16, 16]} className="overview-totals">
      {FIGURES.map(({ key, title, money }) => (
        <Col xs={24} sm={12} xl={6} key={key}>
          <Card size="small">
            <Statistic
              title={title}
              value={totals ? (money ? formatUsd(totals[key]) : totals[key]) : '—'}
              loading={!totals}
            />
            {totals && previous && (
              <ChangeLine current={totals[key]} previous={previous[key]} comparison={comparison} />
            )}
          </Card>
        </Col>
      ))}
    </Row>
  );
}

function ChangeLine({
  current,
  previous,
  comparison,
}: {
  current: number;
  previous: number;
  comparison: string;
}) {
  const { kind, text, label } = change(current, previous);
  return (
    <p className="overview-change">
      <span className={`overview-change__value overview-change--${kind}`} aria-hidden="true">
        {text}
      </span>
      <span className="visually-hidden">{label}</span>{' '}
      <span className="admin-muted">{comparison}</span>
    </p>
  );
}
