import { COLLECTIONS, paths } from '@portal/domain';
import { ALL_ACTORS, COMPANY, type Actor } from '../support/actors';
import type { Operation, QuerySpec, RuleCase } from '../support/matrix';
import { ORDER_LIST, PRODUCT, U } from '../support/seed';

/**
 * order_lists/{listId} (docs/data-model.md#order_lists): written only by the functions
 * (saveOrderList, deleteOrderList), managers included. Every approved member of the list's
 * company reads its lists (a viewer too); a list query must filter on company_id, as the Order
 * lists page does; managers read all.
 */

const OPERATIONS: Operation[] = ['get', 'list', 'create', 'update', 'delete'];

/** Who reads company A's lists: its approved members, and managers. */
const READS_A: readonly Actor[] = ['retailer', 'buyerA', 'viewerA', 'manager'];

/** The Order lists page's query: the company's lists. */
const listsOf = (companyId: string): QuerySpec => ({
  where: [['company_id', '==', companyId]],
});

/** A list a member writes by hand around the callables: another product, 999 units. */
const FORGED_LIST = {
  company_id: COMPANY.A,
  name: 'Main St every 2 weeks',
  lines: [{ product_id: PRODUCT.active, sku: 'X', name: 'x', quantity: 999 }],
  created_by: U.retailer,
  created_by_name: 'Rico Alvarez',
};

export const orderListCases: RuleCase[] = [
  ...ALL_ACTORS.flatMap((actor) =>
    OPERATIONS.map((op): RuleCase => {
      const allowed = (op === 'get' || op === 'list') && READS_A.includes(actor);
      return {
        actor,
        op,
        path:
          op === 'list'
            ? COLLECTIONS.orderLists
            : op === 'create'
              ? paths.orderList(`new-${actor}`)
              : paths.orderList(ORDER_LIST.a),
        ...(op === 'list' ? { query: listsOf(COMPANY.A) } : {}),
        expect: allowed ? 'allow' : 'deny',
        why: allowed
          ? actor === 'manager'
            ? 'managers read every list'
            : "a member reads the company's lists"
          : op === 'get' || op === 'list'
            ? "not an approved member of company A: another company's lists"
            : 'only the functions write order lists',
        ...(op === 'create' || op === 'update' ? { data: FORGED_LIST } : {}),
      };
    }),
  ),
  // Another company's lists.
  {
    actor: 'memberB',
    op: 'get',
    path: paths.orderList(ORDER_LIST.b),
    expect: 'allow',
    why: 'own company',
  },
  {
    actor: 'memberB',
    op: 'list',
    path: COLLECTIONS.orderLists,
    query: listsOf(COMPANY.B),
    expect: 'allow',
    why: "own company's lists",
  },
  ...(['retailer', 'buyerA', 'viewerA', 'removedA'] as const).map((actor): RuleCase => ({
    actor,
    op: 'get',
    path: paths.orderList(ORDER_LIST.b),
    expect: 'deny',
    why: "another company's list",
  })),
  ...(['retailer', 'buyerA', 'viewerA'] as const).flatMap((actor): RuleCase[] => [
    {
      actor,
      op: 'list',
      path: COLLECTIONS.orderLists,
      query: listsOf(COMPANY.B),
      expect: 'deny',
      why: "another company's lists",
    },
    {
      actor,
      op: 'list',
      path: COLLECTIONS.orderLists,
      expect: 'deny',
      why: 'not filtered to the company: it would return every company’s lists',
    },
  ]),
  // Managers list every company's lists; nobody writes one, a buyer's own company's included.
  {
    actor: 'manager',
    op: 'list',
    path: COLLECTIONS.orderLists,
    expect: 'allow',
    why: 'managers read every list',
  },
  ...(['retailer', 'buyerA'] as const).map((actor): RuleCase => ({
    actor,
    op: 'create',
    path: paths.orderList(`forged-${actor}`),
    data: { ...FORGED_LIST, created_by: U[actor] },
    expect: 'deny',
    why: 'a buyer saves a list through saveOrderList',
  })),
];
