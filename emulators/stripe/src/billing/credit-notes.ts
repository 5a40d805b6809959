import type Stripe from 'stripe';
import type { FormObject } from '../core/form-encoding.js';
import { newId } from '../core/ids.js';
import { assertKnownKeys, readMetadataUpdate, readString } from '../core/param-readers.js';
import { invalidRequest, resourceMissing } from '../core/stripe-error.js';
import type {
  Charge,
  CreditNote,
  Invoice,
  Param,
  PreviousAttributes,
  Refund,
  StripeEvent,
} from '../core/types.js';
import { snapshot } from '../webhooks/events.js';
import type { CreditNoteContext, CreditNotePlan } from './credit-note-plan.js';

export const CREDIT_NOTE_LIST_PARAMS: ReadonlyArray<Param<Stripe.CreditNoteListParams>> = [
  'invoice',
  'customer',
  'limit',
  'starting_after',
  'ending_before',
  'expand',
];
const UPDATE_PARAMS: ReadonlyArray<Param<Stripe.CreditNoteUpdateParams>> = [
  'memo',
  'metadata',
  'expand',
];

/** In-memory credit notes, numbered per invoice (`SBX-000001-CN-01`, ...). */
export class CreditNoteStore {
  private readonly notes = new Map<string, CreditNote>();

  add(note: CreditNote): CreditNote {
    this.notes.set(note.id, note);
    return note;
  }

  get(id: string): CreditNote | undefined {
    return this.notes.get(id);
  }

  /** The credit note a request's URL names: 404 when missing. */
  require(id: string): CreditNote {
    const note = this.notes.get(id);
    if (!note) throw resourceMissing('credit_note', id, 'id');
    return note;
  }

  /** Newest first; `invoice` and `customer` filter. */
  list(filter: { invoice?: string; customer?: string } = {}): CreditNote[] {
    return [...this.notes.values()]
      .reverse()
      .filter(
        (note) =>
          (filter.invoice === undefined || note.invoice === filter.invoice) &&
          (filter.customer === undefined || note.customer === filter.customer),
      );
  }

  /** The invoice's credit notes that still count (not void). */
  issuedOn(invoiceId: string): CreditNote[] {
    return [...this.notes.values()].filter(
      (note) => note.invoice === invoiceId && note.status === 'issued',
    );
  }

  /** The number the invoice's next credit note gets: its number, `-CN-`, and a count. */
  nextNumber(invoice: Invoice): string {
    const count = [...this.notes.values()].filter((note) => note.invoice === invoice.id).length;
    return `${invoice.number ?? invoice.id}-CN-${String(count + 1).padStart(2, '0')}`;
  }

  /** POST /v1/credit_notes/:id: `memo` and `metadata` only. */
  update(id: string, params: FormObject): CreditNote {
    const note = this.require(id);
    assertKnownKeys(params, UPDATE_PARAMS, '');
    const memo = readString(params.memo, 'memo', 5000);
    const metadata = readMetadataUpdate(note.metadata, params.metadata, 'metadata');
    if (memo !== undefined) note.memo = memo || null;
    if (metadata !== undefined) note.metadata = metadata;
    return note;
  }

  /** Forgets the credit notes of these invoices (a deleted test clock's). */
  forgetInvoices(ids: ReadonlySet<string>): void {
    for (const [id, note] of this.notes) if (ids.has(note.invoice)) this.notes.delete(id);
  }

  clear(): void {
    this.notes.clear();
  }
}

/** The credit note a plan describes, as Stripe shapes it (not stored). */
export function buildCreditNote(
  plan: CreditNotePlan,
  fields: { id: string; number: string; created: number; pdf: string },
): CreditNote {
  const { invoice } = plan;
  const type: CreditNote['type'] =
    plan.prePayment > 0 && plan.postPayment > 0
      ? 'mixed'
      : plan.prePayment > 0
        ? 'pre_payment'
        : 'post_payment';
  return {
    id: fields.id,
    object: 'credit_note',
    amount: plan.total,
    amount_shipping: 0,
    created: fields.created,
    currency: invoice.currency,
    customer: invoice.customer,
    customer_account: null,
    customer_balance_transaction: null,
    discount_amount: 0,
    discount_amounts: [],
    effective_at: plan.effectiveAt ?? fields.created,
    invoice: invoice.id,
    lines: {
      object: 'list',
      data: plan.lines,
      has_more: false,
      url: `/v1/credit_notes/${fields.id}/lines`,
    },
    livemode: false,
    memo: plan.memo,
    metadata: plan.metadata,
    number: fields.number,
    out_of_band_amount: plan.outOfBandAmount > 0 ? plan.outOfBandAmount : null,
    pdf: fields.pdf,
    post_payment_amount: plan.postPayment,
    pre_payment_amount: plan.prePayment,
    pretax_credit_amounts: [],
    reason: plan.reason,
    refunds: [],
    shipping_cost: null,
    status: 'issued',
    subtotal: plan.subtotal,
    subtotal_excluding_tax: plan.subtotal,
    total: plan.total,
    total_excluding_tax: plan.subtotal,
    total_taxes: plan.totalTaxes,
    type,
    voided_at: null,
  };
}

/** What issuing a credit note did: the note, its refund (if any) and the events to send. */
export interface IssuedCreditNote {
  creditNote: CreditNote;
  refund: { refund: Refund; charge: Charge } | null;
  events: StripeEvent[];
}

/** The invoice's credit-note amounts before a change, for `invoice.updated`. */
function invoiceAmounts(invoice: Invoice): PreviousAttributes<'invoice.updated'> {
  return snapshot({
    amount_due: invoice.amount_due,
    amount_remaining: invoice.amount_remaining,
    pre_payment_credit_notes_amount: invoice.pre_payment_credit_notes_amount,
    post_payment_credit_notes_amount: invoice.post_payment_credit_notes_amount,
    status: invoice.status,
  });
}

/** Only the fields that changed. */
function changed(
  invoice: Invoice,
  before: PreviousAttributes<'invoice.updated'>,
): PreviousAttributes<'invoice.updated'> {
  const previous: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(before)) {
    if (invoice[key as keyof Invoice] !== value) previous[key] = value;
  }
  return previous as PreviousAttributes<'invoice.updated'>;
}

/**
 * Issues a planned credit note (planCreditNote checked everything): the refund first, then the
 * customer balance credit (`credit_note` transaction), the invoice's amounts (what is still due
 * goes down by the pre-payment part; an open invoice left with nothing due is paid), and the note.
 * Events: `credit_note.created`, then `invoice.updated` and `invoice.paid` as they apply; the
 * refund's events are the caller's to announce.
 */
export function issueCreditNote(
  ctx: CreditNoteContext & { readonly creditNotes: CreditNoteStore },
  plan: CreditNotePlan,
  at: number,
  pdfUrl: (id: string) => string,
): IssuedCreditNote {
  const { invoice } = plan;
  const id = newId('cn', 24);
  const creditNote = buildCreditNote(plan, {
    id,
    number: ctx.creditNotes.nextNumber(invoice),
    created: at,
    pdf: pdfUrl(id),
  });
  let refund: IssuedCreditNote['refund'] = null;
  if (plan.refundAmount > 0 && plan.refundCharge) {
    refund = ctx.ledger.refund(
      { charge: plan.refundCharge.id, amount: String(plan.refundAmount) },
      (paymentIntentId) => ctx.paymentIntents.get(paymentIntentId),
    );
    creditNote.refunds = [
      {
        amount_refunded: refund.refund.amount,
        payment_record_refund: null,
        refund: refund.refund.id,
        type: 'refund',
      },
    ];
  }
  const customer = ctx.customers.get(invoice.customer);
  if (plan.creditAmount > 0 && customer) {
    const transaction = ctx.customerBalance.record(customer, {
      amount: -plan.creditAmount,
      type: 'credit_note',
      created: at,
      invoice: invoice.id,
      creditNote: id,
    });
    creditNote.customer_balance_transaction = transaction.id;
  }
  const before = invoiceAmounts(invoice);
  invoice.pre_payment_credit_notes_amount += plan.prePayment;
  invoice.post_payment_credit_notes_amount += plan.postPayment;
  invoice.amount_due -= plan.prePayment;
  invoice.amount_remaining -= plan.prePayment;
  ctx.creditNotes.add(creditNote);
  const events: StripeEvent[] = [ctx.event('credit_note.created', creditNote)];
  if (plan.prePayment > 0 && invoice.amount_remaining === 0) {
    ctx.invoices.markPaidByCreditNotes(invoice, at);
  }
  events.push(ctx.event('invoice.updated', invoice, changed(invoice, before)));
  if (invoice.status === 'paid' && before.status !== 'paid') {
    events.push(ctx.event('invoice.paid', invoice));
  }
  return { creditNote, refund, events };
}

/**
 * POST /v1/credit_notes/:id/void: the credit note stops counting. Refused for a void one, for one
 * that refunded a payment (a refund can't be taken back), and for one that took something off what
 * was due on an invoice no longer open or uncollectible. Otherwise its balance credit is taken
 * back (a `credit_note` transaction of the opposite amount) and the invoice's amounts restored.
 * Events: `credit_note.voided` and `invoice.updated`.
 */
export function voidCreditNote(
  ctx: CreditNoteContext,
  creditNote: CreditNote,
  at: number,
): StripeEvent[] {
  if (creditNote.status === 'void') {
    throw invalidRequest(`Credit note ${creditNote.id} is already void.`, 'id');
  }
  if (creditNote.refunds.length > 0) {
    throw invalidRequest(
      `Credit note ${creditNote.id} refunded part of the invoice's payment; a refund can't be taken back, so the credit note can't be voided.`,
      'id',
    );
  }
  const invoice = ctx.invoices.require(creditNote.invoice);
  if (
    creditNote.pre_payment_amount > 0 &&
    invoice.status !== 'open' &&
    invoice.status !== 'uncollectible'
  ) {
    throw invalidRequest(
      `Credit note ${creditNote.id} took ${creditNote.pre_payment_amount} off what was due on invoice ${invoice.id}, which is now \`${invoice.status}\`: it can only be voided while the invoice is open or uncollectible.`,
      'id',
    );
  }
  const customer = ctx.customers.get(invoice.customer);
  const credited = creditNote.post_payment_amount - (creditNote.out_of_band_amount ?? 0);
  if (creditNote.customer_balance_transaction && customer && credited > 0) {
    ctx.customerBalance.record(customer, {
      amount: credited,
      type: 'credit_note',
      created: at,
      invoice: invoice.id,
      creditNote: creditNote.id,
      description: `Credit note ${creditNote.number} voided`,
    });
  }
  const before = invoiceAmounts(invoice);
  invoice.pre_payment_credit_notes_amount -= creditNote.pre_payment_amount;
  invoice.post_payment_credit_notes_amount -= creditNote.post_payment_amount;
  invoice.amount_due += creditNote.pre_payment_amount;
  invoice.amount_remaining += creditNote.pre_payment_amount;
  creditNote.status = 'void';
  creditNote.voided_at = at;
  return [
    ctx.event('credit_note.voided', creditNote),
    ctx.event('invoice.updated', invoice, changed(invoice, before)),
  ];
}
