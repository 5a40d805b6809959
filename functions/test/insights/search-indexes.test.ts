import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  BUYER_ROLES,
  COMPANY_SORT_FIELDS,
  ORDER_SORT_FIELDS,
  ORDER_STATUSES,
  PROFILE_STATUSES,
  searchCompaniesRequest,
  searchOrdersRequest,
  searchUsersRequest,
  USER_SORT_FIELDS,
} from '@portal/domain';
import {
  companiesQueryPlan,
  ordersQueryPlan,
  usersQueryPlan,
  type QueryPlan,
} from '../../src/insights/search-plan';

/**
 * Every query the managers' search callables can send is served by firestore.indexes.json (the
 * emulator needs no index, production refuses the query). Enumerates every plan (each filter
 * present or not, each sort and direction, a date range or not, a search text or not), and its
 * count(), and checks it under Firestore's index merging: equality and array-contains filters
 * may each come from their own index, as long as every one of those indexes ends with the
 * query's order (the sort, then created_at when a range goes with another sort).
 */

interface IndexField {
  fieldPath: string;
  order?: 'ASCENDING' | 'DESCENDING';
  arrayConfig?: 'CONTAINS';
}
interface CompositeIndex {
  collectionGroup: string;
  queryScope: string;
  fields: IndexField[];
}

const indexes = (
  JSON.parse(readFileSync(new URL('../../../firestore.indexes.json', import.meta.url), 'utf8')) as {
    indexes: CompositeIndex[];
  }
).indexes;

/** What a query needs of the indexes: its equality fields (array-contains marked) and order. */
interface Shape {
  collection: string;
  equalities: { field: string; contains: boolean }[];
  order: { field: string; direction: 'asc' | 'desc' }[];
}

const fieldKey = (field: IndexField) =>
  field.arrayConfig ? `${field.fieldPath}:contains` : `${field.fieldPath}:${field.order}`;
const orderKey = ({ field, direction }: Shape['order'][number]) =>
  `${field}:${direction === 'asc' ? 'ASCENDING' : 'DESCENDING'}`;

/** The shapes of one plan: the page (or export) query and its count(). */
function shapesOf(plan: QueryPlan): Shape[] {
  const equalities = [
    ...plan.equalities.map(({ field }) => ({ field, contains: false })),
    ...(plan.contains ? [{ field: plan.contains.field, contains: true }] : []),
  ];
  const { field, direction } = plan.orderBy;
  // An inequality on another field than the sort orders by it next, in the sort's direction.
  const page = [
    { field, direction },
    ...(plan.range && field !== 'created_at' ? [{ field: 'created_at', direction }] : []),
  ];
  const count = plan.range ? [{ field: 'created_at', direction: 'asc' as const }] : [];
  return [
    { collection: plan.collection, equalities, order: page },
    { collection: plan.collection, equalities, order: count },
  ];
}

/** Whether an index has exactly these fields (an equality's own direction does not matter). */
function indexWith(
  all: CompositeIndex[],
  collection: string,
  equalities: Shape['equalities'],
  order: Shape['order'],
): boolean {
  return all.some((index) => {
    if (index.collectionGroup !== collection || index.queryScope !== 'COLLECTION') return false;
    if (index.fields.length !== equalities.length + order.length) return false;
    const head = index.fields.slice(0, equalities.length);
    const tail = index.fields.slice(equalities.length);
    const headFits = equalities.every((e) =>
      head.some((f) => f.fieldPath === e.field && Boolean(f.arrayConfig) === e.contains),
    );
    return headFits && tail.map(fieldKey).join(',') === order.map(orderKey).join(',');
  });
}

/** Whether the indexes serve a shape: single-field indexes, one composite, or merged ones. */
function served(all: CompositeIndex[], shape: Shape): boolean {
  const { collection, equalities, order } = shape;
  if (equalities.length === 0) return order.length <= 1 || indexWith(all, collection, [], order);
  // Equalities alone: Firestore merges the automatic single-field indexes.
  if (order.length === 0) return true;
  if (indexWith(all, collection, equalities, order)) return true;
  return equalities.every((e) => indexWith(all, collection, [e], order));
}

const describeShape = ({ collection, equalities, order }: Shape) =>
  `${collection}: ${equalities.map((e) => (e.contains ? `${e.field} contains` : `${e.field} ==`)).join(', ') || 'no filter'}; order ${order.map(orderKey).join(', ') || 'none'}`;

const RANGE = { from: '2026-01-01', to: '2026-03-31' };
const either = <T>(values: readonly T[]) => [null, ...values];

function orderPlans(): QueryPlan[] {
  const plans: QueryPlan[] = [];
  for (const status of either(ORDER_STATUSES))
    for (const role of either(BUYER_ROLES))
      for (const range of [null, RANGE])
        for (const q of ['', 'cloud nine'])
          for (const sort of ORDER_SORT_FIELDS)
            for (const direction of ['asc', 'desc'] as const)
              for (const all of [false, true])
                plans.push(
                  ordersQueryPlan(
                    searchOrdersRequest.parse({ q, status, role, range, sort, direction, all }),
                  ),
                );
  return plans;
}

function userPlans(): QueryPlan[] {
  const plans: QueryPlan[] = [];
  for (const status of either(PROFILE_STATUSES))
    for (const role of either(BUYER_ROLES))
      for (const range of [null, RANGE])
        for (const q of ['', 'rico@'])
          for (const sort of USER_SORT_FIELDS)
            for (const direction of ['asc', 'desc'] as const)
              plans.push(
                usersQueryPlan(
                  searchUsersRequest.parse({ q, status, role, range, sort, direction }),
                ),
              );
  return plans;
}

function companyPlans(): QueryPlan[] {
  const plans: QueryPlan[] = [];
  for (const status of either(PROFILE_STATUSES))
    for (const role of either(BUYER_ROLES))
      for (const range of [null, RANGE])
        for (const q of ['', 'reno'])
          for (const sort of COMPANY_SORT_FIELDS)
            for (const direction of ['asc', 'desc'] as const)
              plans.push(
                companiesQueryPlan(
                  searchCompaniesRequest.parse({ q, status, role, range, sort, direction }),
                ),
              );
  return plans;
}

/** getStoreDetails' queries: the newest orders, and the two sums over the paid ones. */
const STORE_DETAIL_SHAPES: Shape[] = [
  {
    collection: 'orders',
    equalities: [{ field: 'user_id', contains: false }],
    order: [{ field: 'created_at', direction: 'desc' }],
  },
  ...['amount', 'refunded_amount'].map((field): Shape => ({
    collection: 'orders',
    equalities: [
      { field: 'user_id', contains: false },
      { field: 'status', contains: false },
    ],
    order: [{ field, direction: 'asc' }],
  })),
];

/**
 * getCompanyDetails' queries: the newest orders, the two sums over the paid ones, and the same
 * sums per location (a location id is the company's own: 'main' is in many companies).
 */
const COMPANY_DETAIL_SHAPES: Shape[] = [
  {
    collection: 'orders',
    equalities: [{ field: 'company_id', contains: false }],
    order: [{ field: 'created_at', direction: 'desc' }],
  },
  ...['amount', 'refunded_amount'].flatMap((field): Shape[] => [
    {
      collection: 'orders',
      equalities: [
        { field: 'company_id', contains: false },
        { field: 'status', contains: false },
      ],
      order: [{ field, direction: 'asc' }],
    },
    {
      collection: 'orders',
      equalities: [
        { field: 'company_id', contains: false },
        { field: 'location_id', contains: false },
        { field: 'status', contains: false },
      ],
      order: [{ field, direction: 'asc' }],
    },
  ]),
];

const allShapes = () => [...orderPlans(), ...userPlans(), ...companyPlans()].flatMap(shapesOf);

describe('firestore.indexes.json serves the managers’ searches', () => {
  it('serves every plan of searchOrders, searchUsers and searchCompanies, and their counts', () => {
    const shapes = allShapes();
    expect(shapes.length).toBe(
      2 * (9 * 3 * 2 * 2 * 3 * 2 * 2) + 2 * (4 * 3 * 2 * 2 * 2 * 2) + 2 * (4 * 3 * 2 * 2 * 2 * 2),
    );
    const missing = [...new Set(shapes.filter((s) => !served(indexes, s)).map(describeShape))];
    expect(missing).toEqual([]);
  });

  it("serves getStoreDetails' newest orders and revenue sums", () => {
    expect(STORE_DETAIL_SHAPES.filter((s) => !served(indexes, s)).map(describeShape)).toEqual([]);
  });

  it("serves getCompanyDetails' newest orders and revenue sums, in all and per location", () => {
    expect(COMPANY_DETAIL_SHAPES.filter((s) => !served(indexes, s)).map(describeShape)).toEqual([]);
  });

  it('notices a missing index: each search index is needed by some plan', () => {
    const shapes = allShapes();
    const searchIndexes = indexes.filter(
      (index) =>
        index.collectionGroup === 'companies' ||
        index.fields.some((f) =>
          ['search_keys', 'buyer_role', 'store_name_lower'].includes(f.fieldPath),
        ),
    );
    expect(searchIndexes.length).toBeGreaterThan(0);
    for (const index of searchIndexes) {
      const without = indexes.filter((other) => other !== index);
      const unserved = shapes.filter((s) => !served(without, s));
      expect(unserved.length, JSON.stringify(index.fields)).toBeGreaterThan(0);
    }
  });

  it('filters companies by status and business type, and sorts them by the lower-cased name', () => {
    const plan = companiesQueryPlan(
      searchCompaniesRequest.parse({
        sort: 'name',
        direction: 'asc',
        status: 'pending',
        role: 'wholesaler',
        q: ' Reno ',
      }),
    );
    expect(plan).toMatchObject({
      collection: 'companies',
      equalities: [
        { field: 'status', op: '==', value: 'pending' },
        { field: 'business_type', op: '==', value: 'wholesaler' },
      ],
      contains: { field: 'search_keys', token: 'reno' },
      range: null,
      orderBy: { field: 'name_lower', direction: 'asc' },
    });
    expect(companiesQueryPlan(searchCompaniesRequest.parse({})).orderBy).toEqual({
      field: 'created_at',
      direction: 'desc',
    });
  });

  it('puts the managers out of the Users table and sorts it by the lower-cased name', () => {
    const plan = usersQueryPlan(searchUsersRequest.parse({ sort: 'store_name' }));
    expect(plan.equalities).toEqual([
      { field: 'role', op: 'in', value: ['retailer', 'wholesaler'] },
    ]);
    expect(plan.orderBy).toEqual({ field: 'store_name_lower', direction: 'desc' });
    const filtered = usersQueryPlan(
      searchUsersRequest.parse({
        role: 'wholesaler',
        status: 'pending',
        q: ' Café ',
        range: RANGE,
      }),
    );
    expect(filtered.equalities).toEqual([
      { field: 'status', op: '==', value: 'pending' },
      { field: 'role', op: '==', value: 'wholesaler' },
    ]);
    expect(filtered.contains).toEqual({ field: 'search_keys', token: 'cafe' });
    // Business days are Pacific: 2026-01-01 starts at 08:00 UTC, 2026-04-01 at 07:00 UTC (PDT).
    expect(filtered.range).toEqual({
      field: 'created_at',
      start: new Date('2026-01-01T08:00:00.000Z'),
      endExclusive: new Date('2026-04-01T07:00:00.000Z'),
    });
  });
});
