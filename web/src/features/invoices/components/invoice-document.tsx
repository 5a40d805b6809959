import type { InvoiceContent } from '../lib/invoice-content';

/** The invoice as a printable document (the same content the PDF gets). */
export function InvoiceDocument({ content }: { content: InvoiceContent }) {
  return (
    <article className="print-doc" aria-labelledby="invoice-title">
      <header className="print-doc__head">
        <div>
          <h1 id="invoice-title" className="print-doc__title">
            {content.title}
          </h1>
          <address className="print-doc__block">
            {content.seller.map((line, index) =>
              index === 0 ? <strong key={index}>{line}</strong> : <span key={index}>{line}</span>,
            )}
          </address>
        </div>
        <dl className="print-doc__facts">
          {content.facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </header>
      <div className="print-doc__parties">
        <section aria-labelledby="bill-to">
          <h2 id="bill-to">Bill to</h2>
          <p className="print-doc__block">
            {content.billTo.map((line, index) => (
              <span key={index}>{line}</span>
            ))}
          </p>
        </section>
        <section aria-labelledby="ship-to">
          <h2 id="ship-to">Ship to</h2>
          <address className="print-doc__block">
            {content.shipTo.map((line, index) => (
              <span key={index}>{line}</span>
            ))}
          </address>
        </section>
      </div>
      <table className="print-doc__table">
        <caption className="sr-only">Items</caption>
        <thead>
          <tr>
            <th scope="col">SKU</th>
            <th scope="col">Product</th>
            <th scope="col" className="num">
              Qty
            </th>
            <th scope="col" className="num">
              Unit price
            </th>
            <th scope="col" className="num">
              Line total
            </th>
          </tr>
        </thead>
        <tbody>
          {content.lines.map((line, index) => (
            <tr key={index}>
              <td className="print-doc__sku">{line.sku}</td>
              <td>
                {line.name}
                {line.notes.map((note) => (
                  <span key={note} className="print-doc__note">
                    {note}
                  </span>
                ))}
              </td>
              <td className="num print-doc__qty">{line.quantity}</td>
              <td className="num">{line.unit}</td>
              <td className="num">{line.total}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {content.totals.map(([label, value, detail], index) => (
            <tr
              key={index}
              className={
                detail
                  ? 'print-doc__detail'
                  : label === 'Total' || label === 'Net paid'
                    ? 'strong'
                    : ''
              }
            >
              <th scope="row" colSpan={4}>
                {label}
              </th>
              <td className="num">{value}</td>
            </tr>
          ))}
        </tfoot>
      </table>
    </article>
  );
}
