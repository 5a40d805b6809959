import type { UserRecord } from 'firebase-admin/auth';
import type {
  DocumentData,
  Firestore,
  Query,
  QueryDocumentSnapshot,
} from 'firebase-admin/firestore';
import {
  BUYER_ROLES,
  isBuyerRole,
  ORDER_ROW_FIELDS,
  parseOrderRow,
  PROFILE_STATUSES,
  TABLE_EXPORT_MAX,
  type CompanyRow,
  type OrderRow,
  type SearchCompaniesQuery,
  type SearchCompaniesResponse,
  type SearchOrdersQuery,
  type SearchOrdersResponse,
  type SearchResponse,
  type SearchUsersQuery,
  type SearchUsersResponse,
  type UserRow,
} from '@portal/domain';
import type { Context } from '../lib/context';
import { log } from '../lib/log';
import { companiesQueryPlan, ordersQueryPlan, usersQueryPlan, type QueryPlan } from './search-plan';

/**
 * searchOrders, searchUsers and searchCompanies: a query plan (search-plan.ts) run with the Admin SDK. The total
 * is a count() of the same filters; a page is offset((page - 1) * pageSize).limit(pageSize);
 * `all` returns up to TABLE_EXPORT_MAX rows (the CSV export) and says when more matched.
 */

type SearchDeps = Pick<Context, 'db' | 'auth'>;

/** The plan's filters as an Admin SDK query (no order, no paging: what count() runs on). */
export function filteredQuery(db: Firestore, plan: QueryPlan): Query {
  let query: Query = db.collection(plan.collection);
  for (const { field, op, value } of plan.equalities) query = query.where(field, op, value);
  if (plan.contains)
    query = query.where(plan.contains.field, 'array-contains', plan.contains.token);
  if (plan.range) {
    query = query
      .where(plan.range.field, '>=', plan.range.start)
      .where(plan.range.field, '<', plan.range.endExclusive);
  }
  return query;
}

/** Runs a plan: the total, then one page or (with `all`) every row up to TABLE_EXPORT_MAX. */
export async function runPlan(
  db: Firestore,
  plan: QueryPlan,
  paging: { page: number; pageSize: number; all: boolean },
  fields: readonly string[],
): Promise<{ docs: QueryDocumentSnapshot[]; total: number; truncated: boolean }> {
  const filtered = filteredQuery(db, plan);
  // Only the row's fields travel (not the ~200 search keys of each document).
  const ordered = filtered.orderBy(plan.orderBy.field, plan.orderBy.direction).select(...fields);
  const [count, snapshot] = await Promise.all([
    filtered.count().get(),
    paging.all
      ? ordered.limit(TABLE_EXPORT_MAX + 1).get()
      : ordered
          .offset((paging.page - 1) * paging.pageSize)
          .limit(paging.pageSize)
          .get(),
  ]);
  const docs = snapshot.docs.slice(0, paging.all ? TABLE_EXPORT_MAX : paging.pageSize);
  return {
    docs,
    total: count.data().count,
    truncated: paging.all && snapshot.docs.length > TABLE_EXPORT_MAX,
  };
}

/** An instant as an ISO string; null for anything that is not a timestamp. */
export function isoOf(value: unknown): string | null {
  if (value instanceof Date) return value.toISOString();
  if (value !== null && typeof value === 'object' && 'toDate' in value) {
    const toDate = (value as { toDate: unknown }).toDate;
    if (typeof toDate === 'function') return (toDate.call(value) as Date).toISOString();
  }
  return null;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * Stored orders as rows (the domain's order row codec). An order that does not read as one is
 * left out and logged, so one corrupt document does not break the managers' table.
 */
export function orderRowsOf(docs: readonly QueryDocumentSnapshot[]): OrderRow[] {
  return docs.flatMap((doc) => {
    const parsed = parseOrderRow(doc.id, doc.data());
    if (parsed.success) return [parsed.row];
    log.error('order_row_unreadable', { orderId: doc.id, problem: parsed.problem });
    return [];
  });
}

/** The fields of a profile a row is made of (the address is the Auth user's). */
export const USER_ROW_FIELDS = [
  'store_name',
  'full_name',
  'seller_permit_id',
  'role',
  'status',
  'email_verified',
  'created_at',
  'reviewed_at',
] as const;

/** A profiles/{uid} document (and its Auth user, for the address) as a row of the Users table. */
export function userRowOf(uid: string, data: DocumentData, user: UserRecord | undefined): UserRow {
  const role: unknown = data.role;
  return {
    uid,
    storeName: text(data.store_name),
    fullName: text(data.full_name),
    sellerPermitId: text(data.seller_permit_id),
    email: user?.email ?? '',
    role: isBuyerRole(role) ? role : 'retailer',
    status: PROFILE_STATUSES.find((s) => s === data.status) ?? 'pending',
    emailVerified: data.email_verified === true,
    createdAt: isoOf(data.created_at),
    reviewedAt: isoOf(data.reviewed_at),
  };
}

/** The Auth users of these uids, by uid (Auth answers at most 100 per call). */
export async function authUsersOf(
  deps: Pick<Context, 'auth'>,
  uids: readonly string[],
): Promise<Map<string, UserRecord>> {
  const users = new Map<string, UserRecord>();
  const unique = [...new Set(uids)];
  for (let i = 0; i < unique.length; i += 100) {
    const { users: found } = await deps.auth.getUsers(
      unique.slice(i, i + 100).map((uid) => ({ uid })),
    );
    for (const user of found) users.set(user.uid, user);
  }
  return users;
}

function response<Row>(
  rows: Row[],
  total: number,
  truncated: boolean,
  query: { page: number; pageSize: number; all: boolean },
): SearchResponse<Row> {
  return query.all
    ? { rows, total, page: 1, pageSize: TABLE_EXPORT_MAX, truncated }
    : { rows, total, page: query.page, pageSize: query.pageSize, truncated: false };
}

export async function searchOrders(
  deps: SearchDeps,
  query: SearchOrdersQuery,
): Promise<SearchOrdersResponse> {
  const { docs, total, truncated } = await runPlan(
    deps.db,
    ordersQueryPlan(query),
    query,
    ORDER_ROW_FIELDS,
  );
  return response(orderRowsOf(docs), total, truncated, query);
}

export async function searchUsers(
  deps: SearchDeps,
  query: SearchUsersQuery,
): Promise<SearchUsersResponse> {
  const { docs, total, truncated } = await runPlan(
    deps.db,
    usersQueryPlan(query),
    query,
    USER_ROW_FIELDS,
  );
  const users = await authUsersOf(
    deps,
    docs.map((doc) => doc.id),
  );
  return response(
    docs.map((doc) => userRowOf(doc.id, doc.data(), users.get(doc.id))),
    total,
    truncated,
    query,
  );
}

/** The fields of a company a row is made of (the applicant's address is their Auth user's). */
export const COMPANY_ROW_FIELDS = [
  'name',
  'business_type',
  'seller_permit_id',
  'status',
  'created_by',
  'created_at',
  'reviewed_at',
  'member_count',
  'location_count',
  'cities',
  'owner_uid',
] as const;

const count = (value: unknown): number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0;

/** A companies/{id} document (and its applicant's Auth user) as a row of the Companies table. */
export function companyRowOf(
  id: string,
  data: DocumentData,
  applicant: UserRecord | undefined,
): CompanyRow {
  const cities: unknown = data.cities;
  return {
    id,
    name: text(data.name),
    businessType: BUYER_ROLES.find((r) => r === data.business_type) ?? 'retailer',
    sellerPermitId: text(data.seller_permit_id),
    status: PROFILE_STATUSES.find((s) => s === data.status) ?? 'pending',
    memberCount: count(data.member_count),
    locationCount: count(data.location_count),
    cities: Array.isArray(cities) ? cities.filter((c): c is string => typeof c === 'string') : [],
    createdAt: isoOf(data.created_at),
    reviewedAt: isoOf(data.reviewed_at),
    applicantName: applicant?.displayName ?? '',
    applicantEmail: applicant?.email ?? '',
    applicantEmailVerified: applicant?.emailVerified ?? false,
    // A company whose search fields the triggers have not written yet: its applicant.
    ownerUid: ('owner_uid' in data ? text(data.owner_uid) : text(data.created_by)) || null,
  };
}

export async function searchCompanies(
  deps: SearchDeps,
  query: SearchCompaniesQuery,
): Promise<SearchCompaniesResponse> {
  const { docs, total, truncated } = await runPlan(
    deps.db,
    companiesQueryPlan(query),
    query,
    COMPANY_ROW_FIELDS,
  );
  const applicants = await authUsersOf(
    deps,
    docs.map((doc) => text(doc.get('created_by'))).filter(Boolean),
  );
  return response(
    docs.map((doc) =>
      companyRowOf(doc.id, doc.data(), applicants.get(text(doc.get('created_by')))),
    ),
    total,
    truncated,
    query,
  );
}
