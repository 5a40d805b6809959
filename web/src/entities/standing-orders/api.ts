import {
  isStandingOrderOpen,
  type ManageStandingOrderRequest,
  type StandingOrder,
} from '@portal/domain';
import { getDocs, limit, orderBy, query, where } from 'firebase/firestore/lite';
import { callManageStandingOrder } from '@/lib/callables';
import { parseDocuments } from '../firestore';
import { parseStandingOrder, standingOrdersCollection } from './documents';

/** Newest first, the cancelled ones after every open one. */
export function sortStandingOrders(orders: readonly StandingOrder[]): StandingOrder[] {
  return [...orders].sort(
    (a, b) =>
      Number(!isStandingOrderOpen(a.status)) - Number(!isStandingOrderOpen(b.status)) ||
      b.created_at.getTime() - a.created_at.getTime(),
  );
}

/**
 * The company's standing orders, newest first and the cancelled ones last. The
 * `company_id == companyId` filter is required: the rules only let a member list their
 * company's; a buyer (`scope`) lists the ones of their locations and their own, as the rules
 * prove it (like fetchOrders). A company has a handful, so they are sorted here rather than by a composite index.
 * A document that does not match the schema is left out rather than hiding the others.
 */
export async function fetchStandingOrders(
  companyId: string,
  scope?: { uid: string; locationIds: readonly string[] },
): Promise<StandingOrder[]> {
  const company = where('company_id', '==', companyId);
  const reads = scope
    ? [
        query(standingOrdersCollection(), company, where('user_id', '==', scope.uid)),
        ...chunks(scope.locationIds).map((ids) =>
          query(standingOrdersCollection(), company, where('location_id', 'in', ids)),
        ),
      ]
    : [query(standingOrdersCollection(), company)];
  const snapshots = await Promise.all(reads.map((read) => getDocs(read)));
  const byId = new Map(
    snapshots.flatMap((snapshot) =>
      parseDocuments(snapshot.docs, parseStandingOrder, 'skip').map(
        (standing) => [standing.id, standing] as const,
      ),
    ),
  );
  return sortStandingOrders([...byId.values()]);
}

/** Firestore's `in` takes at most 30 values. */
function chunks(ids: readonly string[]): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < ids.length; i += 30) out.push(ids.slice(i, i + 30));
  return out;
}

/**
 * How many standing orders the manager's list reads. One query, no paging: a wholesale portal has
 * far fewer standing orders than this; past it the oldest are left out of the list.
 */
export const ALL_STANDING_ORDERS_MAX = 500;

/**
 * Every standing order, newest first (managers only), at most ALL_STANDING_ORDERS_MAX of them. A
 * malformed document fails the list loudly instead of rendering junk.
 */
export async function fetchAllStandingOrders(): Promise<StandingOrder[]> {
  const snapshot = await getDocs(
    query(
      standingOrdersCollection(),
      orderBy('created_at', 'desc'),
      limit(ALL_STANDING_ORDERS_MAX),
    ),
  );
  return parseDocuments(snapshot.docs, parseStandingOrder, 'throw');
}

/**
 * Skips or unskips the next delivery, changes quantities, pauses, resumes or cancels; the
 * manageStandingOrder function checks who may do what and writes the document.
 */
export function manageStandingOrder(request: ManageStandingOrderRequest) {
  return callManageStandingOrder(request);
}
