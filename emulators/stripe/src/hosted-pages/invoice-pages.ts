import type { IncomingMessage, ServerResponse } from 'node:http';
import { readSettleOutcome, sendSettleError } from './checkout-pages.js';
import { renderMessagePage } from './hosted-page.js';
import { renderInvoicePage, type InvoicePageState } from './invoice-page.js';
import { renderInvoicePdf } from './invoice-pdf.js';
import { bankPaymentProcessing } from '../billing/invoice-collection.js';
import { invoiceTaxSummary } from '../billing/tax/invoice-tax.js';
import {
  acceptsMethod,
  INVOICE_PAYMENT_METHOD_TYPES,
  isManual,
} from '../billing/manual-invoices.js';
import { readBody, redirect, sendHtml, sendJson } from '../server/http-utils.js';
import type { SandboxState } from '../server/sandbox-state.js';
import type { Invoice } from '../core/types.js';

/** A one-off invoice with a hosted page: finalized (drafts and subscription invoices have none). */
function hostedInvoice(state: SandboxState, id: string): Invoice | undefined {
  const invoice = state.invoices.get(id);
  return invoice && isManual(invoice) && invoice.status !== 'draft' ? invoice : undefined;
}

function pageState(state: SandboxState, invoice: Invoice): InvoicePageState {
  return {
    processing: bankPaymentProcessing(state, invoice),
    methods: INVOICE_PAYMENT_METHOD_TYPES.filter((method) => acceptsMethod(invoice, method)),
    tax: invoiceTaxSummary(invoice, state.taxRates),
  };
}

function sendMissing(res: ServerResponse): void {
  sendHtml(
    res,
    404,
    renderMessagePage('Invoice not found', 'There is no invoice to pay at this address.'),
  );
}

function backLink(invoice: Invoice) {
  return { href: `/invoice/${encodeURIComponent(invoice.id)}`, label: 'Back to the invoice' };
}

/**
 * Serves `GET /invoice/:id` (the hosted invoice page), `GET /invoice/:id/pdf` and
 * `POST /invoice/:id/pay` (`method=card|us_bank_account`). Returns false for other paths.
 */
export async function handleInvoicePage(
  state: SandboxState,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<boolean> {
  const match = /^\/invoice\/([A-Za-z0-9_]+)(\/pay|\/pdf)?$/.exec(url.pathname);
  if (!match) return false;
  const invoiceId = match[1] as string;
  const action = match[2];
  if (action !== '/pay') {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const invoice = hostedInvoice(state, invoiceId);
    if (!invoice) {
      sendMissing(res);
    } else if (action === '/pdf') {
      const pdf = renderInvoicePdf(
        invoice,
        bankPaymentProcessing(state, invoice),
        invoiceTaxSummary(invoice, state.taxRates),
      );
      res.writeHead(200, {
        'content-type': 'application/pdf',
        'content-length': pdf.length,
        'content-disposition': `inline; filename="${invoice.number ?? invoice.id}.pdf"`,
        'cache-control': 'no-store',
      });
      res.end(pdf);
    } else {
      sendHtml(res, 200, renderInvoicePage(invoice, pageState(state, invoice)));
    }
    return true;
  }
  if (req.method !== 'POST') return false;
  const method = new URLSearchParams(await readBody(req)).get('method') ?? 'card';
  const known = INVOICE_PAYMENT_METHOD_TYPES.find((candidate) => candidate === method);
  const invoice = hostedInvoice(state, invoiceId);
  if (!invoice) {
    sendMissing(res);
    return true;
  }
  if (!known) {
    sendHtml(
      res,
      400,
      renderMessagePage(
        'Payment method not available',
        'Choose a card or a US bank account. Nothing was charged.',
        backLink(invoice),
      ),
    );
    return true;
  }
  const result = await state.payInvoice(invoiceId, known);
  switch (result.outcome) {
    case 'missing':
      sendMissing(res);
      break;
    case 'not-payable':
      sendHtml(
        res,
        409,
        renderMessagePage(
          'Invoice cannot be paid',
          bankPaymentProcessing(state, result.invoice)
            ? 'A bank payment of this invoice is already processing. You have not been charged again.'
            : `This invoice is ${result.invoice.status}. You have not been charged.`,
          backLink(result.invoice),
        ),
      );
      break;
    case 'method-unavailable':
      sendHtml(
        res,
        400,
        renderMessagePage(
          'Payment method not available',
          'This invoice cannot be paid that way. Nothing was charged.',
          backLink(result.invoice),
        ),
      );
      break;
    case 'paid':
    case 'processing':
      redirect(res, `/invoice/${encodeURIComponent(invoiceId)}`);
      break;
  }
  return true;
}

/**
 * `POST /_sandbox/invoices/:id/settle` with `outcome=succeeded|failed` (form or JSON): settles an
 * invoice's processing US bank account payment, as the bank would. Returns false for other paths.
 */
export async function handleInvoiceSettleRequest(
  state: SandboxState,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<boolean> {
  const match = /^\/_sandbox\/invoices\/([A-Za-z0-9_]+)\/settle$/.exec(url.pathname);
  if (!match || req.method !== 'POST') return false;
  const outcome = readSettleOutcome(await readBody(req));
  const invoiceId = match[1] as string;
  if (outcome === null) {
    sendSettleError(res, 400, 'outcome must be succeeded or failed.', 'outcome');
    return true;
  }
  const result = await state.settleInvoice(invoiceId, outcome);
  if (result.outcome === 'missing') {
    sendSettleError(res, 404, `No such invoice: '${invoiceId}'`);
  } else if (result.outcome === 'not-awaiting') {
    sendSettleError(
      res,
      409,
      `Invoice ${invoiceId} has no US bank account payment waiting to settle (it was paid by card, already settled, or not paid yet).`,
    );
  } else {
    sendJson(res, 200, JSON.stringify(result.invoice));
  }
  return true;
}
