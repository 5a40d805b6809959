import { FieldValue, Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import {
  hasOpenBackorder,
  orderTotal,
  orderTotalProblem,
  paths,
  readCompanyCredit,
  termsOrderProblem,
  type CheckoutSource,
  type NetDays,
  type OrderLine,
  type OrderTax,
  type PlaceTermsOrderResponse,
  NEW_REQUEST_NEEDED,
} from '@portal/domain';
import { buyerAccountOpen } from '../accounts/current-approval';
import { loadProducts } from '../catalog/products';
import { buyNowQuantity, priceLinesOrRefuse, readLineRequests } from '../checkout/checkout-lines';
import { readCartLines } from '../checkout/checkout-transitions';
import { profileOfApprovedBuyer, type BuyerProfile } from '../checkout/create-checkout';
import { applyOrderRollup } from '../insights/sales-rollups';
import { NOT_APPROVED } from '../lib/caller';
import type { Context } from '../lib/context';
import { NotAllowedError, PreconditionError } from '../lib/errors';
import { useTestClocks } from '../lib/stripe-client';
import { log } from '../lib/log';
import { newOrderMails } from '../mail/notifications';
import { queueMails } from '../mail/outbox';
import { termsOrderPlacedMail } from '../mail/terms-mails';
import { allocateInvoiceNumber, readInvoiceCounter } from '../orders/invoice-numbers';
import {
  orderDocSchemas,
  readOrder,
  type OrderDoc,
  type OrderRecord,
} from '../orders/order-record';
import {
  commitStock,
  planReservation,
  readStock,
  reserveNeeds,
  restockDatesOf,
  withBackorders,
  type StockRead,
} from '../orders/stock';
import { companyPriceIndex } from '../pricing/company-price-lists';
import { stripeFailure } from '../stripe/stripe-errors';
import { customerForCheckout } from '../stripe/stripe-customers';
import { exemptCustomerFor } from '../tax/exempt-customers';
import { calculateTax, taxTreatmentFor } from '../tax/order-tax';
import { creditSpentOn, invoiceEntryIds, stageInvoiceSpent } from '../store-credit/invoice-credit';
import { readStoreCredit } from '../store-credit/store-credit-ledger';
import { readCredit } from './credit-account';
import { closeTermsOrder } from './invoice-transitions';
import { issueTermsInvoice } from './stripe-invoice';
import { termsOrderId } from './terms-order-id';

/**
 * placeTermsOrder (docs/payment-terms.md): the caller's cart (or Buy Now of one product) becomes
 * an order on the company's terms at once, priced on the server exactly as a card checkout, in one
 * transaction that checks the terms, the credit hold and the limit (the open balance plus this
 * order must fit), takes the stock, books the order awaiting payment with its invoice number,
 * raises the open balance and empties the ordered cart lines. Then its Stripe invoice is issued
 * (created, lines, finalized, sent) and recorded on the order, and the buyer and the managers are
 * mailed. If Stripe cannot issue it, the order is cancelled again (stock and credit back) and the
 * buyer is told nothing was ordered.
 */

type Ctx = Pick<Context, 'db' | 'stripe' | 'auth' | 'env' | 'now'>;

interface Buyer {
  uid: string;
  email?: string | undefined;
}

interface Request {
  requestId: string;
  productId?: string | undefined;
  locationId?: string | undefined;
  poNumber: string;
}

/** An order on terms is invoiced, and taxed, for a ship-to: a company without one is told so. */
export const TERMS_NEEDS_SHIP_TO =
  'Add a ship-to location in My Account before ordering on terms: the invoice is taxed for it.';

export const INVOICE_NOT_ISSUED =
  'We could not issue the invoice, so nothing was ordered. Try again in a minute, or pay by card.';

/**
 * An earlier order of the same request id was voided because its invoice could not be issued:
 * its retry is refused as the first call was, never answered as if it had ordered (the client
 * then tries with a new request id). Any other earlier order is that request's answer.
 */
export function refuseVoidedRetry(order: Pick<OrderRecord, 'terms'>): void {
  if (order.terms?.state === 'void' && !order.terms.invoice_id) {
    throw new PreconditionError(INVOICE_NOT_ISSUED, { ...NEW_REQUEST_NEEDED });
  }
}

/**
 * Puts back the cart lines an order took when it was booked (readCartLines took its units off
 * them), for an order voided because its invoice could not be issued: the buyer tries again
 * with the cart they had. Units added since stay on top.
 */
async function restoreCartLines(
  db: Firestore,
  uid: string,
  lines: ReadonlyArray<{ product_id: string; quantity: number }>,
): Promise<void> {
  const batch = db.batch();
  const now = Timestamp.now();
  for (const { product_id, quantity } of lines) {
    batch.set(
      db.doc(paths.cartItem(uid, product_id)),
      { product_id, quantity: FieldValue.increment(quantity), updated_at: now },
      { merge: true },
    );
  }
  await batch.commit();
}

function answerOf(orderId: string, order: OrderRecord): PlaceTermsOrderResponse {
  refuseVoidedRetry(order);
  return {
    orderId,
    invoiceUrl: order.terms?.hosted_invoice_url ?? null,
    dueAt: order.terms?.due_at?.toDate().toISOString() ?? null,
    amount: order.amount,
  };
}

export async function placeTermsOrder(
  ctx: Ctx,
  buyer: Buyer,
  request: Request,
): Promise<PlaceTermsOrderResponse> {
  const { db } = ctx;
  const orderId = termsOrderId(buyer.uid, request.requestId);
  const earlier = readOrder(await db.doc(paths.order(orderId)).get());
  if (earlier) return answerOf(orderId, earlier);

  const [profile, { source, requests: asked }, accountOpen] = await Promise.all([
    profileOfApprovedBuyer(db, buyer.uid, request.locationId),
    readLineRequests(db, buyer.uid, request.productId),
    buyerAccountOpen(ctx, buyer.uid),
  ]);
  if (!accountOpen) throw new NotAllowedError(NOT_APPROVED);
  const ids = asked.map((r) => r.product_id);
  const [products, lists] = await Promise.all([
    loadProducts(db, ids, profile.role),
    companyPriceIndex(db, profile.companyId, new Date(ctx.now()), ids),
  ]);
  const lines = priceLinesOrRefuse(
    buyNowQuantity(source, asked, products),
    products,
    profile.role,
    source,
    lists,
  );
  return placeOnTerms(ctx, {
    orderId,
    buyer,
    profile,
    lines,
    source,
    poNumber: request.poNumber,
  });
}

/**
 * One order to place on terms: who, for which company and location, its lines priced on the
 * server. A cart or Buy Now is planned by placeTermsOrder; a quote's lines at its quoted prices
 * by quotes/quote-terms.ts (`quote`).
 */
export interface TermsPlan {
  /** The order's id: a retry of the same request finds the order the first call placed. */
  orderId: string;
  buyer: Buyer;
  profile: BuyerProfile;
  lines: OrderLine[];
  source: CheckoutSource;
  poNumber: string;
  quote?: TermsQuotePlan;
}

/**
 * What a quote placed on terms adds (docs/order-lifecycle.md#draft-orders-and-quotes): its
 * shipping charge (an invoice item "Shipping", not taxed), who placed it, and the quote's own
 * reads, checks and writes in the booking transaction (the quote accepted by the order, in the
 * same commit; its number, when a draft is placed on terms at once).
 */
export interface TermsQuotePlan {
  id: string;
  /** Cents: the shipping charge (0: none). */
  shippingAmount: number;
  /** The order's placed_by_name. */
  placedByName: string;
  /** The lines, their stock read in the booking: refuse line by line, or go on. */
  alsoBook: (
    tx: Transaction,
    stock: StockRead,
  ) => Promise<{ number: string; write: (booked: { netDays: NetDays; now: Timestamp }) => void }>;
}

/**
 * Places a planned order on terms (see placeTermsOrder): taxes it for its ship-to, books it
 * (bookOrder), issues its Stripe invoice, records the invoice and mails the buyer and the
 * managers. If Stripe cannot issue the invoice, the order is voided again (stock and credit back)
 * and the caller is told nothing was ordered (a quote's `onNotIssued` reopens the quote).
 */
export async function placeOnTerms(
  ctx: Ctx,
  plan: TermsPlan,
  onNotIssued?: (orderId: string) => Promise<void>,
): Promise<PlaceTermsOrderResponse> {
  const { db } = ctx;
  const { orderId, buyer, profile, lines, source, quote } = plan;
  const request = { poNumber: plan.poNumber };
  const orderRef = db.doc(paths.order(orderId));
  const shipping = quote?.shippingAmount ?? 0;
  const goods = orderTotal(lines);
  const totalProblem = orderTotalProblem(goods + shipping);
  if (totalProblem) throw new PreconditionError(`${totalProblem}.`);
  // The invoice is taxed for its ship-to (docs/tax.md): the booked amount, which the credit limit
  // must fit, is the goods, the shipping and that tax (none under a valid resale certificate;
  // none on the shipping, ever).
  const shipTo = profile.location?.ship_to ?? null;
  if (!shipTo) {
    // A company without terms hears that first (the booking checks them again).
    const credit = readCompanyCredit(
      (await db.doc(paths.companyCredit(profile.companyId)).get()).data(),
    );
    throw new PreconditionError(termsOrderProblem(credit, goods + shipping) ?? TERMS_NEEDS_SHIP_TO);
  }
  const treatment = await taxTreatmentFor(ctx, profile.companyId, shipTo);
  let taxAmount = 0;
  if (!treatment.exemption) {
    try {
      // No idempotency key: a calculation changes nothing, and a retry may carry new prices.
      taxAmount = await calculateTax(ctx.stripe(), lines, shipTo);
    } catch (error) {
      stripeFailure('terms_tax_failed', error, { orderId });
      throw new PreconditionError(INVOICE_NOT_ISSUED);
    }
  }
  const amount = goods + shipping + taxAmount;
  const tax: OrderTax = {
    amount: taxAmount,
    state: treatment.state,
    exemption: treatment.exemption,
  };

  const booked = await db.runTransaction((tx) =>
    bookOrder(tx, db, { orderId, buyer, profile, lines, amount, tax, source, request, quote }),
  );
  if (booked.kind === 'existing') return answerOf(orderId, booked.order);

  let invoice;
  let companyCustomerId: string;
  try {
    const customerId = (companyCustomerId = await customerForCheckout(
      db,
      ctx.stripe(),
      {
        companyId: profile.companyId,
        email: buyer.email,
        storeName: profile.storeName,
        shipTo: profile.location?.ship_to ?? null,
        testClock: useTestClocks(ctx.env),
      },
      orderId,
    ));
    const exemption = treatment.exemption;
    invoice = await issueTermsInvoice(ctx.stripe(), {
      orderId,
      companyId: profile.companyId,
      customerId: exemption
        ? await exemptCustomerFor(
            ctx,
            {
              companyId: profile.companyId,
              exemption,
              storeName: profile.storeName,
              email: buyer.email,
              shipTo,
              companyCustomerId: customerId,
            },
            orderId,
          )
        : customerId,
      shipTo,
      netDays: booked.netDays,
      poNumber: request.poNumber,
      lines: booked.items,
      restockDates: booked.restockDates,
      shippingAmount: shipping,
      ...(booked.quoteNumber ? { quoteNumber: booked.quoteNumber } : {}),
    });
    // Its total is the order's; what is due may be less: Stripe applied the company's store
    // credit (its customer balance) when it finalized the invoice.
    if (invoice.total !== amount || invoice.currency !== 'usd') {
      throw new Error(`Invoice ${invoice.id} totals ${invoice.total}, the order is ${amount}`);
    }
  } catch (error) {
    stripeFailure('terms_invoice_failed', error, { orderId });
    await closeTermsOrder(ctx, orderId, {
      to: 'void',
      by: 'system',
      reason: 'The invoice could not be issued.',
      mail: false,
    });
    await onNotIssued?.(orderId);
    // Nothing was ordered: the cart lines the booking took are the buyer's again.
    if (source === 'cart') await restoreCartLines(db, buyer.uid, lines);
    throw new PreconditionError(INVOICE_NOT_ISSUED, { ...NEW_REQUEST_NEEDED });
  }

  const issued = invoice;
  // Store credit Stripe spent on the invoice: only the company's own customer holds it.
  const creditSpent =
    issued.customer === companyCustomerId ||
    (issued.customer as { id?: string })?.id === companyCustomerId
      ? creditSpentOn(issued)
      : 0;
  const order = await db.runTransaction(async (tx) => {
    const current = readOrder(await tx.get(orderRef));
    if (!current?.terms) throw new Error(`Order ${orderId} vanished while its invoice was issued`);
    // Paid already: the company's store credit paid the whole invoice when Stripe finalized it,
    // and its invoice.paid came before this (its webhook may also have put the credit spent on
    // the mirror). The invoice's facts and the credit are still recorded on the order; the order
    // left the open balance when it was paid.
    const paidFirst =
      current.terms.state === 'paid' &&
      current.store_credit_applied === 0 &&
      current.amount === amount;
    if (current.terms.state !== 'issuing' && !paidFirst) return current;
    const ledger =
      creditSpent > 0
        ? await readStoreCredit(tx, db, profile.companyId, invoiceEntryIds(issued.id!))
        : null;
    const account = ledger ? await readCredit(tx, db, profile.companyId) : null;
    const terms = {
      ...current.terms,
      state: paidFirst ? ('paid' as const) : ('open' as const),
      invoice_id: invoice.id,
      invoice_number: invoice.number ?? null,
      hosted_invoice_url: invoice.hosted_invoice_url ?? null,
      invoice_pdf: invoice.invoice_pdf ?? null,
      due_at: invoice.due_date ? Timestamp.fromMillis(invoice.due_date * 1000) : null,
    };
    // The credit spent is off what the invoice asks for: the order's amount, and the open balance.
    // The mirror takes it once (the invoice's webhook may have taken it first); the order takes
    // what Stripe spent.
    if (ledger) stageInvoiceSpent(ledger, { ...issued, id: issued.id! }, orderId);
    const spent = creditSpent;
    const now = Timestamp.now();
    ledger?.write(now);
    const credited =
      spent > 0 ? { amount: current.amount - spent, store_credit_applied: spent } : {};
    if (account && spent > 0 && !paidFirst) {
      tx.set(
        account.ref,
        { open_balance: Math.max(0, account.credit.open_balance - spent) },
        { merge: true },
      );
    }
    tx.update(orderRef, { terms, ...credited, updated_at: now });
    const after = { ...current, terms, ...credited };
    if (spent > 0) applyOrderRollup(tx, db, current, after);
    return after;
  });
  const placed = { ...order, id: orderId };
  const marked = {
    ...placed,
    items: placed.items.map((item) => ({
      ...item,
      restock_date: booked.restockDates.get(item.product_id),
    })),
  };
  await queueMails(db, [
    ...(await termsOrderPlacedMail(ctx, marked)),
    ...(await newOrderMails(ctx, placed)),
  ]);
  log.info('terms_order_placed', {
    orderId,
    companyId: profile.companyId,
    amount,
    invoiceId: invoice.id,
    ...(quote ? { quoteId: quote.id } : {}),
  });
  return answerOf(orderId, order);
}

type Booked =
  | { kind: 'existing'; order: OrderRecord }
  | {
      kind: 'booked';
      netDays: NetDays;
      /** The lines as booked: `backordered` set from the stock. */
      items: OrderLine[];
      /** The restock date of each product as booked, for the mark of a backordered line. */
      restockDates: Map<string, string | null>;
      /** The quote's number (a quote placed on terms). */
      quoteNumber: string | null;
    };

/** The transaction that books the order (see placeOnTerms). */
async function bookOrder(
  tx: Transaction,
  db: Firestore,
  p: {
    orderId: string;
    buyer: Buyer;
    profile: BuyerProfile;
    lines: OrderLine[];
    /** Cents: the goods, the shipping and the sales tax. */
    amount: number;
    tax: OrderTax;
    source: CheckoutSource;
    request: Pick<Request, 'poNumber'>;
    quote?: TermsQuotePlan | undefined;
  },
): Promise<Booked> {
  const orderRef = db.doc(paths.order(p.orderId));
  const existing = readOrder(await tx.get(orderRef));
  if (existing) return { kind: 'existing', order: existing };
  const { ref: creditRef, credit } = await readCredit(tx, db, p.profile.companyId);
  // The order's own shard of each product, when it covers the lines (docs/stock.md).
  const stock = await readStock(
    tx,
    db,
    p.lines.map((line) => line.product_id),
    reserveNeeds(p.orderId, p.lines),
  );
  const writeCart = await readCartLines(tx, db, {
    source: p.source,
    items: p.lines,
    user_id: p.buyer.uid,
  });
  const counter = await readInvoiceCounter(tx, db);
  // A quote's own reads and checks (its state, its lines line by line) come first.
  const quote = p.quote ? await p.quote.alsoBook(tx, stock) : null;

  const problem = termsOrderProblem(credit, p.amount);
  if (problem || !credit.net_days) throw new PreconditionError(problem ?? '');
  // Nothing is held for an order on terms: the plan only checks the stock and says which units
  // a product that takes backorders does not have (they are taken all the same, owed). A quote's
  // lines were sold by a manager: the buyer's hold caps do not apply to them.
  const plan = planReservation(stock, p.lines, {}, {}, { capped: !p.quote });
  if ('short' in plan) throw plan.short ?? new Error('A terms order holds no previous checkout');
  const items = withBackorders(p.lines, plan.backordered);

  const now = Timestamp.now();
  const taken = commitStock(tx, stock, {}, false, p.orderId, items);
  const order: OrderDoc = {
    user_id: p.buyer.uid,
    company_id: p.profile.companyId,
    location_id: p.profile.location?.id ?? null,
    location_name: p.profile.location?.name ?? '',
    placed_by_name: p.quote ? p.quote.placedByName : p.profile.fullName,
    store_name: p.profile.storeName,
    seller_permit_id: p.profile.sellerPermitId,
    items,
    amount: p.amount,
    tax: p.tax,
    currency: 'usd',
    payment_type: 'one_time',
    payment_method: 'terms',
    po_number: p.request.poNumber,
    terms: { net_days: credit.net_days, state: 'issuing' },
    receivable: true,
    status: 'awaiting_payment',
    stripe_session_id: null,
    stripe_payment_intent_id: null,
    created_at: now,
    updated_at: now,
    paid_at: null,
    status_history: [{ status: 'awaiting_payment', at: now, by: p.buyer.uid }],
    ship_to: p.profile.location?.ship_to ?? null,
    invoice_number: allocateInvoiceNumber(tx, counter),
    shipment: null,
    shipments: [],
    // It ships at once, on terms: its backordered lines join the managers' queue now.
    backorder_open: hasOpenBackorder({ status: 'awaiting_payment', items }),
    refunds: [],
    refunded_amount: 0,
    dispute: null,
    source: p.source,
    cart_fingerprint: '',
    stock_taken: taken,
    ...(p.quote && quote
      ? { quote: { id: p.quote.id, number: quote.number }, shipping_charge: p.quote.shippingAmount }
      : {}),
  };
  tx.create(orderRef, order);
  tx.set(creditRef, { open_balance: credit.open_balance + p.amount }, { merge: true });
  writeCart(now);
  // The quote is accepted by this order in the same commit (one order per quote).
  quote?.write({ netDays: credit.net_days, now });
  const record = readOrderDoc(order);
  applyOrderRollup(tx, db, null, record);
  return {
    kind: 'booked',
    netDays: credit.net_days,
    items,
    restockDates: restockDatesOf(stock),
    quoteNumber: quote?.number ?? null,
  };
}

/** The document just written, as a read gives it back (defaults filled). */
function readOrderDoc(order: OrderDoc): OrderRecord {
  return orderDocSchemas.order.parse(order);
}
