import { describe, expect, it } from 'vitest';
import {
  BUYER_ROLES,
  ORDER_SORT_FIELDS,
  ORDER_STATUSES,
  orderSearchPlacementFields,
  searchOrdersRequest,
  type SearchOrdersRequest,
} from '@portal/domain';
import { ordersQueryPlan, type QueryPlan } from '../../src/insights/search-plan';

/**
 * The managers' Orders tab puts a changed order's row in place, with no new search, when the
 * fields orderSearchPlacementFields names are alike before and after the change
 * (web/src/entities/orders/book.ts). That holds only while the search's plan reads no other field
 * of an order: each plan's filters and sort are checked against them.
 */

const RANGE = { from: '2026-01-01', to: '2026-03-31' };
const either = <T>(values: readonly T[]) => [null, ...values];

function requests(): SearchOrdersRequest[] {
  const all: SearchOrdersRequest[] = [{}];
  for (const status of either(ORDER_STATUSES))
    for (const role of either(BUYER_ROLES))
      for (const range of [null, RANGE])
        for (const q of ['', 'cloud nine'])
          for (const sort of ORDER_SORT_FIELDS)
            for (const direction of ['asc', 'desc'] as const)
              all.push({ q, status, role, range, sort, direction });
  return all;
}

function fieldsRead(plan: QueryPlan): string[] {
  return [
    ...plan.equalities.map((filter) => filter.field),
    ...(plan.contains ? [plan.contains.field] : []),
    ...(plan.range ? [plan.range.field] : []),
    plan.orderBy.field,
  ];
}

describe('where an order sits in a search of the Orders table', () => {
  it('every field a search plan filters or sorts on is one orderSearchPlacementFields names', () => {
    for (const request of requests()) {
      const plan = ordersQueryPlan(searchOrdersRequest.parse(request));
      const named = orderSearchPlacementFields(request);
      expect(
        fieldsRead(plan).filter((field) => !named.includes(field)),
        JSON.stringify(request),
      ).toEqual([]);
    }
  });
});
