import { formatUsd, formatCount } from '@portal/domain';
import { useTotals } from './get-totals';
import { useFetchErrorToast } from '@/components/table/use-fetch-error-toast';

/** Revenue counts what orders charged, sales tax included (docs/tax.md#amounts). */
export const SALES_TAX_HINT = 'Incl. sales tax';

/** A number as antd's Statistic shows it: with thousands separators. */
const grouped = formatCount;

/**
 * Total orders, total users and revenue of all time (paid orders; cents shown as dollars),
 * under the label "All time" (the Overview's own figures are those of a chosen period), in three cards
 * drawn like antd's small Card with a Statistic (admin-dashboard.css; no antd in the dashboard's
 * first load). While they load, each card shows a dash on the value's own line, so nothing moves
 * when the numbers come (a layout shift Lighthouse counts).
 */
export function TotalsCards() {
  const totals = useTotals();
  useFetchErrorToast(totals.isError);
  const cards = [
    { title: 'Total Orders', value: totals.data ? grouped(totals.data.totalOrders) : '—' },
    { title: 'Total Users', value: totals.data ? grouped(totals.data.totalUsers) : '—' },
    {
      title: 'Revenue',
      value: totals.data ? formatUsd(totals.data.revenue) : '—',
      hint: SALES_TAX_HINT,
    },
  ];

  // Labelled "All time", apart from the Overview's figures of a chosen period below.
  return (
    <section className="admin-totals-group" aria-labelledby="admin-totals-label">
      <h2 id="admin-totals-label" className="admin-group-label">
        All time
      </h2>
      <div className="admin-totals" aria-busy={totals.isPending || undefined}>
        {cards.map((card) => (
          <div key={card.title} className="admin-stat">
            <div className="admin-stat__title">{card.title}</div>
            <div className="admin-stat__value">{card.value}</div>
            {'hint' in card && <div className="admin-stat__hint">{card.hint}</div>}
          </div>
        ))}
      </div>
    </section>
  );
}
