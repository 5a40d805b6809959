import type Stripe from 'stripe';
import { INVOICE_EXPANDABLE, renderInvoice } from './invoice-payment-routes.js';
import {
  addItemLine,
  createManualInvoice,
  deleteDraft,
  deleteInvoiceItem,
  finalizeInvoice,
  isManual,
  markInvoiceUncollectible,
  sendInvoice,
  updateInvoice,
  voidInvoice,
} from '../billing/manual-invoices.js';
import { paginate, readPageParams } from '../core/pagination.js';
import { assertKnownKeys, readBoolean } from '../core/param-readers.js';
import { readExpand, type Handler, type Route } from './route-types.js';
import type { SandboxState } from './sandbox-state.js';
import { invalidRequest } from '../core/stripe-error.js';
import type { Invoice, Param } from '../core/types.js';

const FINALIZE_PARAMS: ReadonlyArray<Param<Stripe.InvoiceFinalizeInvoiceParams>> = [
  'auto_advance',
  'expand',
];
const EXPAND_ONLY: ReadonlyArray<
  Param<
    | Stripe.InvoiceSendInvoiceParams
    | Stripe.InvoiceVoidInvoiceParams
    | Stripe.InvoiceMarkUncollectibleParams
    | Stripe.InvoiceItemRetrieveParams
  >
> = ['expand'];
const LINES_PARAMS: ReadonlyArray<Param<Stripe.InvoiceListLineItemsParams>> = [
  'limit',
  'starting_after',
  'ending_before',
  'expand',
];
const NOTHING_EXPANDABLE: ReadonlyArray<string> = [];

/** The invoice a one-off invoice call names: 404 when missing; a subscription's is refused. */
function requireManual(state: SandboxState, id: string): Invoice {
  const invoice = state.invoices.require(id);
  if (!isManual(invoice)) {
    throw invalidRequest(
      `Invoice ${invoice.id} belongs to a subscription: the sandbox does this for one-off invoices only.`,
      'invoice',
    );
  }
  return invoice;
}

/** POST /v1/invoices: a one-off draft (`invoice.created`). */
const createInvoice: Handler = (state, request) => {
  const expand = readExpand(request.params, INVOICE_EXPANDABLE);
  const { invoice, events } = createManualInvoice(
    state,
    request.params,
    (id) => state.customers.requireReference(id, 'customer'),
    (customer) => state.nowFor(customer),
  );
  state.log(`created invoice ${invoice.id} (${invoice.collection_method}) for ${invoice.customer}`);
  state.sendInBackground(...events);
  return { status: 200, body: renderInvoice(state, invoice, expand) };
};

/** POST /v1/invoices/:id: `invoice.updated` (with what changed) when anything did. */
const updateInvoiceRoute: Handler = (state, request, match) => {
  const expand = readExpand(request.params, INVOICE_EXPANDABLE);
  const invoice = state.invoices.require(match[1] as string);
  const previous = updateInvoice(state, invoice, request.params, state.nowFor(invoice.customer));
  if (previous) {
    state.log(`updated invoice ${invoice.id}: ${Object.keys(previous).join(', ')}`);
    state.sendInBackground(state.event('invoice.updated', invoice, previous));
  }
  return { status: 200, body: renderInvoice(state, invoice, expand) };
};

/** DELETE /v1/invoices/:id: a draft only (`invoice.deleted`). */
const deleteInvoice: Handler = (state, request, match) => {
  assertKnownKeys(request.params, [], '');
  const invoice = requireManual(state, match[1] as string);
  const events = deleteDraft(state, invoice);
  state.log(`deleted draft invoice ${invoice.id}`);
  state.sendInBackground(...events);
  return { status: 200, body: { id: invoice.id, object: 'invoice', deleted: true } };
};

/** POST /v1/invoices/:id/finalize: draft to open (`invoice.finalized`; `invoice.paid` at $0). */
const finalizeInvoiceRoute: Handler = (state, request, match) => {
  assertKnownKeys(request.params, FINALIZE_PARAMS, '');
  const expand = readExpand(request.params, INVOICE_EXPANDABLE);
  const invoice = requireManual(state, match[1] as string);
  const autoAdvance = readBoolean(request.params.auto_advance, 'auto_advance');
  const events = finalizeInvoice(
    state,
    invoice,
    state.nowFor(invoice.customer),
    state.invoiceUrls(invoice.id),
  );
  if (autoAdvance !== undefined) invoice.auto_advance = autoAdvance;
  state.log(`finalized invoice ${invoice.id} as ${invoice.number}`);
  state.sendInBackground(...events);
  return { status: 200, body: renderInvoice(state, invoice, expand) };
};

/** POST /v1/invoices/:id/send (`invoice.sent`; the sandbox sends no email). */
const sendInvoiceRoute: Handler = (state, request, match) => {
  assertKnownKeys(request.params, EXPAND_ONLY, '');
  const expand = readExpand(request.params, INVOICE_EXPANDABLE);
  const invoice = requireManual(state, match[1] as string);
  const events = sendInvoice(state, invoice);
  state.log(`sent invoice ${invoice.id} (no email: sandbox)`);
  state.sendInBackground(...events);
  return { status: 200, body: renderInvoice(state, invoice, expand) };
};

/** POST /v1/invoices/:id/void (`invoice.voided`). */
const voidInvoiceRoute: Handler = (state, request, match) => {
  assertKnownKeys(request.params, EXPAND_ONLY, '');
  const expand = readExpand(request.params, INVOICE_EXPANDABLE);
  const invoice = state.invoices.require(match[1] as string);
  const events = voidInvoice(state, invoice, state.nowFor(invoice.customer));
  state.log(`voided invoice ${invoice.id}`);
  state.sendInBackground(...events);
  return { status: 200, body: renderInvoice(state, invoice, expand) };
};

/** POST /v1/invoices/:id/mark_uncollectible (`invoice.marked_uncollectible`). */
const markUncollectibleRoute: Handler = (state, request, match) => {
  assertKnownKeys(request.params, EXPAND_ONLY, '');
  const expand = readExpand(request.params, INVOICE_EXPANDABLE);
  const invoice = state.invoices.require(match[1] as string);
  const events = markInvoiceUncollectible(state, invoice, state.nowFor(invoice.customer));
  state.log(`marked invoice ${invoice.id} uncollectible`);
  state.sendInBackground(...events);
  return { status: 200, body: renderInvoice(state, invoice, expand) };
};

/** GET /v1/invoices/:id/lines: the invoice's lines, cursor pagination. */
const listLines: Handler = (state, request, match) => {
  assertKnownKeys(request.params, LINES_PARAMS, '');
  readExpand(request.params, NOTHING_EXPANDABLE);
  const invoice = state.invoices.require(match[1] as string);
  const page = readPageParams(request.params);
  return {
    status: 200,
    body: paginate(invoice.lines.data, page, invoice.lines.url, 'line_item'),
  };
};

/** POST /v1/invoiceitems: a pending item of the customer, or a line of one of their drafts. */
const createInvoiceItem: Handler = (state, request) => {
  readExpand(request.params, NOTHING_EXPANDABLE);
  const { item, invoice } = state.invoiceItems.create(request.params, {
    customer: (id, param) => state.customers.requireReference(id, param),
    invoice: (id) => state.invoices.get(id),
    price: (id) => state.prices.getPrice(id),
    product: (id) => state.prices.getProduct(id),
    inlinePrice: (product, unitAmount) => state.prices.createInlinePrice(product, unitAmount),
    productName: (price) => state.prices.productName(price),
    now: (customer) => state.nowFor(customer),
  });
  if (invoice) addItemLine(state, invoice, item);
  state.log(`created invoice item ${item.id} (${item.amount}) on ${invoice?.id ?? 'pending'}`);
  return { status: 200, body: item };
};

const retrieveInvoiceItem: Handler = (state, request, match) => {
  assertKnownKeys(request.params, EXPAND_ONLY, '');
  readExpand(request.params, NOTHING_EXPANDABLE);
  return { status: 200, body: state.invoiceItems.require(match[1] as string) };
};

/** DELETE /v1/invoiceitems/:id: while pending or on a draft. */
const deleteInvoiceItemRoute: Handler = (state, request, match) => {
  assertKnownKeys(request.params, [], '');
  const item = state.invoiceItems.require(match[1] as string);
  deleteInvoiceItem(state, item);
  state.log(`deleted invoice item ${item.id}`);
  return { status: 200, body: { id: item.id, object: 'invoiceitem', deleted: true } };
};

/** One-off invoices (sent for payment or charged) and their invoice items. */
export const INVOICE_ROUTES: ReadonlyArray<Route> = [
  { method: 'POST', pattern: /^\/v1\/invoices$/, handler: createInvoice },
  { method: 'POST', pattern: /^\/v1\/invoices\/([^/]+)$/, handler: updateInvoiceRoute },
  { method: 'DELETE', pattern: /^\/v1\/invoices\/([^/]+)$/, handler: deleteInvoice },
  {
    method: 'POST',
    pattern: /^\/v1\/invoices\/([^/]+)\/finalize$/,
    handler: finalizeInvoiceRoute,
  },
  { method: 'POST', pattern: /^\/v1\/invoices\/([^/]+)\/send$/, handler: sendInvoiceRoute },
  { method: 'POST', pattern: /^\/v1\/invoices\/([^/]+)\/void$/, handler: voidInvoiceRoute },
  {
    method: 'POST',
    pattern: /^\/v1\/invoices\/([^/]+)\/mark_uncollectible$/,
    handler: markUncollectibleRoute,
  },
  { method: 'GET', pattern: /^\/v1\/invoices\/([^/]+)\/lines$/, handler: listLines },
  { method: 'POST', pattern: /^\/v1\/invoiceitems$/, handler: createInvoiceItem },
  { method: 'GET', pattern: /^\/v1\/invoiceitems\/([^/]+)$/, handler: retrieveInvoiceItem },
  { method: 'DELETE', pattern: /^\/v1\/invoiceitems\/([^/]+)$/, handler: deleteInvoiceItemRoute },
];
