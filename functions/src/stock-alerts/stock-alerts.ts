import {
  Timestamp,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
} from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  isBackInStock,
  isOutOfStock,
  MAX_STOCK_ALERTS,
  membershipOf,
  paths,
  productSchema,
  REMOVED_FROM_COMPANY,
  STOCK_ALERT_MESSAGES,
  stockAlertId,
  stockAlertPath,
  stockAlertSchemaOf,
  type AlertProduct,
  type StockAlertRequest,
  type StockAlertResponse,
} from '@portal/domain';
import * as z from 'zod/mini';
import { NOT_APPROVED } from '../lib/caller';
import type { Context } from '../lib/context';
import { NotAllowedError, NotFoundError, PreconditionError } from '../lib/errors';
import { log } from '../lib/log';
import { stageMails } from '../mail/outbox';
import { backInStockMail } from '../mail/stock-alert-mails';

/**
 * Back-in-stock alerts (docs/catalog.md#back-in-stock-alerts). A member subscribes to a product
 * that is out of stock (stock_alerts/{productId}_{uid}); when a write of the product brings it
 * back (isBackInStock), each of its alerts is deleted in the transaction that queues its one
 * mail, keyed by the alert: a replayed trigger finds no alert and queues nothing, a later stock
 * change finds no subscription, and a member who wants the next restock subscribes again.
 */

export type AlertDeps = Pick<Context, 'db' | 'auth' | 'env' | 'now'>;

/** A stored moment, as the Admin SDK reads and writes it. */
const timestamp = z.custom<Timestamp>(
  (value) => value instanceof Timestamp,
  'Expected a Firestore Timestamp',
);
const storedAlertSchema = stockAlertSchemaOf(timestamp);
type StoredAlert = z.output<typeof storedAlertSchema>;

function readAlert(snap: DocumentSnapshot): StoredAlert | null {
  if (!snap.exists) return null;
  const parsed = storedAlertSchema.safeParse(snap.data());
  return parsed.success ? parsed.data : null;
}

const alertRef = (db: Firestore, productId: string, uid: string) =>
  db.doc(stockAlertPath(stockAlertId(productId, uid)));

/** The product as the alerts read it, or null when it does not exist or is malformed. */
export function alertProductOf(
  data: unknown,
): (AlertProduct & { name: string; sku: string }) | null {
  if (data === undefined || data === null) return null;
  const parsed = productSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/** The caller as an approved member of a company (any role: the mail only informs). */
async function memberOf(db: Firestore, uid: string) {
  const profile = (await db.doc(paths.profile(uid)).get()).data();
  if (profile?.status !== 'approved') throw new NotAllowedError(NOT_APPROVED);
  const membership = membershipOf(profile);
  if (!membership) throw new NotAllowedError(REMOVED_FROM_COMPANY);
  return membership;
}

async function addressOf(deps: Pick<Context, 'auth'>, uid: string): Promise<string> {
  const email = await deps.auth.getUser(uid).then(
    (user) => (user.disabled ? undefined : user.email),
    () => undefined,
  );
  if (!email) throw new PreconditionError(STOCK_ALERT_MESSAGES.noEmail);
  return email;
}

/**
 * subscribeStockAlert: the caller's alert for an active, stock-tracked product that is out of
 * stock now. Subscribing again is answered the same and changes nothing. Refused: an unknown
 * product, an inactive one, one that can be ordered now (in stock, not tracked, or taking
 * backorders), and a caller with MAX_STOCK_ALERTS alerts already.
 */
export async function subscribeStockAlert(
  deps: AlertDeps,
  uid: string,
  input: StockAlertRequest,
): Promise<StockAlertResponse> {
  const { db } = deps;
  const membership = await memberOf(db, uid);
  const email = await addressOf(deps, uid);
  const productRef = db.doc(paths.product(input.productId));
  const ref = alertRef(db, input.productId, uid);
  const mine = db
    .collection(COLLECTIONS.stockAlerts)
    .where('uid', '==', uid)
    .limit(MAX_STOCK_ALERTS)
    .select();
  const created = await db.runTransaction(async (tx) => {
    const [productSnap, alertSnap] = await tx.getAll(productRef, ref);
    const product = productSnap!.exists ? alertProductOf(productSnap!.data()) : null;
    if (!product) throw new NotFoundError(STOCK_ALERT_MESSAGES.notFound);
    if (!product.is_active) throw new PreconditionError(STOCK_ALERT_MESSAGES.inactive);
    if (alertSnap!.exists) return false;
    if (!isOutOfStock(product)) throw new PreconditionError(STOCK_ALERT_MESSAGES.inStock);
    if ((await tx.get(mine)).size >= MAX_STOCK_ALERTS) {
      throw new PreconditionError(STOCK_ALERT_MESSAGES.tooMany);
    }
    tx.create(ref, {
      product_id: input.productId,
      product_name: product.name,
      sku: product.sku,
      uid,
      company_id: membership.companyId,
      email,
      created_at: Timestamp.fromMillis(deps.now()),
    });
    return true;
  });
  if (created) log.info('stock_alert_created', { productId: input.productId, uid });
  return { productId: input.productId, subscribed: true };
}

/**
 * unsubscribeStockAlert: deletes the caller's own alert for the product; none is answered the
 * same. Any signed-in account may remove its own alert (one that lost its approval too).
 */
export async function unsubscribeStockAlert(
  deps: Pick<Context, 'db'>,
  uid: string,
  input: StockAlertRequest,
): Promise<StockAlertResponse> {
  const ref = alertRef(deps.db, input.productId, uid);
  const existed = await deps.db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (snap.exists) tx.delete(ref);
    return snap.exists;
  });
  if (existed) log.info('stock_alert_deleted', { productId: input.productId, uid });
  return { productId: input.productId, subscribed: false };
}

export interface RestockOutcome {
  /** Alerts of the product the write found. */
  alerts: number;
  /** Mails queued (one per alert of a member who may still hear of it). */
  mailed: number;
}

/** The member's store name for the greeting, and whether they may still hear of the alert. */
async function recipientOf(db: Firestore, alert: StoredAlert) {
  const profile = (await db.doc(paths.profile(alert.uid)).get()).data();
  const membership = membershipOf(profile);
  const current = profile?.status === 'approved' && membership?.companyId === alert.company_id;
  const storeName = typeof profile?.store_name === 'string' ? profile.store_name : '';
  return { current, storeName };
}

/**
 * One alert of a product back in stock: its mail queued and the alert deleted in one
 * transaction (0 when the alert was already gone or replaced). A member who may no longer hear of
 * it loses the alert without a mail; when the mail of a member who may could not be made (their
 * address could not be read just now), the alert is kept (null) rather than used up unheard.
 */
async function mailOneAlert(
  deps: AlertDeps,
  ref: DocumentReference,
  alert: StoredAlert,
  productId: string,
  product: { name: string; sku: string },
): Promise<number | null> {
  const { db } = deps;
  const recipient = await recipientOf(db, alert);
  const mails = recipient.current
    ? await backInStockMail(deps, {
        alertId: ref.id,
        createdAtMs: alert.created_at.toMillis(),
        uid: alert.uid,
        productId,
        productName: product.name,
        sku: product.sku,
        storeName: recipient.storeName,
      })
    : [];
  if (recipient.current && mails.length === 0) return null;
  return db.runTransaction(async (tx) => {
    const fresh = readAlert(await tx.get(ref));
    // Gone (already mailed) or replaced by a later subscription: not this alert's restock.
    if (!fresh || !fresh.created_at.isEqual(alert.created_at)) return 0;
    const writeMails = await stageMails(tx, db, mails, { now: deps.now() });
    writeMails();
    tx.delete(ref);
    return mails.length;
  });
}

/**
 * A product was written: when the write brought it back in stock, each alert of the product
 * (made before the write, `at`) is deleted and its mail queued, in one transaction per alert. An
 * alert of a member who is no longer approved, or no longer in the company they subscribed from,
 * is deleted without a mail.
 */
export async function mailBackInStock(
  deps: AlertDeps,
  productId: string,
  before: unknown,
  after: unknown,
  at: number = deps.now(),
): Promise<RestockOutcome> {
  const was = alertProductOf(before);
  const now = alertProductOf(after);
  if (!isBackInStock(was, now) || !now) return { alerts: 0, mailed: 0 };
  const { db } = deps;
  const alerts = await db
    .collection(COLLECTIONS.stockAlerts)
    .where('product_id', '==', productId)
    .get();
  let mailed = 0;
  let kept = 0;
  for (const doc of alerts.docs) {
    const alert = readAlert(doc);
    if (!alert || alert.created_at.toMillis() > at) continue;
    try {
      const queued = await mailOneAlert(deps, doc.ref, alert, productId, now);
      if (queued === null) kept += 1;
      else mailed += queued;
    } catch (error) {
      // One alert's failure (contention, a read that failed) leaves it for the next restock and
      // never stops the others.
      kept += 1;
      log.error('back_in_stock_alert_failed', {
        productId,
        alertId: doc.id,
        message: error instanceof Error ? error.message : String(error),
      });
    }
  }
  if (alerts.size > 0) {
    log.info('back_in_stock_alerts', { productId, alerts: alerts.size, mailed, kept });
  }
  return { alerts: alerts.size, mailed };
}
