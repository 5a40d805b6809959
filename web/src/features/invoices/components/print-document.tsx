import { useId } from 'react';
import type { DocumentContent } from '../lib/document-content';

/** An invoice or a quote as a printable document (the same content the PDF gets). */
export function PrintDocument({ content }: { content: DocumentContent }) {
  const id = useId();
  return (
    <article className="print-doc" aria-labelledby={`${id}-title`}>
      <header className="print-doc__head">
        <div>
          <h1 id={`${id}-title`} className="print-doc__title">
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
        {content.parties.map((party, index) => {
          const Block = party.address ? 'address' : 'p';
          return (
            <section key={party.title} aria-labelledby={`${id}-party-${index}`}>
              <h2 id={`${id}-party-${index}`}>{party.title}</h2>
              <Block className="print-doc__block">
                {party.lines.map((line, at) => (
                  <span key={at}>{line}</span>
                ))}
              </Block>
            </section>
          );
        })}
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
          {content.totals.map(([label, value, kind], index) => (
            <tr
              key={index}
              className={
                kind === 'detail' ? 'print-doc__detail' : kind === 'strong' ? 'strong' : ''
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
      {content.remarks.map((remark, index) => (
        <section
          key={remark.title}
          className="print-doc__remark"
          aria-labelledby={`${id}-remark-${index}`}
        >
          <h2 id={`${id}-remark-${index}`}>{remark.title}</h2>
          <p>{remark.text}</p>
        </section>
      ))}
    </article>
  );
}
