import type { DocumentSnapshot } from 'firebase-admin/firestore';
import type { Change, FirestoreEvent } from 'firebase-functions/v2/firestore';
import { createContext, type Context } from '../lib/context';
import { log } from '../lib/log';
import { standingOrderChangeMails } from '../mail/standing-order-mails';
import { queueMails } from '../mail/outbox';
import { closeCheckoutsOfBuyer } from '../checkout/buyer-checkouts';
import { cancelStandingOrdersOfBuyer } from '../standing-orders/manage';
import { reconcileStandingOrdersOfProduct } from '../standing-orders/reconcile';
import { readStandingOrder } from '../standing-orders/standing-order-record';

/** The fields of a product or wholesale price that a standing order's next cycle depends on. */
const WATCHED = [
  'name',
  'is_active',
  'price_retailer',
  'price_wholesaler',
  'price_breaks',
  'case_pack',
  'min_quantity',
  'stock_on_hand',
] as const;

type Snapshot = Pick<DocumentSnapshot, 'exists' | 'get'>;

/**
 * Whether a write can change what a standing order is charged: not a new product (no standing
 * order names it yet), nor a write of other fields (stock_reserved moves with every checkout).
 */
export function mattersToStandingOrders(change: Change<Snapshot> | undefined): boolean {
  if (!change) return true;
  if (!change.before.exists) return false;
  if (!change.after.exists) return true;
  return WATCHED.some(
    (field) =>
      JSON.stringify(change.before.get(field) ?? null) !==
      JSON.stringify(change.after.get(field) ?? null),
  );
}

/**
 * A product or its wholesale price changed (price, active, stock on hand): the standing orders
 * that name it are repriced and rechecked for their next cycle (standing-orders/reconcile.ts).
 */
export async function productChangedHandler(
  event: Pick<FirestoreEvent<Change<Snapshot> | undefined, { productId: string }>, 'params'> & {
    data?: Change<Snapshot> | undefined;
  },
): Promise<void> {
  if (!mattersToStandingOrders(event.data)) return;
  const { productId } = event.params;
  const result = await reconcileStandingOrdersOfProduct(createContext(), productId);
  if (result.checked > 0) log.info('standing_orders_product_checked', { productId, ...result });
}

/**
 * A profile changed: when a buyer loses their approval (rejected by a manager or the claims
 * command line) or their company (removed from it, or leaving: removeMember), their open
 * checkouts are closed, their stock released and the old Checkout URLs made unpayable
 * (checkout/buyer-checkouts.ts). A rejected buyer's open standing orders are cancelled too, so
 * that nothing more is charged or shipped to them; a removed member's stay the company's.
 */
export async function profileChangedHandler(
  event: Pick<
    FirestoreEvent<Change<Pick<DocumentSnapshot, 'get'>> | undefined, { uid: string }>,
    'params' | 'data'
  >,
): Promise<void> {
  const before: unknown = event.data?.before.get('status');
  const after: unknown = event.data?.after.get('status');
  const { uid } = event.params;
  const companyBefore: unknown = event.data?.before.get('company_id');
  const leftCompany =
    typeof companyBefore === 'string' &&
    companyBefore !== '' &&
    event.data?.after.get('company_id') !== companyBefore;
  if (before === 'approved' && (after !== 'approved' || leftCompany)) {
    const closed = await closeCheckoutsOfBuyer(createContext(), uid);
    if (closed > 0) {
      log.info('checkouts_closed_on_access_lost', { uid, closed, status: after, leftCompany });
    }
  }
  if (after !== 'rejected' || before === 'rejected') return;
  const cancelled = await cancelStandingOrdersOfBuyer(createContext(), uid, 'system:rejected');
  if (cancelled > 0) log.info('standing_orders_cancelled_on_rejection', { uid, cancelled });
}

/**
 * A standing order was written: the buyer (and the managers, for a cancellation or a new total)
 * hear of a skip, an undone skip, new quantities, new prices (the buyer only) or a cancellation,
 * whoever made it (mail/standing-order-mails.ts). The keys name the write, so the platform running the trigger
 * again for the same write queues nothing new. A mail that cannot be built is logged; the change
 * stands.
 */
export async function standingOrderChangedHandler(
  event: Pick<
    FirestoreEvent<Change<DocumentSnapshot> | undefined, { standingOrderId: string }>,
    'params' | 'data'
  >,
  ctx: Pick<Context, 'db' | 'auth' | 'env'> = createContext(),
): Promise<number> {
  const { standingOrderId } = event.params;
  try {
    const before = event.data ? readStandingOrder(event.data.before) : null;
    const after = event.data ? readStandingOrder(event.data.after) : null;
    if (!before || !after) return 0;
    const mails = await standingOrderChangeMails(ctx, before, after);
    if (mails.length === 0) return 0;
    const queued = await queueMails(ctx.db, mails);
    log.info('standing_order_mails_queued', {
      standingOrderId,
      kinds: mails.map((mail) => mail.kind),
      queued,
    });
    return queued;
  } catch (error) {
    log.error('mail_not_queued', {
      mailEvent: 'standing-order-changed',
      standingOrderId,
      message: error instanceof Error ? error.message : String(error),
    });
    return 0;
  }
}
