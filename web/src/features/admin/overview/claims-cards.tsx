import {
  formatClaimsRate,
  formatCount,
  formatUsd,
  TOP_LIST_SIZE,
  type ClaimProductFigure,
  type ClaimsOverview,
} from '@portal/domain';
import type { ReactNode } from 'react';
import { DataTable, type DataColumn } from '@/components/table/data-table';

/**
 * The Overview's claims: what the claims settled in the period gave back (refunds, credit notes,
 * store credit) and sent again (replacements), and the products with the highest claims rate
 * (units claimed in the period / units sold in it), so a product that breaks in transit shows.
 */

const plural = (n: number, word: string) => `${formatCount(n)} ${word}${n === 1 ? '' : 's'}`;

export const CREDITS_TITLE = 'Credits & replacements';
export const CLAIMS_BY_PRODUCT_TITLE = `Claims by product (top ${TOP_LIST_SIZE} by rate)`;
export const NO_CLAIMS_TEXT = 'No claims in this period';
/** What the rate is, said under the table and in its header's title. */
export const RATE_NOTE =
  'Claims rate: units claimed in the period / units sold in it (claims not rejected). — : none sold in the period.';

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="admin-surface overview-card">
      <div className="overview-card__head">
        <h2 id={id} className="overview-card__title">
          {title}
        </h2>
      </div>
      <div className="overview-card__body">{children}</div>
    </section>
  );
}

export function CreditsCard({ claims }: { claims: ClaimsOverview }) {
  const rows: { label: string; value: string }[] = [
    {
      label: 'Claims reported',
      value: `${plural(claims.reported, 'claim')} · ${plural(claims.unitsClaimed, 'unit')}`,
    },
    { label: 'Refunds for claims', value: formatUsd(claims.refunds) },
    { label: 'Credit notes', value: formatUsd(claims.creditNotes) },
    { label: 'Store credit', value: formatUsd(claims.storeCredit) },
    {
      label: 'Replacements',
      value: `${plural(claims.replacements, 'order')} · ${formatUsd(claims.replacementsValue)} of goods`,
    },
  ];
  return (
    <Card id="overview-credits" title={CREDITS_TITLE}>
      <dl className="overview-facts">
        {rows.map((row) => (
          <div key={row.label} className="overview-facts__row">
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
      <p className="admin-muted overview-card__note">
        Settled in the period, on the day of settlement; claims counted on the day reported.
      </p>
    </Card>
  );
}

const columns: DataColumn<ClaimProductFigure>[] = [
  { key: 'product', title: 'Product', render: (p) => p.name },
  { key: 'sold', title: 'Units sold', align: 'right', render: (p) => p.unitsSold },
  { key: 'claimed', title: 'Units claimed', align: 'right', render: (p) => p.unitsClaimed },
  {
    key: 'rate',
    title: <abbr title={RATE_NOTE}>Claims rate</abbr>,
    align: 'right',
    render: (p) => formatClaimsRate(p.rate),
  },
];

export function ClaimsByProductCard({ products }: { products: ClaimProductFigure[] }) {
  return (
    <Card id="overview-claims-by-product" title={CLAIMS_BY_PRODUCT_TITLE}>
      <DataTable<ClaimProductFigure>
        label={CLAIMS_BY_PRODUCT_TITLE}
        size="small"
        oneLine
        columns={columns}
        rows={products}
        rowKey={(p) => p.productId}
        empty={<p className="admin-muted">{NO_CLAIMS_TEXT}</p>}
      />
      <p className="admin-muted overview-card__note">{RATE_NOTE}</p>
    </Card>
  );
}
