import { setTimeout as sleep } from 'node:timers/promises';
import type { Firestore, Timestamp } from 'firebase-admin/firestore';
import Stripe from 'stripe';
import {
  BUYER_ROLES,
  companyRoleCan,
  membershipOf,
  orderTotal,
  orderTotalProblem,
  paths,
  shortOrderId,
  type BuyerRole,
  type CheckoutSource,
  type CreateCheckoutSessionResponse,
  type OrderLine,
  type StandingOrderInterval,
  VIEW_ONLY,
} from '@portal/domain';
import { buyerAccountOpen } from '../accounts/current-approval';
import {
  defaultLocationForOrder,
  locationForOrder,
  type LocationRecord,
} from '../companies/locations';
import { loadProducts } from '../catalog/products';
import { companyPriceIndex } from '../pricing/company-price-lists';
import { NOT_APPROVED } from '../lib/caller';
import type { Context } from '../lib/context';
import { ConcurrentChangeError, NotAllowedError, PreconditionError } from '../lib/errors';
import { log } from '../lib/log';
import type { MailDeps } from '../mail/notifications';
import {
  buyNowQuantity,
  checkoutFingerprint,
  priceLinesOrRefuse,
  readLineRequests,
} from './checkout-lines';
import {
  CHECKOUT_CHANGED,
  claimCheckout,
  openCheckout,
  peekCheckout,
  quoteLockId,
  releaseCheckout,
  type ClaimOptions,
} from './checkout-lock';
import type { CheckoutDoc } from './checkout-record';
import { checkoutSessionParams } from './checkout-session';
import {
  closeCheckout,
  recordCheckoutCompleted,
  recordCheckoutExpired,
} from './checkout-transitions';
import { withBackorders, type StockRefusal } from '../orders/stock';
import {
  customerForCheckout,
  forgetCustomer,
  isMissingCustomer,
  stripeShipping,
} from '../stripe/stripe-customers';
import { recurringPriceIds } from '../standing-orders/recurring-prices';
import { reserveCheckoutCredit } from '../store-credit/checkout-credit';
import type { TaxTreatment } from '../tax/company-certificates';
import { exemptCustomerFor } from '../tax/exempt-customers';
import { taxTreatmentFor } from '../tax/order-tax';
import { useTestClocks } from '../lib/stripe-client';
import { isMissingResource, stripeFailure } from '../stripe/stripe-errors';

/** Who checks out: the tier they buy at is read from their profile, not from the token. */
interface CheckoutBuyer {
  uid: string;
  email?: string | undefined;
}

/** What checkout uses of the context: Firestore, Stripe, the return site and the clock. */
type CheckoutContext = Pick<Context, 'db' | 'stripe' | 'webOrigin' | 'now' | 'auth' | 'env'>;

const MAX_ATTEMPTS = 3;

/** Stripe bills at most 20 items on one subscription. */
const MAX_STANDING_ORDER_LINES = 20;

/** How long a second call waits for a concurrent first call's session. */
const WAIT_FOR_SESSION_MS = 15_000;

export interface BuyerProfile {
  /** The company the checkout is for (docs/companies.md): its Stripe Customer, its order. */
  companyId: string;
  storeName: string;
  sellerPermitId: string;
  /** Who is ordering, by name (the company's members see who placed each order). */
  fullName: string;
  /** The location it ships to (its ship-to pre-fills Checkout), or null when none was chosen. */
  location: LocationRecord | null;
  /**
   * The tier the company buys at, from the profile (a tier move writes it at once), not from the
   * ID token, which may be an hour old (docs/pricing.md#tier-moves).
   */
  role: BuyerRole;
}

/**
 * The approval on the profile document, checked as well as the claims (a token lives an hour),
 * the member's right to order, and the location they order for.
 */
export async function profileOfApprovedBuyer(
  db: Firestore,
  uid: string,
  /** The location named; undefined: the member's first; null: none (Checkout asks). */
  locationId: string | null | undefined,
): Promise<BuyerProfile> {
  const profile = await db.doc(paths.profile(uid)).get();
  const membership = membershipOf(profile.data());
  if (!profile.exists || profile.get('status') !== 'approved' || !membership) {
    throw new NotAllowedError(NOT_APPROVED);
  }
  // Read from the profile, not the token: a role changed since sign-in counts at once.
  if (!companyRoleCan(membership.role, 'order')) throw new NotAllowedError(VIEW_ONLY);
  const member = { uid, ...membership };
  // The location named, or the member's first (Buy Now before any choice); none while the
  // company has none (Checkout asks for the address).
  const location =
    locationId === null
      ? null
      : locationId
        ? await locationForOrder({ db }, member, locationId)
        : await defaultLocationForOrder({ db }, member);
  const text = (field: string) => {
    const value: unknown = profile.get(field);
    return typeof value === 'string' ? value : '';
  };
  const role = BUYER_ROLES.find((r) => r === profile.get('role'));
  if (!role) throw new NotAllowedError(NOT_APPROVED);
  return {
    role,
    companyId: membership.companyId,
    storeName: text('store_name'),
    sellerPermitId: text('seller_permit_id'),
    fullName: text('full_name'),
    location,
  };
}

/**
 * One checkout to open: who checks out, for which company and location, its lines priced on the
 * server, how it is taxed, and what recognises a repeated call for the same purchase. A cart or
 * Buy Now is planned by createCheckout; a quote's lines at its quoted prices by
 * quotes/quote-checkout.ts (`quote`).
 */
export interface CheckoutPlan {
  buyer: CheckoutBuyer;
  profile: BuyerProfile;
  lines: OrderLine[];
  source: CheckoutSource;
  fingerprint: string;
  tax: TaxTreatment;
  /** The expected restock date of each product (a backordered line says so on the session). */
  restockDates: ReadonlyMap<string, string | null>;
  /** The buyer's purchase order number ('' when none). */
  poNumber: string;
  /** A standing order of the cart, delivered every this many weeks (subscription mode). */
  interval?: StandingOrderInterval | undefined;
  /** A quote's checkout: its own lock, hold, shipping charge and record on the quote. */
  quote?: QuoteCheckoutPlan | undefined;
}

/**
 * What a quote's checkout adds (docs/order-lifecycle.md#draft-orders-and-quotes): the lock of the
 * quote (shared by the company's members: one checkout at a time), how long its hold lasts (an
 * hour when a member accepts it, a day for a payment link), its shipping charge on the session,
 * and the record of the checkout on the quote, written in the claim's transaction.
 */
export interface QuoteCheckoutPlan {
  id: string;
  number: string;
  /** Cents: the shipping charge (0: none). */
  shippingAmount: number;
  /** The order's placed_by_name. */
  placedByName: string;
  holdMs: number;
  /** The refusal while another member's checkout pays the quote. */
  busy: () => Error;
  /** The refusal when the quote's session turns out paid already. */
  alreadyPaid: string;
  alsoClaim: NonNullable<ClaimOptions['alsoClaim']>;
}

function newCheckout(plan: CheckoutPlan, now: Timestamp): CheckoutDoc {
  const { buyer, profile, lines, fingerprint, source, interval, tax, quote } = plan;
  return {
    tax_state: tax.state,
    tax_exemption: tax.exemption,
    ...(tax.exemption ? { ship_to: profile.location?.ship_to ?? null } : {}),
    ...(interval ? { interval_weeks: interval, role: profile.role } : {}),
    ...(plan.poNumber ? { po_number: plan.poNumber } : {}),
    ...(quote
      ? { quote: { id: quote.id, number: quote.number }, shipping_amount: quote.shippingAmount }
      : {}),
    user_id: buyer.uid,
    company_id: profile.companyId,
    location_id: profile.location?.id ?? null,
    location_name: profile.location?.name ?? '',
    placed_by_name: quote ? quote.placedByName : profile.fullName,
    store_name: profile.storeName,
    seller_permit_id: profile.sellerPermitId,
    items: lines,
    amount: orderTotal(lines),
    currency: 'usd',
    state: 'open',
    stripe_session_id: null,
    created_at: now,
    updated_at: now,
    cart_fingerprint: fingerprint,
    source,
  };
}

/**
 * createCheckoutSession: prices the buyer's cart (or the minimum quantity of `productId`) on the
 * server, records the checkout attempt, reserving its stock in the same transaction (refused with
 * "Only N left of X." when too little is available; a product that takes backorders holds what
 * is available and marks the rest of its line backordered), and a Stripe Checkout session for all its
 * lines (the buyer's customer, US ship-to and phone collected), and returns the session's URL. A
 * repeated call for the same lines returns the same open session. The order is made when the
 * session completes; a checkout that ends without one releases its stock.
 */
export async function createCheckout(
  buyer: CheckoutBuyer,
  productId: string | undefined,
  ctx: CheckoutContext,
  /** A standing order of the cart, delivered every this many weeks (subscription mode). */
  interval?: StandingOrderInterval,
  /** The company's location it ships to (required once the company has one). */
  locationId?: string,
  /** The buyer's purchase order number, on the order, the session and the payment. */
  poNumber = '',
): Promise<CreateCheckoutSessionResponse> {
  const { db, now } = ctx;
  const [profile, { source, requests: asked }, accountOpen] = await Promise.all([
    profileOfApprovedBuyer(db, buyer.uid, locationId),
    readLineRequests(db, buyer.uid, productId),
    buyerAccountOpen(ctx, buyer.uid),
  ]);
  // A disabled or deleted account's ID token still passes for up to an hour.
  if (!accountOpen) throw new NotAllowedError(NOT_APPROVED);
  // Priced at the company's tier and price lists as they are now (docs/pricing.md).
  const [products, lists] = await Promise.all([
    loadProducts(
      db,
      asked.map((r) => r.product_id),
      profile.role,
    ),
    companyPriceIndex(
      db,
      profile.companyId,
      new Date(now()),
      asked.map((r) => r.product_id),
    ),
  ]);
  // Taxed or exempt (docs/tax.md): decided here, for the location's state on the company's day.
  const tax = await taxTreatmentFor(ctx, profile.companyId, profile.location?.ship_to ?? null);
  const requests = buyNowQuantity(source, asked, products);
  const lines = priceLinesOrRefuse(requests, products, profile.role, source, lists);
  // Refused here, before any checkout exists, rather than by Stripe after one was created.
  const totalProblem = orderTotalProblem(orderTotal(lines));
  if (totalProblem) throw new PreconditionError(`${totalProblem}.`);
  if (interval && lines.length > MAX_STANDING_ORDER_LINES) {
    throw new PreconditionError(
      `A standing order can have at most ${MAX_STANDING_ORDER_LINES} products; your cart has ${lines.length}.`,
    );
  }
  // A standing order of a cart is not the same purchase as buying that cart once.
  // Nor is the same cart for another location.
  const fingerprint =
    checkoutFingerprint(source, lines) +
    (interval ? `|every ${interval} weeks` : '') +
    (profile.location ? `|to ${profile.location.id}` : '') +
    // Another PO number is another purchase: the session (its metadata) carries the number.
    (poNumber ? `|po ${encodeURIComponent(poNumber)}` : '') +
    // An exemption gained or lost since (a certificate approved or expired) is another session.
    (tax.exemption ? `|exempt ${tax.exemption.certificate_id}` : '');
  const restockDates = new Map(
    [...products].map(([id, product]) => [id, product.restock_date] as const),
  );
  const opened = await openCheckoutSession(ctx, {
    buyer,
    profile,
    lines,
    source,
    fingerprint,
    tax,
    restockDates,
    poNumber,
    interval,
  });
  return { url: opened.url, orderId: opened.checkoutId };
}

/**
 * Opens the Checkout Session of a planned checkout (see createCheckout): claims the lock (the
 * buyer's, or the quote's), reserving the stock, and creates the session for the lines, the
 * company's customer (or its exempt one), its store credit and, for a quote, the shipping charge.
 * A repeated call for the same checkout answers its open session (or waits for the concurrent
 * call making it); a previous checkout it replaces is retired.
 */
export async function openCheckoutSession(
  ctx: CheckoutContext,
  plan: CheckoutPlan,
): Promise<{ url: string; checkoutId: string; expiresAt: Date }> {
  const { db, stripe, now } = ctx;
  const { buyer, profile, lines, source, fingerprint, tax, interval, poNumber, quote } = plan;
  const lockId = quote ? quoteLockId(quote.id) : buyer.uid;
  let webOrigin: string;
  try {
    webOrigin = ctx.webOrigin();
  } catch (error) {
    throw stripeFailure('checkout_config_failed', error);
  }

  // The refusal to give when the attempts end while the buyer's previous checkout still holds
  // the stock this one needs (it could not be retired).
  let short: StockRefusal | null = null;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    // Reserves the lines' stock as it creates the checkout, or refuses "Only N left of X.".
    const claim = await claimCheckout(
      db,
      buyer.uid,
      fingerprint,
      (claimedAt) => newCheckout(plan, claimedAt),
      now,
      lines,
      quote
        ? {
            lock: { id: lockId, shared: { busy: quote.busy } },
            holdMs: quote.holdMs,
            capped: false,
            alsoClaim: quote.alsoClaim,
          }
        : {},
    );

    if (claim.kind === 'retire-first') {
      // The buyer's previous checkout (another cart) holds units this one needs: close it first
      // (its session expired at Stripe, its hold released; or, paid meanwhile, made its order).
      short = claim.short;
      await retireCheckout(ctx, stripe, claim.previous);
      continue;
    }

    if (claim.kind === 'reuse') {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe().checkout.sessions.retrieve(claim.sessionId);
      } catch (error) {
        if (!isMissingResource(error)) {
          throw stripeFailure('checkout_session_read_failed', error, { orderId: claim.checkoutId });
        }
        // Stripe no longer knows the session (a restarted local sandbox): close it, retry.
        await closeCheckout(db, claim.checkoutId, 'expired', { withSession: true, stripe });
        continue;
      }
      if (session.status === 'open' && session.url) {
        log.info('checkout_session_reused', {
          uid: buyer.uid,
          orderId: claim.checkoutId,
          sessionId: session.id,
        });
        return { url: session.url, checkoutId: claim.checkoutId, expiresAt: claim.expiresAt };
      }
      if (session.status === 'complete') {
        await recordCheckoutCompleted(ctx, session);
        throw new PreconditionError(
          quote
            ? quote.alreadyPaid
            : `You have already ordered these items (order ${shortOrderId(claim.checkoutId)}).`,
          { orderId: claim.checkoutId },
        );
      }
      // Expired: close that checkout and start a new one.
      await recordCheckoutExpired(db, session, undefined, stripe);
      continue;
    }

    if (claim.kind === 'wait') {
      const published = await waitForSession(db, lockId, claim.checkoutId, now);
      if (published) return { ...published, checkoutId: claim.checkoutId };
      continue;
    }

    // The session ends with the hold: an hour from the buyer's first open checkout (a quote's
    // payment link: a day).
    const expiresAt = claim.holdUntil;
    const checkoutId = claim.checkoutId;
    const newCustomer = (attemptKey: string) =>
      customerForCheckout(
        db,
        stripe(),
        {
          companyId: profile.companyId,
          email: buyer.email,
          storeName: profile.storeName,
          shipTo: profile.location?.ship_to ?? null,
          testClock: useTestClocks(ctx.env),
        },
        attemptKey,
      );
    // The company's customer, its ship-to set to the chosen location so Checkout pre-fills it
    // (the buyer can still correct it there; the order records the address used).
    const companyCustomerFor = async (attemptKey: string) => {
      const customerId = await newCustomer(attemptKey);
      if (!profile.location) return customerId;
      try {
        await stripe().customers.update(customerId, {
          shipping: stripeShipping(profile.location.ship_to),
        });
        return customerId;
      } catch (error) {
        if (!isMissingResource(error)) throw error;
        await forgetCustomer(db, profile.companyId, customerId);
        return newCustomer(`${attemptKey}:again`);
      }
    };
    // An exempt order is the company's exempt customer's for the location's state.
    const exemption = tax.exemption;
    const location = profile.location;
    const customerFor = async (attemptKey: string) => {
      const companyCustomerId = await companyCustomerFor(attemptKey);
      // A card checkout spends the company's store credit (kept on its own customer, whichever
      // customer the session is for); a standing order does not. The first attempt reserves
      // for a checkout this call just made; a retry answers what it reserved.
      const credit = interval
        ? { applied: 0, couponId: null }
        : await reserveCheckoutCredit(ctx, {
            checkoutId,
            companyId: profile.companyId,
            customerId: companyCustomerId,
            goods: orderTotal(lines),
            unreserved: attemptKey === checkoutId,
          });
      if (!exemption || !location) return { customerId: companyCustomerId, credit };
      const exemptId = await exemptCustomerFor(
        ctx,
        {
          companyId: profile.companyId,
          exemption,
          storeName: profile.storeName,
          email: buyer.email,
          shipTo: location.ship_to,
          companyCustomerId,
        },
        attemptKey,
      );
      return { customerId: exemptId, credit };
    };
    const createSession = async () => {
      const [{ customerId, credit }, priceIds] = await Promise.all([
        customerFor(checkoutId),
        // A standing order bills each line with a recurring price made on the server.
        interval
          ? recurringPriceIds(
              stripe(),
              lines.map((line) => ({
                productId: line.product_id,
                name: line.name,
                role: profile.role,
                weeks: interval,
                unitAmount: line.unit_amount,
              })),
            )
          : Promise.resolve(null),
      ]);
      const params = checkoutSessionParams({
        checkoutId,
        uid: buyer.uid,
        // As the checkout records them: backordered lines say so, with the expected restock.
        lines: withBackorders(lines, claim.backordered),
        restockDates: plan.restockDates,
        webOrigin,
        expiresAt,
        customerId,
        poNumber,
        taxExempt: exemption !== null && location !== null,
        storeCreditCoupon: credit.couponId,
        ...(interval && priceIds ? { subscription: { weeks: interval, priceIds } } : {}),
        ...(quote
          ? { quote: { id: quote.id, number: quote.number, shippingAmount: quote.shippingAmount } }
          : {}),
      });
      try {
        return await stripe().checkout.sessions.create(params, { idempotencyKey: checkoutId });
      } catch (error) {
        if (!isMissingCustomer(error)) throw error;
        // Stripe no longer knows the stored customer: make a new one, once.
        await forgetCustomer(db, profile.companyId, customerId);
        const again = `${checkoutId}:again`;
        return stripe().checkout.sessions.create(
          { ...params, customer: (await customerFor(again)).customerId },
          { idempotencyKey: again },
        );
      }
    };
    const [created] = await Promise.all([
      createSession().then(
        (session) => ({ ok: true as const, session }),
        (error: unknown) => ({ ok: false as const, error }),
      ),
      claim.previous ? retireCheckout(ctx, stripe, claim.previous) : Promise.resolve(),
    ]);
    const url = created.ok ? created.session.url : null;
    if (!created.ok || !url) {
      await Promise.all([
        releaseCheckout(db, lockId, checkoutId),
        closeCheckout(db, checkoutId, 'failed', { withSession: false, stripe }),
      ]);
      throw stripeFailure(
        'checkout_session_create_failed',
        created.ok ? new Error('Stripe returned a session without a URL') : created.error,
        { orderId: checkoutId, uid: buyer.uid },
      );
    }
    const { session } = created;
    // When Stripe closes it (the hold's end, to the second).
    const closesAt = new Date(session.expires_at * 1000);
    if (
      !(await openCheckout(db, lockId, checkoutId, { id: session.id, url, expiresAt: closesAt }))
    ) {
      // Another checkout of this buyer (a changed cart in another tab) replaced this one while
      // its session was being created: close the session so it cannot be paid, and the checkout
      // (the newer call closes it too; whichever comes second changes nothing).
      await Promise.all([
        stripe()
          .checkout.sessions.expire(session.id)
          .catch((error: unknown) =>
            log.warn('checkout_session_close_failed', {
              sessionId: session.id,
              error: String(error),
            }),
          ),
        closeCheckout(db, checkoutId, 'replaced', { withSession: true, stripe }),
      ]);
      throw new ConcurrentChangeError(
        'Your cart changed while checkout was being prepared. Try again.',
      );
    }
    log.info('checkout_session_created', {
      uid: buyer.uid,
      orderId: checkoutId,
      sessionId: session.id,
      amount: session.amount_total,
      lines: lines.length,
      source,
      interval: interval ?? null,
      ...(quote ? { quoteId: quote.id } : {}),
    });
    return { url, checkoutId, expiresAt: closesAt };
  }
  if (short) throw short;
  throw new ConcurrentChangeError(CHECKOUT_CHANGED);
}

/** Polls the lock until the concurrent call publishes its session (URL) or gives up (null). */
async function waitForSession(
  db: Firestore,
  lockId: string,
  checkoutId: string,
  now: () => number,
): Promise<{ url: string; expiresAt: Date } | null> {
  const deadline = now() + WAIT_FOR_SESSION_MS;
  while (now() < deadline) {
    await sleep(100);
    const lock = await peekCheckout(db, lockId);
    if (!lock || lock.checkout_id !== checkoutId) return null;
    if (lock.state === 'open' && lock.url) {
      return { url: lock.url, expiresAt: (lock.expires_at ?? lock.claimed_at).toDate() };
    }
  }
  throw new ConcurrentChangeError(
    'A checkout for this cart is still being prepared. Try again in a moment.',
  );
}

/**
 * Closes a session at Stripe. One that is no longer open (it expired on its own, or was paid
 * meanwhile) cannot be expired; it is read instead, so the caller records what happened to it.
 * Also used by the sweep of stale checkouts (stale-checkouts.ts).
 */
export async function expireOrRead(stripe: () => Stripe, sessionId: string) {
  try {
    return await stripe().checkout.sessions.expire(sessionId);
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError) || isMissingResource(error)) {
      throw error;
    }
    return stripe().checkout.sessions.retrieve(sessionId);
  }
}

/**
 * A newer checkout replaces the buyer's previous open one: its session is expired at Stripe (so a
 * stale tab cannot pay it as well) and the checkout marked replaced. One completed in the
 * meantime becomes its order (the same transition as the webhook's): the buyer paid for it.
 */
async function retireCheckout(
  deps: MailDeps,
  stripe: () => Stripe,
  previous: { checkoutId: string; sessionId: string | null },
): Promise<void> {
  const { db } = deps;
  try {
    if (!previous.sessionId) {
      await closeCheckout(db, previous.checkoutId, 'replaced', { withSession: false, stripe });
      return;
    }
    const session = await expireOrRead(stripe, previous.sessionId);
    if (session.status === 'expired') {
      await closeCheckout(db, previous.checkoutId, 'replaced', { withSession: true, stripe });
    } else if (session.status === 'complete') {
      await recordCheckoutCompleted(deps, session);
    }
    log.info('checkout_session_replaced', {
      orderId: previous.checkoutId,
      sessionId: previous.sessionId,
      sessionStatus: session.status,
    });
  } catch (error) {
    log.warn('checkout_session_replace_failed', {
      orderId: previous.checkoutId,
      sessionId: previous.sessionId,
      message: error instanceof Error ? error.message : String(error),
    });
  }
}
