import Stripe from 'stripe';
import type { FormObject, FormValue } from '../core/form-encoding.js';
import { newId } from '../core/ids.js';
import { formatAmount } from '../core/money.js';
import {
  assertKnownKeys,
  paramName,
  readEnum,
  readList,
  readMetadata,
  readNonNegativeInteger,
  readObject,
  readString,
  requireString,
} from '../core/param-readers.js';
import {
  invalidRequest,
  missingParam,
  missingReference,
  StripeApiError,
} from '../core/stripe-error.js';
import type { Charge, CreditNote, Invoice, InvoiceLine, Known, Param } from '../core/types.js';
import { bankPaymentProcessing } from './invoice-collection.js';
import type { BillingContext } from './subscription-billing.js';

export const CREDIT_NOTE_PARAMS: ReadonlyArray<Param<Stripe.CreditNoteCreateParams>> = [
  'invoice',
  'amount',
  'credit_amount',
  'refund_amount',
  'out_of_band_amount',
  'lines',
  'reason',
  'memo',
  'metadata',
  'effective_at',
  'email_type',
  'expand',
];
/** Real parameters the sandbox refuses rather than ignore (they change what is credited). */
const UNSUPPORTED_PARAMS: ReadonlyArray<Param<Stripe.CreditNoteCreateParams>> = [
  'refunds',
  'shipping_cost',
];
const LINE_PARAMS: ReadonlyArray<Param<Stripe.CreditNoteCreateParams.Line>> = [
  'type',
  'invoice_line_item',
  'quantity',
  'amount',
  'unit_amount',
  'description',
  'metadata',
];
const UNSUPPORTED_LINE_PARAMS: ReadonlyArray<Param<Stripe.CreditNoteCreateParams.Line>> = [
  'tax_amounts',
  'tax_rates',
  'unit_amount_decimal',
];
const LINE_TYPES: ReadonlyArray<Known<Stripe.CreditNoteCreateParams.Line.Type>> = [
  'invoice_line_item',
  'custom_line_item',
];
const REASONS: ReadonlyArray<Known<Stripe.CreditNoteCreateParams.Reason>> = [
  'duplicate',
  'fraudulent',
  'order_change',
  'product_unsatisfactory',
];
const EMAIL_TYPES: ReadonlyArray<Known<Stripe.CreditNoteCreateParams.EmailType>> = [
  'credit_note',
  'none',
];
const MAX_LINES = 100;

/** What credit notes need: billing's stores, the credit notes themselves, disputes. */
export interface CreditNoteContext extends BillingContext {
  /** Issued and void credit notes, to know what is left to credit. */
  readonly creditNotes: { issuedOn(invoiceId: string): CreditNote[] };
  /** Whether a charge has an open dispute (then it cannot be refunded). */
  disputed(chargeId: string): boolean;
}

/** What a credit note will be: every amount worked out and checked, nothing written yet. */
export interface CreditNotePlan {
  invoice: Invoice;
  lines: Stripe.CreditNoteLineItem[];
  subtotal: number;
  totalTaxes: Stripe.CreditNote.TotalTax[];
  total: number;
  /** Taken off what is still due on the invoice. */
  prePayment: number;
  /** The rest: refunded, credited to the customer's balance or settled outside Stripe. */
  postPayment: number;
  creditAmount: number;
  refundAmount: number;
  outOfBandAmount: number;
  /** The charge `refundAmount` is refunded from. */
  refundCharge: Charge | null;
  reason: CreditNote['reason'];
  memo: string | null;
  metadata: Stripe.Metadata;
  effectiveAt: number | null;
}

const usd = (amount: number, currency: string) => formatAmount(amount, currency);

/** A positive whole number of cents (at least 1). */
function readPositive(value: FormValue | undefined, param: string): number | undefined {
  const number = readNonNegativeInteger(value, param);
  if (number === 0) throw invalidRequest('This value must be greater than or equal to 1.', param);
  return number;
}

/** What issued credit notes credited of an invoice line already: its amount and its tax. */
function creditedOnLine(
  notes: ReadonlyArray<CreditNote>,
  lineId: string,
): { amount: number; tax: number } {
  let amount = 0;
  let tax = 0;
  for (const note of notes) {
    for (const line of note.lines.data) {
      if (line.invoice_line_item !== lineId) continue;
      amount += line.amount;
      tax += (line.taxes ?? []).reduce((sum, entry) => sum + entry.amount, 0);
    }
  }
  return { amount, tax };
}

/**
 * The tax of `amount` credited on an invoice line: its share of the line's tax, rounded half up
 * per entry; the line's whole remaining tax once the line is credited in full (so the cents add
 * up).
 */
function lineTaxes(
  line: InvoiceLine,
  amount: number,
  already: { amount: number; tax: number },
): Stripe.CreditNoteLineItem.Tax[] {
  const full = already.amount + amount === line.amount;
  const lineTax = (line.taxes ?? []).reduce((sum, entry) => sum + entry.amount, 0);
  return (line.taxes ?? []).map((entry) => {
    const share =
      full && (line.taxes ?? []).length === 1
        ? lineTax - already.tax
        : Math.round((entry.amount * amount) / line.amount);
    const taxable =
      entry.taxable_amount === null
        ? null
        : Math.round((entry.taxable_amount * amount) / line.amount);
    return {
      amount: share,
      tax_behavior: entry.tax_behavior,
      tax_rate_details: entry.tax_rate_details ? { ...entry.tax_rate_details } : null,
      taxability_reason: entry.taxability_reason,
      taxable_amount: taxable,
      type: 'tax_rate_details',
    };
  });
}

function creditNoteLine(
  fields: Pick<
    Stripe.CreditNoteLineItem,
    'amount' | 'description' | 'quantity' | 'type' | 'unit_amount' | 'metadata' | 'taxes'
  > & { invoiceLineItem?: string },
): Stripe.CreditNoteLineItem {
  return {
    id: newId('cnli', 24),
    object: 'credit_note_line_item',
    amount: fields.amount,
    description: fields.description,
    discount_amount: 0,
    discount_amounts: [],
    ...(fields.invoiceLineItem ? { invoice_line_item: fields.invoiceLineItem } : {}),
    livemode: false,
    metadata: fields.metadata,
    pretax_credit_amounts: [],
    quantity: fields.quantity,
    tax_rates: [],
    taxes: fields.taxes,
    type: fields.type,
    unit_amount: fields.unit_amount,
    unit_amount_decimal:
      fields.unit_amount === null ? null : Stripe.Decimal.from(fields.unit_amount),
  };
}

/** One `lines[i]`: a share of an invoice line (by quantity or amount), or a custom line. */
function readLine(
  value: FormValue,
  param: string,
  invoice: Invoice,
  notes: ReadonlyArray<CreditNote>,
  pending: Map<string, number>,
): Stripe.CreditNoteLineItem {
  const line = readObject(value, param) ?? {};
  const unsupported = Object.keys(line).find((key) =>
    UNSUPPORTED_LINE_PARAMS.some((name) => name === key),
  );
  if (unsupported !== undefined) {
    throw invalidRequest(
      `The sandbox does not support \`${paramName(param, unsupported)}\`: the tax of an invoice line is credited in proportion to the amount credited, and a custom line is untaxed.`,
      paramName(param, unsupported),
    );
  }
  assertKnownKeys(line, LINE_PARAMS, param);
  const type = readEnum(line.type, paramName(param, 'type'), LINE_TYPES);
  if (type === undefined) throw missingParam(paramName(param, 'type'));
  const metadata = readMetadata(line.metadata, paramName(param, 'metadata'));
  const quantity = readPositive(line.quantity, paramName(param, 'quantity'));
  const amount = readPositive(line.amount, paramName(param, 'amount'));
  if (type === 'custom_line_item') {
    const description = requireString(line.description, paramName(param, 'description'), 5000);
    const unitAmount = readPositive(line.unit_amount, paramName(param, 'unit_amount'));
    if (unitAmount === undefined) throw missingParam(paramName(param, 'unit_amount'));
    if (line.invoice_line_item !== undefined || amount !== undefined) {
      throw invalidRequest(
        'A `custom_line_item` line takes `description`, `unit_amount` and `quantity` (not `invoice_line_item` or `amount`).',
        paramName(param, line.amount !== undefined ? 'amount' : 'invoice_line_item'),
      );
    }
    const count = quantity ?? 1;
    return creditNoteLine({
      amount: unitAmount * count,
      description,
      quantity: count,
      type,
      unit_amount: unitAmount,
      metadata,
      taxes: [],
    });
  }
  const lineParam = paramName(param, 'invoice_line_item');
  const lineId = requireString(line.invoice_line_item, lineParam);
  const invoiceLine = invoice.lines.data.find((candidate) => candidate.id === lineId);
  if (!invoiceLine) {
    throw invalidRequest(
      `No such invoice line item: '${lineId}' is not a line of invoice ${invoice.id}.`,
      lineParam,
      'resource_missing',
    );
  }
  if (line.unit_amount !== undefined || line.description !== undefined) {
    throw invalidRequest(
      'An `invoice_line_item` line takes `quantity` or `amount` (its description and price are the invoice line’s).',
      paramName(param, line.unit_amount !== undefined ? 'unit_amount' : 'description'),
    );
  }
  if ((quantity === undefined) === (amount === undefined)) {
    throw invalidRequest(
      'Pass exactly one of `quantity` or `amount` for an `invoice_line_item` line.',
      paramName(param, 'quantity'),
    );
  }
  if (quantity !== undefined && quantity > invoiceLine.quantity) {
    throw invalidRequest(
      `You can credit at most the ${invoiceLine.quantity} units of invoice line ${lineId} (got ${quantity}).`,
      paramName(param, 'quantity'),
    );
  }
  const credited =
    amount ?? Math.round((invoiceLine.amount * (quantity as number)) / invoiceLine.quantity);
  const before = creditedOnLine(notes, lineId);
  const alreadyThisNote = pending.get(lineId) ?? 0;
  const left = invoiceLine.amount - before.amount - alreadyThisNote;
  if (credited > left) {
    throw invalidRequest(
      `Invoice line ${lineId} has ${usd(left, invoice.currency)} left to credit (of ${usd(invoiceLine.amount, invoice.currency)}); this line credits ${usd(credited, invoice.currency)}.`,
      paramName(param, amount !== undefined ? 'amount' : 'quantity'),
    );
  }
  pending.set(lineId, alreadyThisNote + credited);
  const unit =
    quantity !== undefined && invoiceLine.amount % invoiceLine.quantity === 0
      ? invoiceLine.amount / invoiceLine.quantity
      : null;
  return creditNoteLine({
    amount: credited,
    description: invoiceLine.description,
    quantity: quantity ?? null,
    type,
    unit_amount: unit,
    metadata,
    taxes: lineTaxes(
      invoiceLine,
      credited,
      alreadyThisNote === 0 ? before : { amount: before.amount + alreadyThisNote, tax: before.tax },
    ),
    invoiceLineItem: lineId,
  });
}

/** The lines' taxes summed per rate and reason, as the credit note's `total_taxes`. */
function totalTaxes(lines: ReadonlyArray<Stripe.CreditNoteLineItem>): Stripe.CreditNote.TotalTax[] {
  const totals = new Map<string, Stripe.CreditNote.TotalTax>();
  for (const line of lines) {
    for (const entry of line.taxes ?? []) {
      const key = `${entry.tax_rate_details?.tax_rate ?? ''}:${entry.taxability_reason}`;
      const total = totals.get(key);
      if (total) {
        total.amount += entry.amount;
        total.taxable_amount = (total.taxable_amount ?? 0) + (entry.taxable_amount ?? 0);
      } else {
        totals.set(key, { ...entry });
      }
    }
  }
  return [...totals.values()];
}

/** The charge that paid the invoice, to refund from (null when nothing was charged). */
function invoiceCharge(ctx: BillingContext, invoice: Invoice): Charge | null {
  const paymentIntent = ctx.invoicePayments.defaultFor(invoice.id)?.paymentIntent;
  if (paymentIntent?.status !== 'succeeded' || !paymentIntent.latest_charge) return null;
  return ctx.ledger.getCharge(String(paymentIntent.latest_charge)) ?? null;
}

/**
 * Reads and checks `POST /v1/credit_notes` (and the preview) as Stripe does, writing nothing: the
 * invoice (open, paid or uncollectible), the lines or `amount`, what is left to credit, and how
 * the part beyond what is still due is settled (`credit_amount`, `refund_amount`,
 * `out_of_band_amount`, which must add up to it).
 */
export function planCreditNote(ctx: CreditNoteContext, params: FormObject): CreditNotePlan {
  const unsupported = Object.keys(params).find((key) =>
    UNSUPPORTED_PARAMS.some((name) => name === key),
  );
  if (unsupported !== undefined) {
    throw invalidRequest(
      `The sandbox does not support \`${unsupported}\` on credit notes.`,
      unsupported,
    );
  }
  assertKnownKeys(params, CREDIT_NOTE_PARAMS, '');
  const invoiceId = requireString(params.invoice, 'invoice');
  const invoice = ctx.invoices.get(invoiceId);
  if (!invoice) throw missingReference('invoice', invoiceId, 'invoice');
  if (
    invoice.status !== 'open' &&
    invoice.status !== 'paid' &&
    invoice.status !== 'uncollectible'
  ) {
    throw invalidRequest(
      `You can only issue a credit note for an open, paid or uncollectible invoice; ${invoice.id} is \`${invoice.status}\`.`,
      'invoice',
    );
  }
  const { currency } = invoice;
  const notes = ctx.creditNotes.issuedOn(invoice.id);
  const reason = readEnum(params.reason, 'reason', REASONS) ?? null;
  const memo = readString(params.memo, 'memo', 5000) || null;
  const metadata = readMetadata(params.metadata, 'metadata');
  readEnum(params.email_type, 'email_type', EMAIL_TYPES);
  const effectiveAt = readNonNegativeInteger(params.effective_at, 'effective_at') ?? null;
  const amount = readPositive(params.amount, 'amount');
  const entries = readList(params.lines, 'lines') ?? [];
  if (entries.length > MAX_LINES) {
    throw invalidRequest(`A credit note can have at most ${MAX_LINES} lines.`, 'lines');
  }
  let lines: Stripe.CreditNoteLineItem[];
  if (entries.length > 0) {
    const pending = new Map<string, number>();
    lines = entries.map((entry, index) =>
      readLine(entry, `lines[${index}]`, invoice, notes, pending),
    );
  } else if (amount !== undefined) {
    // An amount alone: one untaxed custom line of that amount.
    lines = [
      creditNoteLine({
        amount,
        description: memo ?? 'Credit',
        quantity: 1,
        type: 'custom_line_item',
        unit_amount: amount,
        metadata: {},
        taxes: [],
      }),
    ];
  } else {
    throw invalidRequest(
      'Pass `lines` (what is credited) or `amount` (the credit note total).',
      'lines',
      'parameter_missing',
    );
  }
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  const taxes = totalTaxes(lines);
  const total = subtotal + taxes.reduce((sum, entry) => sum + entry.amount, 0);
  if (amount !== undefined && amount !== total) {
    throw invalidRequest(
      `The credit note \`amount\` (${usd(amount, currency)}) must equal the total of its lines with tax (${usd(total, currency)}).`,
      'amount',
    );
  }
  const credited =
    invoice.pre_payment_credit_notes_amount + invoice.post_payment_credit_notes_amount;
  const creditable = invoice.total - credited;
  if (total > creditable) {
    throw invalidRequest(
      `The credit note total (${usd(total, currency)}) is more than is left to credit on invoice ${invoice.id}: ${usd(creditable, currency)} of its ${usd(invoice.total, currency)} (${usd(credited, currency)} credited already).`,
      entries.length > 0 ? 'lines' : 'amount',
    );
  }
  const prePayment = invoice.status === 'paid' ? 0 : Math.min(total, invoice.amount_remaining);
  if (prePayment > 0 && bankPaymentProcessing(ctx, invoice)) {
    throw invalidRequest(
      `Invoice ${invoice.id} has a US bank account payment processing for what is due; wait until it settles before crediting it.`,
      'invoice',
    );
  }
  const postPayment = total - prePayment;
  const creditAmount = readNonNegativeInteger(params.credit_amount, 'credit_amount') ?? 0;
  const refundAmount = readNonNegativeInteger(params.refund_amount, 'refund_amount') ?? 0;
  const outOfBandAmount =
    readNonNegativeInteger(params.out_of_band_amount, 'out_of_band_amount') ?? 0;
  const settled = creditAmount + refundAmount + outOfBandAmount;
  if (settled !== postPayment) {
    const given = (['credit_amount', 'refund_amount', 'out_of_band_amount'] as const).find(
      (key) => params[key] !== undefined,
    );
    const still =
      prePayment > 0
        ? ` (${usd(prePayment, currency)} of its ${usd(total, currency)} total is taken off what is still due on invoice ${invoice.id})`
        : ` (its total: invoice ${invoice.id} is \`${invoice.status}\` with nothing left due)`;
    throw invalidRequest(
      `The sum of credit_amount, refund_amount and out_of_band_amount (${usd(settled, currency)}) must equal the credit note's post-payment amount, ${usd(postPayment, currency)}${still}.`,
      given ?? 'credit_amount',
    );
  }
  let refundCharge: Charge | null = null;
  if (refundAmount > 0) {
    refundCharge = invoiceCharge(ctx, invoice);
    if (!refundCharge) {
      throw invalidRequest(
        `Invoice ${invoice.id} has no payment to refund (nothing was charged through Stripe): use credit_amount or out_of_band_amount.`,
        'refund_amount',
      );
    }
    if (ctx.disputed(refundCharge.id)) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Charge ${refundCharge.id} has been charged back; cannot issue a refund.`,
        'refund_amount',
        'charge_disputed',
      );
    }
    const refundable = refundCharge.amount - refundCharge.amount_refunded;
    if (refundAmount > refundable) {
      throw invalidRequest(
        `refund_amount (${usd(refundAmount, currency)}) is more than is left to refund of the invoice's payment (${usd(refundable, currency)}).`,
        'refund_amount',
      );
    }
  }
  return {
    invoice,
    lines,
    subtotal,
    totalTaxes: taxes,
    total,
    prePayment,
    postPayment,
    creditAmount,
    refundAmount,
    outOfBandAmount,
    refundCharge,
    reason,
    memo,
    metadata,
    effectiveAt,
  };
}
