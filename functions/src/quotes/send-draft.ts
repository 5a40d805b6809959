import {
  FieldValue,
  Timestamp,
  type DocumentReference,
  type DocumentSnapshot,
  type Transaction,
} from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  paths,
  productSchema,
  QUOTE_MESSAGES,
  quoteExpiresAt,
  quoteLineConflicts,
  readCompanyCredit,
  type QuoteDelivery,
  type QuoteLineConflict,
  type QuoteProduct,
  type SendDraftOrderResponse,
  type sendDraftOrderRequest,
} from '@portal/domain';
import type * as z from 'zod/mini';
import { ConcurrentChangeError, NotFoundError, PreconditionError } from '../lib/errors';
import { log } from '../lib/log';
import { quotePaymentLinkMail, quoteSentMail, type QuoteMailFacts } from '../mail/quote-mails';
import { stageMails } from '../mail/outbox';
import { companyNow } from '../stripe/company-clock';
import { readQuoteCounter } from './quote-payments';
import { approvedCompany, nameOf, ownerPayer, type QuotePayer } from './quote-parties';
import {
  quoteRef,
  readQuote,
  type QuoteDeps,
  type QuoteEventDoc,
  type QuoteRecord,
} from './quote-record';
import {
  SEND_LOCK_MS,
  SEND_REQUEST_FIELD,
  sendRequestDoc,
  sendRequestOf,
  sentByAnotherNow,
} from './send-request';

/**
 * sendDraftOrder (managers, docs/order-lifecycle.md#draft-orders-and-quotes): a draft is sent
 * once, as a quote, as a payment link or placed on the company's terms. Its lines are checked
 * again first (quoteLineConflicts: a product gone, a case pack or minimum broken, too little
 * stock), and every conflict is reported by line (the error's details.conflicts) while nothing
 * changes. The company must still be approved, and have terms to be placed on them.
 *
 * Numbers (Q-000123) stay gapless: one is taken from counters/quotes only in the transaction that
 * records the send, never before the send has succeeded.
 * - A quote: one transaction checks the lines again against the products as read in it, takes
 *   the number, moves the draft to sent (sent_at and expires_at on the company's clock) and
 *   stages the mail to the company's owners and buyers.
 * - A payment link, or an order on terms, needs a call to Stripe first, which no transaction can
 *   hold. The send takes the draft (send_request: no edit, deletion or other send meanwhile;
 *   send-request.ts), makes the Checkout Session or the order on terms with the injected
 *   QuotePayments, and only then takes the number in the transaction that records it. A Stripe
 *   call that fails gives the draft back as it was, without a number.
 * A retry with the same requestId answers the send as it was made.
 */

/** sendDraftOrder's request as parsed. */
export type SendDraftOrderInput = z.output<typeof sendDraftOrderRequest>;

/**
 * What sending needs of paying a quote (functions/src/quotes/quote-checkout.ts and
 * quote-terms.ts), injected so the send is tested with fakes and the payment code stays apart.
 * Both are called with the draft as locked for sending: state 'draft', no number yet, `delivery`
 * and `net_days` as the send will record them.
 */
export interface QuotePayments {
  /**
   * A Checkout Session for exactly the quote's lines and prices, made for the company's owner:
   * its URL (mailed as the payment link) and when it expires (at most 24 hours).
   */
  startQuoteCheckout(
    ctx: QuoteDeps,
    quote: QuoteRecord,
    payer: QuotePayer,
    purpose: 'accept' | 'payment_link',
  ): Promise<{ url: string; checkoutId: string; expiresAt: Date }>;
  /**
   * The order on the company's terms (its Stripe invoice), booked once per request id. It may
   * mark the quote accepted itself (order_id, accepted_by, history, and the number if it takes
   * one); the send completes whatever it left out.
   */
  placeQuoteOnTerms(
    ctx: QuoteDeps,
    quote: QuoteRecord,
    payer: QuotePayer,
    request: { requestId: string; poNumber: string; placedBy?: { uid: string; name: string } },
  ): Promise<{ orderId: string; invoiceUrl: string | null }>;
}

/** Who sends it and when, on the company's clock. */
interface Sending {
  quoteId: string;
  requestId: string;
  delivery: QuoteDelivery;
  by: string;
  byName: string;
  /** The company's clock, ms. */
  at: number;
  /** The company's terms when sent (Net N), null when it pays by card. */
  netDays: number | null;
}

/** The products of the quote's lines as stored, for quoteLineConflicts. */
async function productsOf(
  read: (refs: DocumentReference[]) => Promise<DocumentSnapshot[]>,
  refs: DocumentReference[],
): Promise<Map<string, QuoteProduct>> {
  const products = new Map<string, QuoteProduct>();
  if (refs.length === 0) return products;
  for (const snap of await read(refs)) {
    const parsed = productSchema.safeParse(snap.data());
    if (snap.exists && parsed.success) products.set(snap.id, parsed.data);
  }
  return products;
}

function productRefs(deps: Pick<QuoteDeps, 'db'>, quote: QuoteRecord): DocumentReference[] {
  const ids = [...new Set(quote.lines.map((line) => line.product_id))];
  return ids.map((id) => deps.db.collection(COLLECTIONS.products).doc(id));
}

/** Refuses the send with each line's conflict (details.conflicts), when there is any. */
function refuseConflicts(conflicts: QuoteLineConflict[]): void {
  if (conflicts.length === 0) return;
  throw new PreconditionError(
    `${QUOTE_MESSAGES.conflicts} ${conflicts.map((c) => c.message).join(' ')}`,
    { conflicts },
  );
}

/** Checks the quote's lines against its products as read in `tx`. */
async function refuseConflictsIn(tx: Transaction, deps: Pick<QuoteDeps, 'db'>, quote: QuoteRecord) {
  const products = await productsOf((refs) => tx.getAll(...refs), productRefs(deps, quote));
  refuseConflicts(quoteLineConflicts(quote.lines, products));
}

/** What a send answers, the first time and on a retry. */
function answerOf(quote: QuoteRecord, delivery: QuoteDelivery): SendDraftOrderResponse {
  const sentAs = quote.delivery ?? delivery;
  return {
    quoteId: quote.id,
    state: quote.state,
    delivery: sentAs,
    number: quote.number ?? '',
    url: sentAs === 'payment_link' ? (quote.checkout?.url ?? null) : null,
    orderId: quote.order_id,
  };
}

/**
 * The answer when the quote was already sent by this request (a retry); refused when it was sent
 * otherwise; null while it is still a draft.
 */
function alreadySent(
  snap: DocumentSnapshot,
  quote: QuoteRecord,
  sending: Pick<Sending, 'requestId' | 'delivery'>,
): SendDraftOrderResponse | null {
  if (quote.state === 'draft') return null;
  if (sendRequestOf(snap)?.id === sending.requestId) return answerOf(quote, sending.delivery);
  throw new PreconditionError(QUOTE_MESSAGES.notDraft);
}

function readOrRefuse(snap: DocumentSnapshot): QuoteRecord {
  const quote = readQuote(snap);
  if (!quote) throw new NotFoundError(QUOTE_MESSAGES.draftNotFound);
  return quote;
}

const SENT_TEXT: Readonly<Record<QuoteDelivery, string>> = {
  quote: 'Sent as a quote.',
  payment_link: 'Sent as a payment link.',
  terms: 'Placed on terms.',
};

function historyEvent(sending: Sending, state: 'sent' | 'accepted', text: string): QuoteEventDoc {
  return {
    state,
    at: Timestamp.fromMillis(sending.at),
    by: sending.by,
    by_name: sending.byName,
    text,
  };
}

/** The request that sent it, kept for retries (its lock already over). */
function sentRequest(sending: Sending, now: number) {
  return sendRequestDoc({
    id: sending.requestId,
    delivery: sending.delivery,
    by: sending.by,
    until: now,
  });
}

/** The fields a draft gets when sent as a quote or a payment link. */
function sentFields(quote: QuoteRecord, sending: Sending, number: string, now: number) {
  return {
    state: 'sent' as const,
    delivery: sending.delivery,
    number,
    sent_at: Timestamp.fromMillis(sending.at),
    expires_at: Timestamp.fromMillis(
      quoteExpiresAt(sending.at, sending.delivery, quote.valid_days),
    ),
    net_days: sending.netDays,
    history: [...quote.history, historyEvent(sending, 'sent', SENT_TEXT[sending.delivery])],
    updated_at: Timestamp.fromMillis(now),
    [SEND_REQUEST_FIELD]: sentRequest(sending, now),
  };
}

function mailFacts(quote: QuoteRecord, number: string): QuoteMailFacts {
  return {
    id: quote.id,
    number,
    company_id: quote.company_id,
    company_name: quote.company_name,
    location_name: quote.location_name,
    lines: quote.lines,
    shipping_amount: quote.shipping_amount,
    amount: quote.amount,
    note_to_buyer: quote.note_to_buyer,
  };
}

export async function sendDraftOrder(
  ctx: QuoteDeps,
  payments: QuotePayments,
  managerUid: string,
  input: SendDraftOrderInput,
): Promise<SendDraftOrderResponse> {
  const { db } = ctx;
  const ref = quoteRef(db, input.quoteId);
  const snap = await ref.get();
  const draft = readOrRefuse(snap);
  const retried = alreadySent(snap, draft, input);
  if (retried) return retried;

  const company = await approvedCompany(db, draft.company_id);
  const [products, credit, byName, at] = await Promise.all([
    productsOf((refs) => db.getAll(...refs), productRefs(ctx, draft)),
    db
      .doc(paths.companyCredit(company.id))
      .get()
      .then((credit) => readCompanyCredit(credit.data())),
    nameOf(db, managerUid),
    companyNow(ctx, company.id),
  ]);
  refuseConflicts(quoteLineConflicts(draft.lines, products));
  if (input.delivery === 'terms' && credit.net_days === null) {
    throw new PreconditionError(QUOTE_MESSAGES.companyNoTerms);
  }
  const sending: Sending = {
    quoteId: input.quoteId,
    requestId: input.requestId,
    delivery: input.delivery,
    by: managerUid,
    byName,
    at,
    // A payment link is paid by card, whatever terms the company has.
    netDays: input.delivery === 'payment_link' ? null : credit.net_days,
  };

  let answer: SendDraftOrderResponse;
  if (input.delivery === 'quote') {
    answer = await sendAsQuote(ctx, ref, sending);
  } else {
    const payer = await ownerPayer(ctx, company);
    const locked = await lockDraft(ctx, ref, sending);
    if ('answer' in locked) return locked.answer;
    const quote: QuoteRecord = {
      ...locked.quote,
      delivery: input.delivery,
      net_days: sending.netDays,
    };
    answer =
      input.delivery === 'payment_link'
        ? await sendPaymentLink(ctx, payments, ref, sending, payer)
        : await placeOnTerms(ctx, payments, ref, quote, sending, payer);
  }
  log.info('draft_order_sent', {
    quoteId: input.quoteId,
    companyId: company.id,
    delivery: input.delivery,
    number: answer.number,
    orderId: answer.orderId,
    by: managerUid,
  });
  return answer;
}

/** A quote: checked, numbered, sent and mailed in one transaction. */
function sendAsQuote(
  ctx: QuoteDeps,
  ref: DocumentReference,
  sending: Sending,
): Promise<SendDraftOrderResponse> {
  const { db } = ctx;
  return db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    const quote = readOrRefuse(snap);
    const retried = alreadySent(snap, quote, sending);
    if (retried) return retried;
    const now = ctx.now();
    if (sentByAnotherNow(snap, now, sending.requestId)) {
      throw new ConcurrentChangeError(QUOTE_MESSAGES.beingSent);
    }
    await refuseConflictsIn(tx, ctx, quote);
    // A draft keeps the number of a send that failed at Stripe: it is used again.
    const counter = quote.number ? null : await readQuoteCounter(tx, db);
    const number = quote.number ?? counter!.number;
    const fields = sentFields(quote, sending, number, now);
    const writeMails = await stageMails(
      tx,
      db,
      await quoteSentMail(ctx, {
        ...mailFacts(quote, number),
        expires_at: fields.expires_at.toDate(),
        net_days: sending.netDays,
      }),
    );
    counter?.take();
    tx.update(ref, fields);
    writeMails();
    return answerOf({ ...quote, ...fields, number }, sending.delivery);
  });
}

/**
 * Takes the draft for this send (send_request until SEND_LOCK_MS from now), after checking its
 * lines again as stored now. The draft as taken, or the answer when this request already sent it.
 */
function lockDraft(
  ctx: QuoteDeps,
  ref: DocumentReference,
  sending: Sending,
): Promise<{ quote: QuoteRecord } | { answer: SendDraftOrderResponse }> {
  return ctx.db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    const quote = readOrRefuse(snap);
    const retried = alreadySent(snap, quote, sending);
    if (retried) return { answer: retried };
    const now = ctx.now();
    if (sentByAnotherNow(snap, now, sending.requestId)) {
      throw new ConcurrentChangeError(QUOTE_MESSAGES.beingSent);
    }
    await refuseConflictsIn(tx, ctx, quote);
    tx.update(ref, {
      [SEND_REQUEST_FIELD]: sendRequestDoc({
        id: sending.requestId,
        delivery: sending.delivery,
        by: sending.by,
        until: now + SEND_LOCK_MS,
      }),
    });
    return { quote };
  });
}

/** Gives the draft back after a failed Stripe call: as it was, no number taken. */
async function unlockDraft(ctx: QuoteDeps, ref: DocumentReference, sending: Sending) {
  try {
    await ctx.db.runTransaction(async (tx) => {
      const snap = await tx.get(ref);
      const quote = readQuote(snap);
      if (quote?.state !== 'draft' || sendRequestOf(snap)?.id !== sending.requestId) return;
      tx.update(ref, { [SEND_REQUEST_FIELD]: FieldValue.delete() });
    });
  } catch (error) {
    // Its lock runs out on its own (SEND_LOCK_MS).
    log.warn('draft_order_unlock_failed', {
      quoteId: sending.quoteId,
      message: error instanceof Error ? error.message : String(error),
    });
  }
}

/** Runs the Stripe step; a failure gives the draft back and is passed on. */
async function payingStep<T>(
  ctx: QuoteDeps,
  ref: DocumentReference,
  sending: Sending,
  step: () => Promise<T>,
): Promise<T> {
  try {
    return await step();
  } catch (error) {
    await unlockDraft(ctx, ref, sending);
    log.warn('draft_order_send_failed', {
      quoteId: sending.quoteId,
      delivery: sending.delivery,
      message: error instanceof Error ? error.message : String(error),
    });
    throw error;
  }
}

/**
 * Reads the draft in the recording transaction: still this send's, or already recorded by it (a
 * retry that came second). Another request that took it over after this one's lock ran out wins.
 */
async function lockedDraftIn(
  tx: Transaction,
  ref: DocumentReference,
  sending: Sending,
): Promise<{ snap: DocumentSnapshot; quote: QuoteRecord; answer: SendDraftOrderResponse | null }> {
  const snap = await tx.get(ref);
  const quote = readOrRefuse(snap);
  const answer = alreadySent(snap, quote, sending);
  if (!answer && sendRequestOf(snap)?.id !== sending.requestId) {
    throw new ConcurrentChangeError(QUOTE_MESSAGES.beingSent);
  }
  return { snap, quote, answer };
}

/**
 * A payment link: the draft is numbered and sent first (the Checkout Session is made for a sent,
 * numbered quote, whose number it carries to the order), then the session (which records itself
 * on the quote as its `checkout`), then the mail. If Stripe cannot make the session, the quote
 * goes back to a draft keeping its number, which its next send uses: no number is skipped.
 */
async function sendPaymentLink(
  ctx: QuoteDeps,
  payments: QuotePayments,
  ref: DocumentReference,
  sending: Sending,
  payer: QuotePayer,
): Promise<SendDraftOrderResponse> {
  const { db } = ctx;
  const sent = await db.runTransaction(async (tx) => {
    const { quote, answer } = await lockedDraftIn(tx, ref, sending);
    if (answer) return { kind: 'answered' as const, answer };
    const now = ctx.now();
    const counter = quote.number ? null : await readQuoteCounter(tx, db);
    const number = quote.number ?? counter!.number;
    const fields = sentFields(quote, sending, number, now);
    counter?.take();
    tx.update(ref, fields);
    const sentQuote: QuoteRecord = { ...quote, ...fields, number };
    return { kind: 'sent' as const, quote: sentQuote, fields };
  });
  if (sent.kind === 'answered') return sent.answer;

  let link: { url: string; checkoutId: string; expiresAt: Date };
  try {
    link = await payments.startQuoteCheckout(ctx, sent.quote, payer, 'payment_link');
  } catch (error) {
    await backToDraft(ctx, ref, sending);
    log.warn('draft_order_send_failed', {
      quoteId: sending.quoteId,
      delivery: sending.delivery,
      message: error instanceof Error ? error.message : String(error),
    });
    throw error;
  }

  const quote = sent.quote;
  const number = quote.number ?? '';
  const checkout = {
    checkout_id: link.checkoutId,
    uid: payer.uid,
    url: link.url,
    expires_at: Timestamp.fromDate(link.expiresAt),
  };
  await db.runTransaction(async (tx) => {
    // The session records itself on the quote; made elsewhere (a stand-in), it is recorded here.
    const recorded = readQuote(await tx.get(ref))?.checkout;
    const writeMails = await stageMails(
      tx,
      db,
      await quotePaymentLinkMail(ctx, {
        ...mailFacts(quote, number),
        pay_url: link.url,
        // The link's own end: Stripe's session, or the quote's if that comes first.
        link_expires_at: new Date(
          Math.min(link.expiresAt.getTime(), sent.fields.expires_at.toMillis()),
        ),
      }),
    );
    if (recorded?.checkout_id !== checkout.checkout_id || recorded.url !== checkout.url) {
      tx.update(ref, { checkout });
    }
    writeMails();
  });
  return answerOf({ ...quote, checkout }, sending.delivery);
}

/**
 * A payment link whose session could not be made: the quote is a draft again, with its number
 * (its next send keeps it), as long as nothing else happened to it meanwhile.
 */
async function backToDraft(ctx: QuoteDeps, ref: DocumentReference, sending: Sending) {
  try {
    await ctx.db.runTransaction(async (tx) => {
      const snap = await tx.get(ref);
      const quote = readQuote(snap);
      if (quote?.state !== 'sent' || sendRequestOf(snap)?.id !== sending.requestId) return;
      if (quote.checkout || quote.order_id) return;
      tx.update(ref, {
        state: 'draft',
        delivery: null,
        sent_at: null,
        expires_at: null,
        net_days: null,
        history: quote.history.filter(
          (event, index) => !(index === quote.history.length - 1 && event.state === 'sent'),
        ),
        updated_at: Timestamp.fromMillis(ctx.now()),
        [SEND_REQUEST_FIELD]: FieldValue.delete(),
      });
    });
  } catch (error) {
    log.warn('draft_order_unsend_failed', {
      quoteId: sending.quoteId,
      message: error instanceof Error ? error.message : String(error),
    });
  }
}

/**
 * Placed on terms: the order and its invoice, then the quote accepted with its number. What
 * placeQuoteOnTerms already wrote on the quote is kept; the rest is completed here.
 */
async function placeOnTerms(
  ctx: QuoteDeps,
  payments: QuotePayments,
  ref: DocumentReference,
  locked: QuoteRecord,
  sending: Sending,
  payer: QuotePayer,
): Promise<SendDraftOrderResponse> {
  const placed = await payingStep(ctx, ref, sending, () =>
    payments.placeQuoteOnTerms(ctx, locked, payer, {
      requestId: sending.requestId,
      poNumber: '',
      // The manager places the draft: the booking takes it from a draft, in their name.
      placedBy: { uid: sending.by, name: sending.byName },
    }),
  );
  const { db } = ctx;
  return db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    const quote = readOrRefuse(snap);
    const ours = sendRequestOf(snap)?.id === sending.requestId;
    const acceptedByOrder = quote.state === 'accepted' && quote.order_id === placed.orderId;
    if (!acceptedByOrder && !(quote.state === 'draft' && ours)) {
      const answer = alreadySent(snap, quote, sending);
      if (answer) return answer;
      throw new ConcurrentChangeError(QUOTE_MESSAGES.beingSent);
    }
    const now = ctx.now();
    const counter = quote.number ? null : await readQuoteCounter(tx, db);
    const number = quote.number ?? counter!.number;
    const accepted = quote.history.some((event) => event.state === 'accepted');
    const fields = {
      state: 'accepted' as const,
      delivery: 'terms' as const,
      number,
      sent_at: quote.sent_at ?? Timestamp.fromMillis(sending.at),
      expires_at: null,
      net_days: quote.net_days ?? sending.netDays,
      order_id: placed.orderId,
      accepted_by: quote.accepted_by ?? payer.uid,
      history: accepted
        ? quote.history
        : [
            ...quote.history,
            historyEvent(
              sending,
              'accepted',
              `Placed on Net ${sending.netDays ?? ''} terms: order ${placed.orderId}.`,
            ),
          ],
      updated_at: Timestamp.fromMillis(now),
      [SEND_REQUEST_FIELD]: sentRequest(sending, now),
    };
    counter?.take();
    tx.update(ref, fields);
    return answerOf({ ...quote, ...fields }, sending.delivery);
  });
}
