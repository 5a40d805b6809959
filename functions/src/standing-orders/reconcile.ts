import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import type Stripe from 'stripe';
import {
  COLLECTIONS,
  companyLinePrice,
  orderableUnits,
  takesBackorders,
  paths,
  quantityProblem,
  type AppliedEntry,
  type CatalogProduct,
  type Product,
  type StandingOrderLine,
  type StandingOrderStatus,
  MAX_HISTORY_ENTRIES,
  type StandingOrderChangeAction,
} from '@portal/domain';
import { loadProducts } from '../catalog/products';
import { companyById } from '../companies/company-record';
import { companyPriceIndex } from '../pricing/company-price-lists';
import type { Context } from '../lib/context';
import { NotFoundError, PreconditionError } from '../lib/errors';
import { isPreconditionFailure } from '../lib/firestore-errors';
import { log } from '../lib/log';
import { stripeFailure } from '../stripe/stripe-errors';
import { recurringPriceIds } from './recurring-prices';
import { readStandingOrder, type StandingOrderRecord } from './standing-order-record';
import { productIdOfPrice, subscriptionPeriodEnd } from './stripe-objects';

/**
 * Keeps a standing order's subscription billing what the next delivery should be: each line at
 * the server's current price for the buyer's role and quantity (a price change applies from the
 * next cycle: Stripe bills the new price at the next renewal, never the past one), and a line
 * whose product is no longer sold, has no price for the role, or has fewer whole cases on hand
 * than the line needs is paused with a notice instead of charged (its subscription item removed;
 * it comes back by itself once the product is available again). When every line is paused, or a
 * manager paused the standing order, cycles pass without a charge (pause_collection: void); a
 * skipped delivery does the same for one cycle only (resumes_at just after it).
 */

export type ReconcileContext = Pick<Context, 'db' | 'stripe'>;

export interface Intent {
  /** product id → units, from the next cycle (set_quantities). */
  quantities?: Readonly<Record<string, number>>;
  /** The products and units from the next cycle: added, removed, changed (set_lines). */
  lines?: ReadonlyArray<{ productId: string; quantity: number }>;
  /** The interval from the next cycle (set_interval): the next delivery date stays. */
  intervalWeeks?: number;
  /** The next delivery's new date (set_next_delivery): Stripe's trial_end moves the charge. */
  nextDeliveryAt?: Timestamp;
  /** The end of a buyer's pause (pause_weeks), or null to resume. */
  pausedUntil?: Timestamp | null;
  /** The entry the change adds to the standing order's history. */
  history?: { by: string; action: StandingOrderChangeAction; text: string };
  /** The delivery to skip (its date), or null to skip none. */
  skippedDeliveryAt?: Timestamp | null;
  pausedByManager?: boolean;
}

/** The company's tier and price lists a standing order is priced with (docs/pricing.md). */
interface Pricing {
  role: StandingOrderRecord['role'];
  lists: ReadonlyMap<string, readonly AppliedEntry[]>;
}

/**
 * The line as the next cycle delivers it: its price (the tier's or a price list's, recorded as
 * on order lines) and why it is paused, or null when it is delivered.
 */
function lineState(
  line: StandingOrderLine,
  product: Product | CatalogProduct | undefined,
  pricing: Pricing,
): StandingOrderLine {
  const { price_list: _list, tier_unit_amount: _tier, ...bare } = line;
  if (!product || !product.is_active) return { ...line, paused_reason: 'inactive' };
  const price = companyLinePrice(
    product,
    pricing.role,
    line.quantity,
    pricing.lists.get(line.product_id),
  );
  if (price === null) return { ...line, paused_reason: 'no_price' };
  const priced: StandingOrderLine = {
    ...bare,
    unit_amount: price.unit_amount,
    ...(price.price_list
      ? { price_list: price.price_list, tier_unit_amount: price.tier_unit_amount }
      : {}),
    paused_reason: null,
  };
  // On hand, not minus reservations: an open checkout that may never be paid does not pause it.
  // A product that takes backorders is never paused for stock: the renewal backorders the units.
  if (
    product.stock_on_hand !== null &&
    !takesBackorders(product) &&
    orderableUnits(product.stock_on_hand, product) < line.quantity
  ) {
    return { ...priced, paused_reason: 'out_of_stock' };
  }
  return priced;
}

/**
 * The tier and lists a standing order is priced with now: its company's (a tier move or a list
 * applies from the next cycle), or the role it was started with before companies.
 */
async function pricingOf(
  db: Firestore,
  standing: StandingOrderRecord,
  productIds: readonly string[],
): Promise<Pricing> {
  if (!standing.company_id) return { role: standing.role, lists: new Map() };
  const [company, lists] = await Promise.all([
    companyById(db, standing.company_id),
    companyPriceIndex(db, standing.company_id, new Date(), productIds),
  ]);
  return { role: company?.businessType ?? standing.role, lists };
}

const sameLines = (a: readonly StandingOrderLine[], b: readonly StandingOrderLine[]) =>
  a.length === b.length &&
  a.every(
    (line, i) =>
      line.quantity === b[i]!.quantity &&
      line.unit_amount === b[i]!.unit_amount &&
      line.paused_reason === b[i]!.paused_reason &&
      line.price_list?.id === b[i]!.price_list?.id,
  );

type PauseCollection = Stripe.SubscriptionUpdateParams.PauseCollection | '';

function pauseCollectionFor(
  pausedByManager: boolean,
  allPaused: boolean,
  skipped: Timestamp | null,
  pausedUntil: Timestamp | null = null,
): PauseCollection {
  if (pausedByManager || allPaused) return { behavior: 'void' };
  // Resumes just after the skipped cycle: that cycle's invoice is voided, the next one charged.
  const afterSkip = skipped ? Math.floor(skipped.toMillis() / 1000) + 3600 : 0;
  // A buyer's pause: every cycle before its end is voided, the first on or after it charged.
  const afterPause = pausedUntil ? Math.floor(pausedUntil.toMillis() / 1000) : 0;
  const resumesAt = Math.max(afterSkip, afterPause);
  if (resumesAt > 0) return { behavior: 'void', resumes_at: resumesAt };
  return '';
}

function samePause(current: Stripe.Subscription.PauseCollection | null, wanted: PauseCollection) {
  if (wanted === '') return current === null;
  return (
    current !== null &&
    current.behavior === wanted.behavior &&
    (current.resumes_at ?? null) === (wanted.resumes_at ?? null)
  );
}

/** The quantities asked for, checked against the lines and each product's case pack and minimum. */
function applyQuantities(
  standing: StandingOrderRecord,
  quantities: Readonly<Record<string, number>>,
  products: ReadonlyMap<string, Product | CatalogProduct>,
): StandingOrderLine[] {
  for (const productId of Object.keys(quantities)) {
    if (!standing.lines.some((line) => line.product_id === productId)) {
      throw new PreconditionError(`Product ${productId} is not in this standing order.`, {
        productId,
      });
    }
  }
  return standing.lines.map((line) => {
    const quantity = quantities[line.product_id];
    if (quantity === undefined || quantity === line.quantity) return line;
    const product = products.get(line.product_id);
    if (product) {
      const problem = quantityProblem(product.name, quantity, product);
      if (problem) throw new PreconditionError(`${problem}.`, { productId: line.product_id });
    }
    return { ...line, quantity };
  });
}

/**
 * The lines asked for (set_lines): a product kept keeps its line (its paused state is rechecked),
 * a new one must be sold, priced for the company, in whole cases and at least its minimum; a
 * changed quantity is checked the same way. Refused with a clear message, nothing changed.
 */
function applyLines(
  standing: StandingOrderRecord,
  asked: ReadonlyArray<{ productId: string; quantity: number }>,
  products: ReadonlyMap<string, Product | CatalogProduct>,
  pricing: Pricing,
): StandingOrderLine[] {
  const current = new Map(standing.lines.map((line) => [line.product_id, line] as const));
  return asked.map(({ productId, quantity }) => {
    const line = current.get(productId);
    if (line && line.quantity === quantity) return line;
    const product = products.get(productId);
    if (!product || !product.is_active) {
      throw new PreconditionError(
        line
          ? `${line.name} is no longer sold: remove it or keep its quantity.`
          : 'That product is not sold any more.',
        { productId },
      );
    }
    if (companyLinePrice(product, pricing.role, quantity, pricing.lists.get(productId)) === null) {
      throw new PreconditionError(`${product.name} has no price for your account yet.`, {
        productId,
      });
    }
    const problem = quantityProblem(product.name, quantity, product);
    if (problem) throw new PreconditionError(`${problem}.`, { productId });
    if (line) return { ...line, quantity };
    return {
      product_id: productId,
      name: product.name,
      sku: typeof product.sku === 'string' ? product.sku : '',
      quantity,
      unit_amount: 0,
      paused_reason: null,
    };
  });
}

/**
 * Reprices and rechecks a standing order, applies `intent`, brings its Stripe subscription in
 * line (items and pause, proration none: changes bill from the next cycle) and then writes the
 * standing order. Nothing is written when Stripe refuses. Returns the standing order as written.
 */
export async function reconcileStandingOrder(
  ctx: ReconcileContext,
  standingOrderId: string,
  intent: Intent = {},
): Promise<StandingOrderRecord> {
  // The write is conditional on the document being as read: a webhook that changed it meanwhile
  // (a renewal, a cancellation) is never undone; the reconcile runs again on what it wrote.
  for (let attempt = 1; ; attempt++) {
    try {
      return await reconcileOnce(ctx, standingOrderId, intent);
    } catch (error) {
      if (!(error instanceof StaleReadError) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}

const MAX_ATTEMPTS = 4;

/** The standing order changed between the read and the write. */
class StaleReadError extends Error {
  override name = 'StaleReadError';
}

async function reconcileOnce(
  ctx: ReconcileContext,
  standingOrderId: string,
  intent: Intent,
): Promise<StandingOrderRecord> {
  const { db } = ctx;
  const ref = db.doc(paths.standingOrder(standingOrderId));
  const snap = await ref.get();
  const standing = readStandingOrder(snap);
  if (!standing) throw new NotFoundError('Standing order not found.');
  if (standing.status === 'cancelled') return standing;

  const productIds = [
    ...new Set([...standing.product_ids, ...(intent.lines ?? []).map((line) => line.productId)]),
  ];
  const pricing = await pricingOf(db, standing, productIds);
  const products = await loadProducts(db, productIds, pricing.role);
  const requested = intent.lines
    ? applyLines(standing, intent.lines, products, pricing)
    : intent.quantities
      ? applyQuantities(standing, intent.quantities, products)
      : standing.lines;
  const intervalWeeks = intent.intervalWeeks ?? standing.interval_weeks;
  const storedPause = standing.paused_until ? Timestamp.fromDate(standing.paused_until) : null;
  // A pause whose end has passed is over.
  const pausedUntil =
    intent.pausedUntil !== undefined
      ? intent.pausedUntil
      : storedPause && storedPause.toMillis() > Date.now()
        ? storedPause
        : null;
  const lines: StandingOrderLine[] = requested.map((line) =>
    lineState(line, products.get(line.product_id), pricing),
  );
  const pausedByManager = intent.pausedByManager ?? standing.paused_by_manager;
  const storedSkip = standing.skipped_delivery_at
    ? Timestamp.fromDate(standing.skipped_delivery_at)
    : null;
  // A skip whose delivery has passed is used up (its invoice was voided).
  const skippedDate =
    intent.skippedDeliveryAt !== undefined
      ? intent.skippedDeliveryAt
      : storedSkip && storedSkip.toMillis() > Date.now()
        ? storedSkip
        : null;
  const allPaused = lines.every((line) => line.paused_reason !== null);
  const status: StandingOrderStatus =
    pausedByManager || allPaused
      ? 'paused'
      : standing.status === 'paused'
        ? 'active'
        : standing.status;

  const unchanged =
    sameLines(lines, standing.lines) &&
    intervalWeeks === standing.interval_weeks &&
    (pausedUntil?.toMillis() ?? null) === (standing.paused_until?.getTime() ?? null) &&
    pricing.role === standing.role &&
    pausedByManager === standing.paused_by_manager &&
    (skippedDate?.toMillis() ?? null) === (standing.skipped_delivery_at?.getTime() ?? null) &&
    status === standing.status;
  // A buyer's or manager's request always checks Stripe too: a change that reached Stripe but
  // not Firestore (a failed write) is repaired by asking again.
  const asked = Object.keys(intent).length > 0;
  if (unchanged && !asked) return standing;

  if (standing.stripe_subscription_id) {
    try {
      await syncSubscription(
        ctx.stripe(),
        { ...standing, role: pricing.role, interval_weeks: intervalWeeks },
        lines,
        {
          pause: pauseCollectionFor(pausedByManager, allPaused, skippedDate, pausedUntil),
          ...(intent.nextDeliveryAt
            ? { trialEnd: Math.floor(intent.nextDeliveryAt.toMillis() / 1000) }
            : {}),
        },
      );
    } catch (error) {
      throw stripeFailure('standing_order_sync_failed', error, { standingOrderId });
    }
  }
  const now = Timestamp.now();
  const history = intent.history
    ? [
        ...standing.history.map((entry) => ({ ...entry, at: Timestamp.fromDate(entry.at) })),
        { at: now, ...intent.history },
      ].slice(-MAX_HISTORY_ENTRIES)
    : undefined;
  try {
    await ref.update(
      {
        lines,
        product_ids: lines.map((line) => line.product_id),
        role: pricing.role,
        interval_weeks: intervalWeeks,
        status,
        paused_by_manager: pausedByManager,
        paused_until: pausedUntil,
        skipped_delivery_at: skippedDate,
        ...(intent.nextDeliveryAt ? { next_delivery_at: intent.nextDeliveryAt } : {}),
        ...(history ? { history } : {}),
        updated_at: now,
      },
      { lastUpdateTime: snap.updateTime! },
    );
  } catch (error) {
    if (isPreconditionFailure(error)) throw new StaleReadError(standingOrderId);
    throw error;
  }
  log.info('standing_order_reconciled', {
    standingOrderId,
    status,
    paused: lines.filter((line) => line.paused_reason).map((line) => line.product_id),
  });
  return {
    ...standing,
    role: pricing.role,
    lines,
    product_ids: lines.map((line) => line.product_id),
    interval_weeks: intervalWeeks,
    status,
    paused_by_manager: pausedByManager,
    paused_until: pausedUntil?.toDate() ?? null,
    skipped_delivery_at: skippedDate?.toDate() ?? null,
    next_delivery_at: intent.nextDeliveryAt?.toDate() ?? standing.next_delivery_at,
    ...(history ? { history: history.map((entry) => ({ ...entry, at: entry.at.toDate() })) } : {}),
    updated_at: now.toDate(),
  };
}

/**
 * Makes the subscription's items the delivered lines at their prices (recurring prices made or
 * reused on the server) and its pause what the standing order says. Stripe refuses a subscription
 * without items, so when every line is paused the items stay and the cycles are paused instead.
 */
async function syncSubscription(
  stripe: Stripe,
  standing: StandingOrderRecord,
  lines: readonly StandingOrderLine[],
  options: { pause: PauseCollection; trialEnd?: number },
): Promise<void> {
  const subscriptionId = standing.stripe_subscription_id!;
  const subscription = await stripe.subscriptions.retrieve(subscriptionId);
  const itemOf = new Map(
    subscription.items.data.map((item) => [productIdOfPrice(item.price), item] as const),
  );
  const delivered = lines.filter((line) => line.paused_reason === null);
  // Only a line whose item is missing or bills another amount needs a price looked up.
  const billedRight = (line: StandingOrderLine) => {
    const item = itemOf.get(line.product_id);
    return (
      item !== undefined &&
      item.quantity === line.quantity &&
      item.price.unit_amount === line.unit_amount &&
      item.price.recurring?.interval_count === standing.interval_weeks
    );
  };
  const changed = delivered.filter((line) => !billedRight(line));
  const priceIds = await recurringPriceIds(
    stripe,
    changed.map((line) => ({
      productId: line.product_id,
      name: line.name,
      role: standing.role,
      weeks: standing.interval_weeks,
      unitAmount: line.unit_amount,
    })),
  );
  const items: Stripe.SubscriptionUpdateParams.Item[] = [];
  if (delivered.length > 0) {
    changed.forEach((line, index) => {
      const price = priceIds[index]!;
      const item = itemOf.get(line.product_id);
      if (!item) items.push({ price, quantity: line.quantity });
      else items.push({ id: item.id, price, quantity: line.quantity });
    });
    for (const line of lines) {
      const item = itemOf.get(line.product_id);
      if (line.paused_reason !== null && item) items.push({ id: item.id, deleted: true });
    }
    // A product taken off the standing order (set_lines): its item goes.
    const named = new Set(lines.map((line) => line.product_id));
    for (const item of subscription.items.data) {
      const productId = productIdOfPrice(item.price);
      if (productId !== null && !named.has(productId)) items.push({ id: item.id, deleted: true });
    }
  }
  const pauseChanged = !samePause(subscription.pause_collection, options.pause);
  // A new interval would make Stripe charge at once and restart the cycle from today; a trial to
  // the current period's end keeps the next charge where it was (docs/standing-orders.md).
  const intervalMoves =
    items.length > 0 &&
    subscription.items.data.some(
      (item) => item.price.recurring?.interval_count !== standing.interval_weeks,
    );
  const trialEnd =
    options.trialEnd ?? (intervalMoves ? subscriptionPeriodEnd(subscription) : null) ?? undefined;
  if (items.length === 0 && !pauseChanged && trialEnd === undefined) return;
  await stripe.subscriptions.update(subscriptionId, {
    ...(items.length > 0 ? { items } : {}),
    ...(items.length > 0 || trialEnd !== undefined ? { proration_behavior: 'none' } : {}),
    ...(trialEnd !== undefined ? { trial_end: trialEnd } : {}),
    ...(pauseChanged ? { pause_collection: options.pause } : {}),
  });
}

/**
 * The standing orders a product change may touch (they name the product and still run), each
 * reconciled; one that fails is logged and left for the next change or call.
 */
export async function reconcileStandingOrdersOfProduct(
  ctx: ReconcileContext,
  productId: string,
): Promise<{ checked: number; failed: number }> {
  return reconcileEach(ctx, await standingOrdersNaming(ctx.db, productId), { productId });
}

/**
 * The running standing orders of companies whose prices changed (a price list saved or deleted,
 * a tier move), each repriced from its next cycle (the write's trigger mails the buyer the new
 * prices: mail/standing-order-mails.ts); one that fails is logged and left for the next change
 * or call.
 */
export async function reconcileStandingOrdersOfCompanies(
  ctx: ReconcileContext,
  companyIds: readonly string[],
): Promise<{ checked: number; failed: number }> {
  const ids: string[] = [];
  for (const companyId of new Set(companyIds)) {
    const snap = await ctx.db
      .collection(COLLECTIONS.standingOrders)
      .where('company_id', '==', companyId)
      .get();
    ids.push(...snap.docs.filter((doc) => doc.get('status') !== 'cancelled').map((doc) => doc.id));
  }
  return reconcileEach(ctx, ids, { companies: companyIds.length });
}

async function reconcileEach(
  ctx: ReconcileContext,
  ids: readonly string[],
  about: Record<string, string | number>,
): Promise<{ checked: number; failed: number }> {
  let failed = 0;
  for (const id of ids) {
    try {
      await reconcileStandingOrder(ctx, id);
    } catch (error) {
      failed += 1;
      log.error('standing_order_reconcile_failed', {
        standingOrderId: id,
        ...about,
        message: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return { checked: ids.length, failed };
}

async function standingOrdersNaming(db: Firestore, productId: string): Promise<string[]> {
  const snap = await db
    .collection(COLLECTIONS.standingOrders)
    .where('product_ids', 'array-contains', productId)
    .get();
  return snap.docs.filter((doc) => doc.get('status') !== 'cancelled').map((doc) => doc.id);
}
