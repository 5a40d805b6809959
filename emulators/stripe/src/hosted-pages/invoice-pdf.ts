import { adjustmentRows, formatDate, statusText, taxRows, unitAmount } from './invoice-page.js';
import type { TaxSummary } from '../billing/tax/tax-amounts.js';
import { formatAmount } from '../core/money.js';
import type { Invoice } from '../core/types.js';

const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN = 56;
const LINE_HEIGHT = 15;
const MAX_LINES = Math.floor((PAGE_HEIGHT - 2 * MARGIN) / LINE_HEIGHT);

/** Text a PDF string literal can hold: printable ASCII, with `\`, `(` and `)` escaped. */
function pdfText(text: string): string {
  return text
    .replace(/×/g, 'x')
    .replace(/[^\x20-\x7e]/g, '?')
    .replace(/[\\()]/g, (char) => `\\${char}`);
}

/** What the PDF lists, one line of text each. */
function invoiceText(
  invoice: Invoice,
  processing: boolean,
  tax: TaxSummary | null,
): Array<{ text: string; bold?: boolean }> {
  const out: Array<{ text: string; bold?: boolean }> = [
    { text: `Invoice ${invoice.number ?? '(draft)'}`, bold: true },
    { text: 'Test mode: local Stripe sandbox' },
    { text: '' },
    { text: `Status: ${statusText(invoice, processing)}` },
  ];
  if (invoice.customer_name || invoice.customer_email) {
    const who = [invoice.customer_name, invoice.customer_email].filter(Boolean).join(', ');
    out.push({ text: `Billed to: ${who}` });
  }
  if (invoice.status_transitions.finalized_at !== null) {
    out.push({ text: `Issued: ${formatDate(invoice.status_transitions.finalized_at)}` });
  }
  if (invoice.due_date !== null) out.push({ text: `Due date: ${formatDate(invoice.due_date)}` });
  for (const field of invoice.custom_fields ?? []) {
    out.push({ text: `${field.name}: ${field.value}` });
  }
  if (invoice.description) out.push({ text: `Memo: ${invoice.description}` });
  out.push({ text: '' }, { text: 'Lines', bold: true });
  for (const line of invoice.lines.data) {
    const unit = formatAmount(unitAmount(line), line.currency);
    const amount = formatAmount(line.amount, line.currency);
    out.push({ text: `${line.description ?? 'Item'}  ${line.quantity} x ${unit}  ${amount}` });
  }
  out.push({ text: '' });
  for (const [label, value] of taxRows(invoice, tax)) out.push({ text: `${label}: ${value}` });
  out.push(
    { text: `Total: ${formatAmount(invoice.total, invoice.currency)}`, bold: true },
    ...adjustmentRows(invoice).map(([label, value]) => ({ text: `${label}: ${value}` })),
    { text: `Amount paid: ${formatAmount(invoice.amount_paid, invoice.currency)}` },
    { text: `Amount due: ${formatAmount(invoice.amount_remaining, invoice.currency)}` },
  );
  if (invoice.footer) out.push({ text: '' }, { text: invoice.footer });
  return out;
}

/**
 * A one-page PDF of the invoice (PDF 1.4, Helvetica): number, status, dates, custom fields, lines,
 * total and amount due. Text that does not fit on the page is cut.
 */
export function renderInvoicePdf(
  invoice: Invoice,
  processing: boolean,
  tax: TaxSummary | null = null,
): Buffer {
  const lines = invoiceText(invoice, processing, tax).slice(0, MAX_LINES);
  const content = lines
    .map((line, index) => {
      const y = PAGE_HEIGHT - MARGIN - index * LINE_HEIGHT;
      return `BT /${line.bold ? 'F2' : 'F1'} ${line.bold ? 12 : 10} Tf ${MARGIN} ${y} Td (${pdfText(line.text.slice(0, 110))}) Tj ET`;
    })
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
