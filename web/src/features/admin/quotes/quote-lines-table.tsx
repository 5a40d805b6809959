import { formatUsd, isOverride, type Quote, type QuoteLine } from '@portal/domain';
import { DataTable, type DataColumn } from '@/components/table/data-table';

function ProductCell({ line, conflicts }: { line: QuoteLine; conflicts: readonly string[] }) {
  return (
    <div className="quote-line__product">
      <div>{line.name}</div>
      {line.sku && <div className="admin-muted">{line.sku}</div>}
      {isOverride(line) && (
        <div className="admin-muted">Override: {line.override_reason || 'no reason given'}</div>
      )}
      {conflicts.map((message) => (
        <p key={message} className="quote-line__conflict">
          {message}
        </p>
      ))}
    </div>
  );
}

/**
 * A saved draft's or a quote's lines as the server priced them: the company's price when it was
 * saved (catalog_unit_amount), the price quoted (unit_amount: an override says so, with its
 * reason) and the line's total, then the goods, the shipping charge and the total before tax.
 * `conflicts` puts the server's words for a line under its product (the Send dialog's refusal).
 */
export function QuoteLinesTable({
  quote,
  label,
  conflicts,
}: {
  quote: Pick<Quote, 'lines' | 'goods_amount' | 'shipping_amount' | 'amount'>;
  label: string;
  conflicts?: ReadonlyMap<string, readonly string[]>;
}) {
  const columns: readonly DataColumn<QuoteLine>[] = [
    {
      title: 'Product',
      key: 'product',
      render: (line) => (
        <ProductCell line={line} conflicts={conflicts?.get(line.product_id) ?? []} />
      ),
    },
    { title: 'Units', key: 'units', align: 'right', render: (line) => line.quantity },
    {
      title: 'Company price',
      key: 'catalog',
      align: 'right',
      className: 'admin-cell--nowrap',
      render: (line) => formatUsd(line.catalog_unit_amount),
    },
    {
      title: 'Quoted price',
      key: 'quoted',
      align: 'right',
      className: 'admin-cell--nowrap',
      render: (line) =>
        isOverride(line) ? (
          <strong>{formatUsd(line.unit_amount)}</strong>
        ) : (
          formatUsd(line.unit_amount)
        ),
    },
    {
      title: 'Line total',
      key: 'total',
      align: 'right',
      className: 'admin-cell--nowrap',
      render: (line) => formatUsd(line.line_total),
    },
  ];
  return (
    <div className="quote-lines">
      <DataTable<QuoteLine>
        label={label}
        size="small"
        rowKey={(line) => line.product_id}
        columns={columns}
        rows={quote.lines}
        empty="No lines."
      />
      <dl className="quote-totals" aria-label={`Totals of ${label.toLowerCase()}`}>
        <div>
          <dt>Goods</dt>
          <dd>{formatUsd(quote.goods_amount)}</dd>
        </div>
        <div>
          <dt>Shipping</dt>
          <dd>{formatUsd(quote.shipping_amount)}</dd>
        </div>
        <div className="quote-totals__total">
          <dt>Total before tax</dt>
          <dd>{formatUsd(quote.amount)}</dd>
        </div>
      </dl>
    </div>
  );
}
