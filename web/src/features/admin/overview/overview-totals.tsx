import { formatUsd, type SalesTotals, formatCount } from '@portal/domain';
import { change } from './overview-figures';
import { SALES_TAX_HINT } from '../dashboard/totals-cards';

/** `neutral`: its change is shown without the colours of good and bad (a deal's cost is neither). */
const FIGURES: {
  key: keyof SalesTotals;
  title: string;
  money: boolean;
  neutral?: boolean;
  /** What the figure counts in, said under it (orders are charged with their sales tax). */
  hint?: string;
}[] = [
  { key: 'revenue', title: 'Net revenue', money: true, hint: SALES_TAX_HINT },
  { key: 'collected', title: 'Collected', money: true, hint: SALES_TAX_HINT },
  { key: 'paidOrders', title: 'Paid orders', money: false },
  { key: 'averageOrderValue', title: 'Average order value', money: true },
  { key: 'approvedBuyers', title: 'New buyers approved', money: false },
  { key: 'listDiscount', title: 'Discount through price lists', money: true, neutral: true },
  {
    key: 'netAfterCredits',
    title: 'Net revenue after credits',
    money: true,
    hint: 'Less credit notes and store credit given for claims',
  },
  {
    key: 'credits',
    title: 'Credits given',
    money: true,
    neutral: true,
    hint: 'Refunds, credit notes and store credit for claims',
  },
];

/** A number as antd's Statistic shows it: with thousands separators. */
const grouped = formatCount;

/**
 * The range's totals (revenue booked and what of it was collected, the discount given through price lists among them), each with its change
 * against the previous period ("▲ 12.5%"), and what companies on terms owe now (when the answer
 * says), in cards
 * drawn like the dashboard's totals (antd's small Card with a Statistic, without antd). While
 * they load, each value is a dash on its own line, so nothing moves when the numbers come.
 */
export function OverviewTotals({
  totals,
  previous,
  comparison,
  period,
  openReceivables,
}: {
  totals: SalesTotals | null;
  /** Cents owed now on payment terms, whatever the range; undefined: not given (no card). */
  openReceivables?: number;
  previous: SalesTotals | null;
  /** "vs. the previous 7 days" */
  comparison: string;
  /** What the figures cover, apart from the all-time totals: "Last month: Nov 1 – Nov 30". */
  period: string;
}) {
  return (
    <section className="overview-period" aria-labelledby="overview-period-label">
      <h2 id="overview-period-label" className="admin-group-label">
        {period}
      </h2>
      <div className="overview-totals" aria-busy={!totals || undefined}>
        {FIGURES.filter(
          // A view kept from before claims has no credits: those cards wait for the answer.
          ({ key }) => !totals || typeof totals[key] === 'number',
        ).map(({ key, title, money, neutral = false, hint }) => (
          <div key={key} className="admin-stat overview-stat">
            <div className="admin-stat__title">{title}</div>
            <div className="admin-stat__value">
              {totals ? (money ? formatUsd(totals[key]) : grouped(totals[key])) : '—'}
            </div>
            {hint && <div className="admin-stat__hint">{hint}</div>}
            {totals && previous && (
              <ChangeLine
                current={totals[key]}
                previous={previous[key]}
                comparison={comparison}
                neutral={neutral}
              />
            )}
          </div>
        ))}
        {openReceivables !== undefined && (
          <div className="admin-stat overview-stat">
            <div className="admin-stat__title">Open receivables</div>
            <div className="admin-stat__value">{formatUsd(openReceivables)}</div>
            <p className="overview-change admin-muted">Owed on terms now</p>
          </div>
        )}
      </div>
    </section>
  );
}

function ChangeLine({
  current,
  previous,
  comparison,
  neutral,
}: {
  current: number;
  previous: number;
  comparison: string;
  neutral: boolean;
}) {
  const { kind, text, label } = change(current, previous);
  return (
    <p className="overview-change">
      <span
        className={`overview-change__value overview-change--${neutral ? 'neutral' : kind}`}
        aria-hidden="true"
      >
        {text}
      </span>
      <span className="visually-hidden">{label}</span>{' '}
      <span className="admin-muted">{comparison}</span>
    </p>
  );
}
