import { AggregateField, type DocumentData } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  isBuyerRole,
  PAID_ORDER_STATUSES,
  paths,
  type StoreDetailsResponse,
  type StoreHistoryEntry,
  formatUsd,
  isNetDays,
} from '@portal/domain';
import { findUser } from '../lib/auth-users';
import type { Context } from '../lib/context';
import { NotFoundError } from '../lib/errors';
import { authUsersOf, isoOf, orderRowsOf, userRowOf } from './search';

/**
 * getStoreDetails({ uid }): one buyer's store page for managers: the profile and Auth user, the
 * history (applied, verified, reviewed), the 50 newest orders, how many orders there are and the
 * lifetime revenue, net of refunds, summed on the server. docs/manager-insight.md.
 */

export const STORE_ORDERS_SHOWN = 50;
export const NO_SUCH_STORE = 'No store with this id.';

/** What a review (audit action profile.status_changed) says, by its review (older entries: by the status it moved to). */
const REVIEW_WORDS: Record<string, string> = {
  approve: 'Approved',
  decline: 'Declined',
  reject: 'Rejected',
  reopen: 'Reopened',
  approved: 'Approved',
  rejected: 'Rejected',
  pending: 'Reopened',
};

/** Who did it, in words: the manager's address, or the claims command line. */
function actorName(actor: string, emails: Map<string, string>): string {
  if (actor === 'claims-cli') return 'the claims command line';
  return emails.get(actor) ?? actor;
}

/**
 * The reviews, tier moves and terms among audit_log entries (`profile.status_changed`,
 * `company.tier_moved`, `company.terms_set`), in words with the manager's address: "Approved by
 * manager@…", "Declined by …: <reason>", "Moved to wholesaler prices by …: <reason>", "Terms set
 * to Net 30 with a $500.00 limit by …: <reason>".
 */
/** Terms set (docs/payment-terms.md): "Terms set to Net 30 with a $500.00 limit", or removed. */
function termsWords(to: { net_days?: unknown; credit_limit?: unknown }): string {
  if (!isNetDays(to.net_days)) return 'Payment terms removed (card only)';
  const limit = typeof to.credit_limit === 'number' ? to.credit_limit : 0;
  return `Terms set to Net ${to.net_days} with a ${formatUsd(limit)} limit`;
}

export async function reviewHistory(
  deps: Pick<Context, 'auth'>,
  audit: readonly { data(): DocumentData }[],
): Promise<StoreHistoryEntry[]> {
  const reviews = audit
    .map((doc) => doc.data())
    .filter(
      (entry) =>
        ((entry.action === 'profile.status_changed' || entry.action === 'company.tier_moved') &&
          typeof entry.to === 'string') ||
        (entry.action === 'company.terms_set' && typeof entry.to === 'object' && entry.to),
    );
  const actors = await authUsersOf(
    deps,
    reviews.map((entry) => String(entry.actor)).filter((actor) => actor !== 'claims-cli'),
  );
  const emails = new Map([...actors].map(([id, u]) => [id, u.email ?? id]));
  return reviews.flatMap((entry) => {
    const at = isoOf(entry.at);
    if (!at) return [];
    const key = typeof entry.review === 'string' ? entry.review : (entry.to as string);
    // A tier move (docs/pricing.md): "Moved to wholesaler prices".
    const words =
      entry.action === 'company.terms_set'
        ? termsWords(entry.to as { net_days?: unknown; credit_limit?: unknown })
        : entry.action === 'company.tier_moved'
          ? `Moved to ${String(entry.to)} prices`
          : (REVIEW_WORDS[key] ?? `Moved to ${String(entry.to)}`);
    const reason = typeof entry.reason === 'string' && entry.reason ? `: ${entry.reason}` : '';
    return [{ at, event: `${words} by ${actorName(String(entry.actor), emails)}${reason}` }];
  });
}

export async function storeDetails(
  deps: Pick<Context, 'db' | 'auth'>,
  uid: string,
): Promise<StoreDetailsResponse> {
  const { db } = deps;
  const [profile, user] = await Promise.all([
    db.doc(paths.profile(uid)).get(),
    findUser(deps.auth, uid),
  ]);
  const data = profile.data();
  // A manager's account is not a store (nor is an Auth user who never applied).
  if (!data || !isBuyerRole(data.role) || user?.customClaims?.role === 'manager') {
    throw new NotFoundError(NO_SUCH_STORE);
  }

  const orders = db.collection(COLLECTIONS.orders).where('user_id', '==', uid);
  const paid = orders.where('status', 'in', [...PAID_ORDER_STATUSES]);
  const [newest, count, revenue, refunded, audit] = await Promise.all([
    orders.orderBy('created_at', 'desc').limit(STORE_ORDERS_SHOWN).get(),
    orders.count().get(),
    paid.aggregate({ total: AggregateField.sum('amount') }).get(),
    paid.aggregate({ total: AggregateField.sum('refunded_amount') }).get(),
    db.collection(COLLECTIONS.auditLog).where('target', '==', uid).get(),
  ]);

  const history: StoreHistoryEntry[] = [];
  const applied = isoOf(data.created_at) ?? user?.metadata.creationTime;
  if (applied) history.push({ at: new Date(applied).toISOString(), event: 'Applied' });
  const verifiedAt = isoOf(data.email_verified_at);
  if (verifiedAt) history.push({ at: verifiedAt, event: 'Email verified' });
  history.push(...(await reviewHistory(deps, audit.docs)));
  history.sort((a, b) => a.at.localeCompare(b.at));

  const row = userRowOf(uid, data, user ?? undefined);
  const shipTo = data.ship_to as { phone?: unknown } | null | undefined;
  const phone = typeof shipTo?.phone === 'string' && shipTo.phone ? shipTo.phone : null;
  const permit = typeof data.seller_permit_id === 'string' ? data.seller_permit_id : '';
  const orderRows = orderRowsOf(newest.docs).map((order) => {
    // Orders the search trigger has not reached yet: the buyer is known here.
    return { ...order, email: order.email ?? row.email, role: order.role ?? row.role };
  });
  return {
    user: {
      ...row,
      // Auth is the source of truth; the profile's flag is a copy for the Users table.
      emailVerified: user?.emailVerified ?? row.emailVerified,
      createdAt: row.createdAt ?? (applied ? new Date(applied).toISOString() : null),
      phone,
      sellerPermitId: permit,
    },
    history,
    orders: orderRows,
    orderCount: count.data().count,
    lifetimeRevenue: (revenue.data().total ?? 0) - (refunded.data().total ?? 0),
    lastOrderAt: orderRows[0]?.createdAt ?? null,
  };
}
