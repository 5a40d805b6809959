import {
  BUYER_ROLES,
  COLLECTIONS,
  rangeInstants,
  searchTokenOf,
  type SearchCompaniesQuery,
  type SearchOrdersQuery,
  type SearchUsersQuery,
  ORDER_SORT_FIELD,
} from '@portal/domain';

/**
 * What Firestore is asked for one search of the managers' Orders, Users or Companies table: a pure
 * description, run by insights/search.ts, and enumerated by the index test
 * (test/insights/search-indexes.test.ts), which checks that firestore.indexes.json serves every
 * plan these functions can produce. docs/manager-insight.md, "Searching orders and users".
 */
export type Direction = 'asc' | 'desc';

export interface EqualityFilter {
  field: string;
  /** `in` is an equality for the indexes (one equality per value). */
  op: '==' | 'in';
  value: unknown;
}

export interface QueryPlan {
  collection: string;
  equalities: EqualityFilter[];
  /** `search_keys array-contains token`, or null without a search text. */
  contains: { field: 'search_keys'; token: string } | null;
  /** created_at in [start, endExclusive), or null for any time. */
  range: { field: 'created_at'; start: Date; endExclusive: Date } | null;
  orderBy: { field: string; direction: Direction };
}

const SEARCH_FIELD = 'search_keys';

function common(query: {
  q: string;
  range: { from: string; to: string } | null;
}): Pick<QueryPlan, 'contains' | 'range'> {
  const token = searchTokenOf(query.q);
  return {
    contains: token ? { field: SEARCH_FIELD, token } : null,
    range: query.range ? { field: 'created_at', ...rangeInstants(query.range) } : null,
  };
}

/** orders: status and buyer_role equalities, the search token, the date range, the sort. */
export function ordersQueryPlan(query: SearchOrdersQuery): QueryPlan {
  const equalities: EqualityFilter[] = [];
  if (query.status) equalities.push({ field: 'status', op: '==', value: query.status });
  if (query.role) equalities.push({ field: 'buyer_role', op: '==', value: query.role });
  return {
    collection: COLLECTIONS.orders,
    equalities,
    ...common(query),
    orderBy: { field: ORDER_SORT_FIELD[query.sort], direction: query.direction },
  };
}

/** The field the Users table sorts by for each sort the request names. */
export const USER_SORT_FIELD = {
  created_at: 'created_at',
  store_name: 'store_name_lower',
} as const;

/**
 * profiles: buyers only (role == the asked role, else role in [retailer, wholesaler]: the
 * managers' own profiles are not rows), status, the search token, the range, the sort.
 */
export function usersQueryPlan(query: SearchUsersQuery): QueryPlan {
  const equalities: EqualityFilter[] = [];
  if (query.status) equalities.push({ field: 'status', op: '==', value: query.status });
  equalities.push(
    query.role
      ? { field: 'role', op: '==', value: query.role }
      : { field: 'role', op: 'in', value: [...BUYER_ROLES] },
  );
  return {
    collection: COLLECTIONS.profiles,
    equalities,
    ...common(query),
    orderBy: { field: USER_SORT_FIELD[query.sort], direction: query.direction },
  };
}

/** The field the Companies table sorts by for each sort the request names. */
export const COMPANY_SORT_FIELD = {
  created_at: 'created_at',
  name: 'name_lower',
} as const;

/**
 * companies: status and business_type (the request's `role`) equalities, the search token, the
 * range of the application's days, the sort.
 */
export function companiesQueryPlan(query: SearchCompaniesQuery): QueryPlan {
  const equalities: EqualityFilter[] = [];
  if (query.status) equalities.push({ field: 'status', op: '==', value: query.status });
  if (query.role) equalities.push({ field: 'business_type', op: '==', value: query.role });
  return {
    collection: COLLECTIONS.companies,
    equalities,
    ...common(query),
    orderBy: { field: COMPANY_SORT_FIELD[query.sort], direction: query.direction },
  };
}
