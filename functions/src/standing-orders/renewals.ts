import { createHash } from 'node:crypto';
import {
  Timestamp,
  type DocumentReference,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import type Stripe from 'stripe';
import {
  COLLECTIONS,
  companyOfRecord,
  formatInvoiceNumber,
  hasOpenBackorder,
  nextChargedDelivery,
  paths,
  standingOrderCycleAmount,
  type OrderLine,
  type OrderStatus,
  type StandingOrderStatus,
} from '@portal/domain';
import { applyOrderRollup } from '../insights/sales-rollups';
import { log } from '../lib/log';
import {
  orderPaidMails,
  standingOrderPaymentFailedMail,
  type MailDeps,
} from '../mail/notifications';
import { stageMails } from '../mail/outbox';
import { allocateInvoiceNumber, readInvoiceCounter } from '../orders/invoice-numbers';
import type { OrderRecord } from '../orders/order-record';
import { historyWith, STRIPE_ACTOR } from '../orders/order-transitions';
import {
  commitStock,
  readStock,
  restockDatesOf,
  unheldBackorders,
  withBackorders,
} from '../orders/stock';
import { readEventSeen, recordEvent, type EventRef } from '../stripe/stripe-event-log';
import { orderTaxOfInvoice } from '../tax/order-tax';
import { readStandingOrder, type StandingOrderRecord } from './standing-order-record';
import {
  invoicePeriodEnd,
  linePriceId,
  paymentIntentOfInvoice,
  productIdOfPrice,
  standingOrderIdOf,
  standingOrderOfInvoice,
  toDate,
} from './stripe-objects';
import { creditSpentOn } from '../store-credit/invoice-credit';

/**
 * What Stripe reports about a standing order's subscription, applied once per event: a paid
 * cycle becomes an order (one per invoice), a failed one marks the standing order, a voided one
 * (a skipped or paused cycle) moves its next date, and the subscription's end cancels it.
 */
export interface StandingOrderTransition {
  /** The order (a paid cycle) or standing order the event changed; null when it is not ours. */
  orderId: string | null;
  status: OrderStatus | null;
  outcome: string;
}

type Deps = MailDeps & { stripe: () => Stripe };

/**
 * The event names a standing order this project does not have (another environment sharing the
 * Stripe account, or data deleted here): nothing to record, and retrying will not change that.
 */
export class StandingOrderMissingError extends Error {
  override name = 'StandingOrderMissingError';
}

/** The order of a renewal: one id per Stripe invoice, so a replayed event finds it. */
export function renewalOrderId(invoiceId: string): string {
  return createHash('sha256').update(`invoice:${invoiceId}`).digest('hex').slice(0, 20);
}

const notOurs = (outcome: string): StandingOrderTransition => ({
  orderId: null,
  status: null,
  outcome,
});

/**
 * The lines an invoice charged, as order lines: each Stripe line's price names its product (the
 * prices are ours: recurring-prices.ts), and its amount is what was charged.
 */
async function chargedLines(
  stripe: Stripe,
  invoice: Stripe.Invoice,
  standing: StandingOrderRecord,
): Promise<OrderLine[]> {
  const priceIds = [
    ...new Set(invoice.lines.data.map(linePriceId).filter((id): id is string => !!id)),
  ];
  const prices = new Map(
    await Promise.all(priceIds.map(async (id) => [id, await stripe.prices.retrieve(id)] as const)),
  );
  return invoice.lines.data.map((line) => {
    const priceId = linePriceId(line);
    const price = priceId ? prices.get(priceId) : undefined;
    const productId = price ? productIdOfPrice(price) : null;
    const quantity = line.quantity ?? 0;
    if (!productId || quantity < 1) {
      throw new Error(`Invoice ${invoice.id} line ${line.id} names no product of ours`);
    }
    const known = standing.lines.find((l) => l.product_id === productId);
    const unit_amount = Math.round(line.amount / quantity);
    // The list that priced the line, when Stripe charged the price the standing order set.
    const listed =
      known?.price_list && known.unit_amount === unit_amount && known.tier_unit_amount !== undefined
        ? { price_list: known.price_list, tier_unit_amount: known.tier_unit_amount }
        : {};
    return {
      product_id: productId,
      name: known?.name ?? line.description ?? productId,
      description: '',
      image_url: '',
      unit_amount,
      quantity,
      line_total: line.amount,
      // As renewals have always been recorded: no SKU, sold by the unit.
      sku: '',
      case_pack: 1,
      // Set when the renewal takes its units from stock (a product that takes backorders).
      backordered: 0,
      ...listed,
    };
  });
}

/** In a transaction: the standing order and whether the event was handled before. */
async function readStanding(tx: Transaction, db: Firestore, id: string, event?: EventRef) {
  const seen = await readEventSeen(tx, db, event);
  const ref = db.doc(paths.standingOrder(id));
  const standing = readStandingOrder(await tx.get(ref));
  if (!standing) throw new StandingOrderMissingError(`Standing order ${id} does not exist`);
  return { seen, ref, standing };
}

/**
 * The next cycle's date after this invoice, when it is later than the one stored: events of two
 * cycles handled out of order never move the date back.
 */
/**
 * The frame of the events that change a standing order (not an order): one transaction that
 * reads the standing order and whether the event was handled, answers 'duplicate-event' for a
 * handled one, lets `apply` decide and write, then records the event with the outcome.
 */
function onStandingOrder(
  db: Firestore,
  standingId: string,
  event: EventRef | undefined,
  apply: (
    tx: Transaction,
    read: { ref: DocumentReference; standing: StandingOrderRecord },
  ) => Promise<string> | string,
): Promise<StandingOrderTransition> {
  return db.runTransaction(async (tx) => {
    const { seen, ref, standing } = await readStanding(tx, db, standingId, event);
    if (seen) return { orderId: standingId, status: null, outcome: 'duplicate-event' };
    const outcome = await apply(tx, { ref, standing });
    recordEvent(tx, db, event, { orderId: standingId, sessionId: null, outcome });
    return { orderId: standingId, status: null, outcome };
  });
}

const nextDate = (invoice: Stripe.Invoice, standing: StandingOrderRecord) => {
  const end = invoicePeriodEnd(invoice);
  if (!end) return null;
  const stored = standing.next_delivery_at?.getTime() ?? 0;
  return end * 1000 > stored ? Timestamp.fromDate(toDate(end)) : null;
};

/** A skipped delivery that is now in the past is no longer skipped. */
function skipAfter(standing: StandingOrderRecord, next: Timestamp | null) {
  const skipped = standing.skipped_delivery_at;
  if (!skipped || !next) return {};
  return skipped.getTime() < next.toMillis() ? { skipped_delivery_at: null } : {};
}

/** What an invoice event does to the standing order the invoice is of. */
type InvoiceTransition = (
  deps: Deps,
  invoice: Stripe.Invoice,
  standingId: string,
  event?: EventRef,
) => Promise<StandingOrderTransition>;

/** An invoice event's handler: an invoice of no standing order is not ours. */
function ofStandingOrderInvoice(transition: InvoiceTransition) {
  return async (
    deps: Deps,
    invoice: Stripe.Invoice,
    event?: EventRef,
  ): Promise<StandingOrderTransition> => {
    const standingId = await standingOrderOfInvoice(deps.stripe, invoice);
    if (!standingId) return notOurs('not-a-standing-order');
    return transition(deps, invoice, standingId, event);
  };
}

/**
 * invoice.paid for a renewal (every invoice but a standing order's first, which pays its checkout:
 * checkout/first-invoice.ts). A renewal becomes a new order of the buyer (payment type
 * 'subscription', the lines and amounts Stripe charged, the standing order's ship-to, the next
 * invoice number) exactly once per invoice; its units leave stock; the buyer and managers get the
 * order mails.
 */
export const recordRenewalPaid = ofStandingOrderInvoice(
  async (deps, invoice, standingId, event) => {
    const { db } = deps;
    if (invoice.billing_reason === 'subscription_create') {
      throw new Error(`Invoice ${invoice.id} is a standing order's first: its checkout records it`);
    }
    // Only a cycle is a delivery. Moving the next charge or the interval (trial_end on an
    // active subscription) may make Stripe issue a $0 invoice, reason subscription_update, at
    // once: paid, but no delivery, so no order and no stock taken.
    if (invoice.billing_reason !== 'subscription_cycle') return notOurs('not-a-renewal');

    const preview = readStandingOrder(await db.doc(paths.standingOrder(standingId)).get());
    if (!preview) {
      throw new StandingOrderMissingError(`Standing order ${standingId} does not exist`);
    }
    const [lines, paymentIntentId, tax] = await Promise.all([
      chargedLines(deps.stripe(), invoice, preview),
      // What a refund of this delivery goes to.
      paymentIntentOfInvoice(deps.stripe(), invoice.id),
      // The sales tax Stripe Tax charged, or the certificate its exempt customer stood for.
      orderTaxOfInvoice(
        { ...deps, now: Date.now },
        companyOfRecord(preview),
        preview.ship_to,
        invoice,
      ),
    ]);
    const orderId = renewalOrderId(invoice.id);
    const orderRef = db.collection(COLLECTIONS.orders).doc(orderId);

    return db.runTransaction(async (tx) => {
      const { seen, ref, standing } = await readStanding(tx, db, standingId, event);
      const existing = await tx.get(orderRef);
      if (seen || existing.exists) {
        const status = (existing.get('status') as OrderStatus | undefined) ?? null;
        return { orderId, status, outcome: seen ? 'duplicate-event' : 'already-recorded' };
      }
      const counter = await readInvoiceCounter(tx, db);
      const stock = await readStock(
        tx,
        db,
        lines.map((line) => line.product_id),
      );
      // Charged already, so never refused: a product that takes backorders marks the units its
      // stock does not cover backordered (owed), any other stops at 0 as an oversold one does.
      const marked = withBackorders(lines, unheldBackorders(stock, lines));
      const restockDates = restockDatesOf(stock);
      const amount = invoice.amount_paid;
      const next = nextDate(invoice, standing);
      const writeMails = await stageMails(
        tx,
        db,
        await orderPaidMails(deps, {
          id: orderId,
          user_id: standing.user_id,
          store_name: standing.store_name,
          items: marked.map((line) => ({
            ...line,
            restock_date: restockDates.get(line.product_id),
          })),
          amount,
          tax,
          store_credit_applied: creditSpentOn(invoice),
          ship_to: standing.ship_to,
          invoice_number: formatInvoiceNumber(counter.next),
          standing: {
            interval_weeks: standing.interval_weeks,
            cycle_amount: standingOrderCycleAmount(standing.lines),
            next_charge_at: nextChargedDelivery({
              ...standing,
              next_delivery_at: next?.toDate() ?? standing.next_delivery_at,
            }),
          },
        }),
      );
      const now = Timestamp.now();
      const invoiceNumber = allocateInvoiceNumber(tx, counter);
      writeMails();
      const order: OrderRecord = {
        user_id: standing.user_id,
        company_id: companyOfRecord(standing),
        location_id: standing.location_id,
        location_name: standing.location_name,
        placed_by_name: standing.placed_by_name,
        store_name: standing.store_name,
        seller_permit_id: standing.seller_permit_id,
        items: marked.map((line) => {
          const product = stock.get(line.product_id);
          const image: unknown = product?.get('image_url');
          const description: unknown = product?.get('description');
          return {
            ...line,
            image_url: typeof image === 'string' ? image : '',
            description: typeof description === 'string' ? description : '',
          };
        }),
        amount,
        tax,
        currency: 'usd',
        payment_type: 'subscription',
        payment_method: 'card',
        po_number: '',
        terms: null,
        receivable: false,
        status: 'processing',
        stripe_session_id: null,
        stripe_payment_intent_id: paymentIntentId,
        created_at: now,
        updated_at: now,
        paid_at: now,
        status_history: historyWith([], 'processing', now, STRIPE_ACTOR),
        cart_fingerprint: '',
        source: 'standing_order',
        standing_order_id: standingId,
        stripe_invoice_id: invoice.id,
        ship_to: standing.ship_to,
        invoice_number: invoiceNumber,
        shipment: null,
        shipments: [],
        // Its backordered lines wait for stock: the managers' backorder queue lists the order.
        backorder_open: hasOpenBackorder({ status: 'processing', items: marked }),
        // The store credit Stripe applied to the invoice (already off amount_paid).
        store_credit_applied: creditSpentOn(invoice),
        store_credit_returned: 0,
        shipping_charge: 0,
        claim_credits: [],
        refunds: [],
        refunded_amount: 0,
        dispute: null,
      };
      const taken = commitStock(tx, stock, {}, false, orderId, marked);
      tx.create(orderRef, { ...order, stock_taken: taken });
      applyOrderRollup(tx, db, null, order);
      const status: StandingOrderStatus =
        standing.status === 'payment_failed' ? 'active' : standing.status;
      tx.update(ref, {
        status,
        last_order_id: orderId,
        orders_count: standing.orders_count + 1,
        ...(next ? { next_delivery_at: next } : {}),
        ...skipAfter(standing, next),
        updated_at: now,
      });
      recordEvent(tx, db, event, { orderId, sessionId: null, outcome: 'renewal-paid' });
      return { orderId, status: 'processing', outcome: 'renewal-paid' };
    });
  },
);

/**
 * invoice.payment_failed on a renewal: the standing order shows "Payment failed" (Stripe retries
 * the charge; a later invoice.paid makes the order and clears it) and the buyer gets one mail
 * per failed invoice. The cycle's date moves on as Stripe's period did.
 */
export const recordInvoicePaymentFailed = ofStandingOrderInvoice(
  async (deps, invoice, standingId, event) => {
    const { db } = deps;
    // A declined first payment never completes its Checkout Session: nothing was started.
    if (invoice.billing_reason !== 'subscription_cycle') return notOurs('not-a-renewal');
    const paidOrder = db.collection(COLLECTIONS.orders).doc(renewalOrderId(invoice.id));
    return onStandingOrder(db, standingId, event, async (tx, { ref, standing }) => {
      // The failure reported after a retry of the same invoice was paid: old news.
      if (standing.status === 'cancelled' || (await tx.get(paidOrder)).exists) return 'ignored';
      const writeMails = await stageMails(
        tx,
        db,
        await standingOrderPaymentFailedMail(deps, standing, {
          id: invoice.id,
          amount: invoice.amount_due,
        }),
      );
      const next = nextDate(invoice, standing);
      writeMails();
      tx.update(ref, {
        status: 'payment_failed' satisfies StandingOrderStatus,
        last_payment_failed_at: Timestamp.now(),
        ...(next ? { next_delivery_at: next } : {}),
        ...skipAfter(standing, next),
        updated_at: Timestamp.now(),
      });
      return 'payment-failed';
    });
  },
);

/**
 * invoice.voided: a cycle passed without a charge (the buyer skipped it, or a manager paused the
 * standing order). Its next date moves on; a skip of that cycle is used up.
 */
export const recordInvoiceVoided = ofStandingOrderInvoice(
  async (deps, invoice, standingId, event) => {
    const { db } = deps;
    return onStandingOrder(db, standingId, event, (tx, { ref, standing }) => {
      const next = nextDate(invoice, standing);
      if (standing.status !== 'cancelled' && next) {
        tx.update(ref, {
          next_delivery_at: next,
          ...skipAfter(standing, next),
          updated_at: Timestamp.now(),
        });
      }
      return 'cycle-skipped';
    });
  },
);

/**
 * customer.subscription.deleted: the subscription ended (cancelled here, in the Stripe dashboard,
 * or by Stripe after failed retries): the standing order is cancelled and makes no more orders.
 */
export async function recordSubscriptionEnded(
  deps: Pick<MailDeps, 'db'>,
  subscription: Stripe.Subscription,
  event?: EventRef,
): Promise<StandingOrderTransition> {
  const { db } = deps;
  const standingId = standingOrderIdOf(subscription.metadata);
  if (!standingId) return notOurs('not-a-standing-order');
  return onStandingOrder(db, standingId, event, (tx, { ref, standing }) => {
    if (standing.status !== 'cancelled') {
      const now = Timestamp.now();
      tx.update(ref, {
        status: 'cancelled' satisfies StandingOrderStatus,
        cancelled_at: now,
        next_delivery_at: null,
        skipped_delivery_at: null,
        updated_at: now,
      });
      log.info('standing_order_cancelled', { standingOrderId: standingId, by: 'stripe' });
    }
    return 'cancelled';
  });
}
