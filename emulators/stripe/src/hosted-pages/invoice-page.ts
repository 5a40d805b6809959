import { appliedBalance } from '../billing/invoice-balance.js';
import { layout } from './hosted-page.js';
import { escapeHtml } from './html.js';
import { formatAmount } from '../core/money.js';
import type { Invoice, InvoiceLine, InvoiceStatus } from '../core/types.js';
import { taxRowText, type TaxSummary } from '../billing/tax/tax-amounts.js';

/** What the page knows besides the invoice: whether a bank debit of it is processing. */
export interface InvoicePageState {
  processing: boolean;
  /** The payment methods offered (the invoice's types the sandbox takes). */
  methods: ReadonlyArray<'card' | 'us_bank_account'>;
  /** The invoice's tax (`automatic_tax`), or null when it has none. */
  tax: TaxSummary | null;
}

const METHOD_LABELS: Record<InvoicePageState['methods'][number], string> = {
  card: 'Card (test card 4242 4242 4242 4242)',
  us_bank_account: 'US bank account (settles in a few days)',
};

const STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: 'Draft',
  open: 'Open',
  paid: 'Paid',
  uncollectible: 'Uncollectible',
  void: 'Void',
};

/** `March 3, 2031` (UTC), as the invoice's dates are shown. */
export function formatDate(seconds: number): string {
  return new Date(seconds * 1000).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** A line's unit price in cents (its `unit_amount_decimal`, else its amount over its quantity). */
export function unitAmount(line: InvoiceLine): number {
  const decimal = line.pricing?.unit_amount_decimal;
  if (decimal !== null && decimal !== undefined) return Math.round(Number(String(decimal)));
  return line.quantity > 0 ? Math.round(line.amount / line.quantity) : line.amount;
}

/** The status as the page says it: `Payment processing` while a bank debit is on its way. */
export function statusText(invoice: Invoice, processing: boolean): string {
  const status: InvoiceStatus = invoice.status;
  return processing ? 'Payment processing' : STATUS_LABELS[status];
}

function facts(invoice: Invoice, processing: boolean): string {
  const rows: Array<[string, string]> = [
    ['Invoice number', invoice.number ?? 'Draft'],
    ['Status', statusText(invoice, processing)],
  ];
  if (invoice.customer_name || invoice.customer_email) {
    rows.push([
      'Billed to',
      [invoice.customer_name, invoice.customer_email].filter(Boolean).join(', '),
    ]);
  }
  if (invoice.status_transitions.finalized_at !== null) {
    rows.push(['Issued', formatDate(invoice.status_transitions.finalized_at)]);
  }
  if (invoice.due_date !== null) rows.push(['Due date', formatDate(invoice.due_date)]);
  if (invoice.status_transitions.paid_at !== null && invoice.status === 'paid') {
    rows.push(['Paid on', formatDate(invoice.status_transitions.paid_at)]);
  }
  for (const field of invoice.custom_fields ?? []) rows.push([field.name, field.value]);
  if (invoice.description) rows.push(['Memo', invoice.description]);
  const items = rows
    .map(
      ([term, value]) =>
        `<dt>${escapeHtml(term)}</dt><dd${term === 'Status' ? ' data-testid="status"' : ''}>${escapeHtml(value)}</dd>`,
    )
    .join('\n');
  return `<dl class="facts">\n${items}\n</dl>`;
}

/** `Subtotal` and `Tax (CA, 7.25%)` (or `Exempt`) above the total of a taxed invoice. */
/**
 * What changed the amount due after the total: the customer balance applied at finalization
 * (`-$25.00` for a credit, `$7.00` for a debt) and credit notes that reduced what was due.
 */
export function adjustmentRows(invoice: Invoice): Array<[string, string]> {
  const rows: Array<[string, string]> = [];
  const applied = appliedBalance(invoice);
  if (applied !== 0) rows.push(['Applied balance', formatAmount(-applied, invoice.currency)]);
  if (invoice.pre_payment_credit_notes_amount > 0) {
    rows.push([
      'Credit notes',
      formatAmount(-invoice.pre_payment_credit_notes_amount, invoice.currency),
    ]);
  }
  return rows;
}

export function taxRows(invoice: Invoice, tax: TaxSummary | null): Array<[string, string]> {
  if (!tax) return [];
  const row = taxRowText(tax, (amount) => formatAmount(amount, invoice.currency));
  return [
    ['Subtotal', formatAmount(invoice.subtotal, invoice.currency)],
    [row.label, row.value],
  ];
}

function linesTable(invoice: Invoice, tax: TaxSummary | null): string {
  const rows = invoice.lines.data
    .map(
      (line) => `<tr>
<th scope="row">${escapeHtml(line.description ?? 'Item')}</th>
<td class="num">${line.quantity}</td>
<td class="num">${formatAmount(unitAmount(line), line.currency)}</td>
<td class="num">${formatAmount(line.amount, line.currency)}</td>
</tr>`,
    )
    .join('\n');
  const paid =
    invoice.amount_paid > 0
      ? `\n<tr><th scope="row" colspan="3">Amount paid</th><td class="num">${formatAmount(invoice.amount_paid, invoice.currency)}</td></tr>`
      : '';
  return `<table>
<caption>Invoice lines</caption>
<thead><tr><th scope="col">Description</th><th scope="col" class="num">Qty</th><th scope="col" class="num">Unit price</th><th scope="col" class="num">Amount</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot>
${taxRows(invoice, tax)
  .map(
    ([label, value], index) =>
      `<tr><th scope="row" colspan="3">${escapeHtml(label)}</th><td class="num" data-testid="${index === 0 ? 'subtotal' : 'tax'}">${escapeHtml(value)}</td></tr>\n`,
  )
  .join(
    '',
  )}<tr><th scope="row" colspan="3">Total</th><td class="num" data-testid="total">${formatAmount(invoice.total, invoice.currency)}</td></tr>${adjustmentRows(
    invoice,
  )
    .map(
      ([label, value]) =>
        `\n<tr><th scope="row" colspan="3">${escapeHtml(label)}</th><td class="num">${escapeHtml(value)}</td></tr>`,
    )
    .join('')}${paid}
<tr><th scope="row" colspan="3">Amount due</th><td class="num" data-testid="amount-due">${formatAmount(invoice.amount_remaining, invoice.currency)}</td></tr>
</tfoot>
</table>`;
}

/** The form to pay, or what the invoice's state means for paying it. */
function payment(invoice: Invoice, state: InvoicePageState): string {
  if (state.processing) {
    return '<p role="status">Your US bank account payment is processing. The invoice is paid once it settles, usually in a few business days.</p>';
  }
  if (invoice.status === 'paid')
    return '<p role="status">This invoice has been paid. Thank you.</p>';
  if (invoice.status === 'void') {
    return '<p role="status">This invoice has been voided and can no longer be paid.</p>';
  }
  if (invoice.status !== 'open' && invoice.status !== 'uncollectible') return '';
  const radios = state.methods
    .map(
      (method, index) =>
        `<div class="method"><input type="radio" id="method-${method}" name="method" value="${method}"${index === 0 ? ' checked' : ''}><label for="method-${method}">${escapeHtml(METHOD_LABELS[method])}</label></div>`,
    )
    .join('\n');
  return `<form method="post" action="/invoice/${encodeURIComponent(invoice.id)}/pay">
<fieldset>
<legend>Payment method</legend>
${radios}
</fieldset>
<div class="actions">
<button type="submit">Pay ${formatAmount(invoice.amount_remaining, invoice.currency)}</button>
</div>
</form>`;
}

/**
 * The hosted invoice page: number, status, who is billed, due date, custom fields, the lines with
 * the total and the amount due, and a Pay form (card or US bank account) while it can be paid.
 */
export function renderInvoicePage(invoice: Invoice, state: InvoicePageState): string {
  const title = `Invoice ${invoice.number ?? ''}`.trim();
  const footer = invoice.footer ? `<p class="note">${escapeHtml(invoice.footer)}</p>` : '';
  return layout(
    title,
    `<h1>${escapeHtml(title)}</h1>
${facts(invoice, state.processing)}
${linesTable(invoice, state.tax)}
${payment(invoice, state)}
${footer}
<p><a href="/invoice/${encodeURIComponent(invoice.id)}/pdf">Download the invoice (PDF)</a></p>
<p class="note">Invoice ${escapeHtml(invoice.id)}</p>`,
  );
}
