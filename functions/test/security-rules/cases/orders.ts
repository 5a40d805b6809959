import { serverTimestamp } from 'firebase/firestore/lite';
import { paths } from '@portal/domain';
import { ACTORS, COMPANY, uidOf, type Actor } from '../support/actors';
import type { QuerySpec, RuleCase } from '../support/matrix';
import { LOCATION, ORDER, U } from '../support/seed';

/**
 * orders/{id}: read by managers and the approved members of the order's company as their role
 * allows: owners and viewers every order (queries filter on company_id); a buyer the orders of the
 * locations assigned to them and those they placed (queries filter on company_id and location_id
 * or user_id). Written only by functions. No member of one company reads an order of another.
 */

const ORDERS = 'orders';
const nonManagers: Actor[] = [...ACTORS.filter((a) => a !== 'manager'), 'applicant'];
const membersOfA = ['retailer', 'buyerA', 'viewerA'] as const;
/** Company A's orders: placed by its owner, by its buyer, and by a member removed since. */
const ordersOfA = [ORDER.retailer, ORDER.buyerA, ORDER.removedA] as const;

/** The account page's query: the company's orders, newest first. */
const companyOrders = (companyId: string): QuerySpec => ({
  where: [['company_id', '==', companyId]],
  orderBy: [['created_at', 'desc']],
});

/** Who may not read company A's orders, and why. */
const outsidersOfA: readonly (readonly [Actor, string])[] = [
  ['anonymous', 'not signed in'],
  ['applicant', 'signed up, no company'],
  ['pending', 'another company, not approved'],
  ['rejected', 'another company, rejected'],
  ['wholesaler', "another company's order"],
  ['another', "another company's order (its owner)"],
  ['memberB', "another company's order (its buyer)"],
  ['removedA', 'removed from A (the token still names it)'],
  ['revoked', 'another company, rejected since the token'],
];

const forgedOrder = (uid: string, companyId: string) => ({
  user_id: uid,
  company_id: companyId,
  store_name: 'Forged',
  items: [],
  amount: 1,
  currency: 'usd',
  payment_type: 'one_time',
  status: 'processing',
  stripe_session_id: null,
  created_at: serverTimestamp(),
  paid_at: serverTimestamp(),
  status_history: [],
});

export const orderCases: RuleCase[] = [
  // get: the owner and the viewer of A read every order of A, whoever placed it.
  ...(['retailer', 'viewerA'] as const).flatMap((actor) =>
    ordersOfA.map((id): RuleCase => ({
      actor,
      op: 'get',
      path: paths.order(id),
      expect: 'allow',
      why: `an order of their company (${id})`,
    })),
  ),
  // buyerA: their own, and the owner's to the location assigned to them; not one to no location.
  ...(
    [
      [ORDER.buyerA, 'allow', 'placed it'],
      [ORDER.retailer, 'allow', 'an order to their assigned location'],
      [ORDER.removedA, 'deny', 'an order of their company to no location of theirs'],
    ] as const
  ).map(([id, expect, why]): RuleCase => ({
    actor: 'buyerA',
    op: 'get',
    path: paths.order(id),
    expect,
    why,
  })),
  ...(
    [
      ['wholesaler', ORDER.wholesaler, 'own order'],
      ['another', ORDER.another, 'own order'],
      ['another', ORDER.memberB, 'placed by their buyer'],
      ['memberB', ORDER.memberB, 'own order'],
      ['manager', ORDER.retailer, 'managers read all orders'],
      ['manager', ORDER.memberB, 'managers read all orders'],
    ] as const
  ).map(([actor, id, why]): RuleCase => ({
    actor,
    op: 'get',
    path: paths.order(id),
    expect: 'allow',
    why,
  })),
  {
    actor: 'memberB',
    op: 'get',
    path: paths.order(ORDER.another),
    expect: 'deny',
    why: "a buyer: their owner's order, to no location assigned to them",
  },
  ...outsidersOfA.flatMap(([actor, why]) =>
    [ORDER.retailer, ORDER.buyerA].map((id): RuleCase => ({
      actor,
      op: 'get',
      path: paths.order(id),
      expect: 'deny',
      why,
    })),
  ),
  {
    actor: 'removedA',
    op: 'get',
    path: paths.order(ORDER.removedA),
    expect: 'deny',
    why: 'the order they placed before they were removed: the company keeps it',
  },
  ...membersOfA.map((actor): RuleCase => ({
    actor,
    op: 'get',
    path: paths.order(ORDER.memberB),
    expect: 'deny',
    why: "company B's order",
  })),
  // An order from before companies (no company_id) is its buyer's company's (companyOfRecord).
  ...(
    [
      ['another', 'allow', 'own order from before companies'],
      ['memberB', 'deny', "a buyer: their owner's order from before companies (no location)"],
      ['manager', 'allow', 'managers read all orders'],
      ['retailer', 'deny', "company B's order from before companies"],
      ['buyerA', 'deny', "company B's order from before companies"],
      ['removedA', 'deny', "company B's order from before companies"],
      ['anonymous', 'deny', 'not signed in'],
    ] as const
  ).map(([actor, expect, why]): RuleCase => ({
    actor,
    op: 'get',
    path: paths.order(ORDER.beforeCompanies),
    expect,
    why,
  })),
  {
    actor: 'rejected',
    op: 'get',
    path: paths.order(ORDER.rejected),
    expect: 'deny',
    why: "own company's order, company rejected",
  },
  {
    actor: 'revoked',
    op: 'get',
    path: paths.order(ORDER.revoked),
    expect: 'deny',
    why: "own company's order, rejected after the token was issued",
  },

  // list: an owner or viewer lists their company's orders, filtered on company_id.
  ...(
    [
      ['retailer', COMPANY.A],
      ['viewerA', COMPANY.A],
      ['wholesaler', COMPANY.wholesaler],
      ['another', COMPANY.B],
    ] as const
  ).map(([actor, companyId]): RuleCase => ({
    actor,
    op: 'list',
    path: ORDERS,
    query: companyOrders(companyId),
    expect: 'allow',
    why: "the company's order history",
  })),
  // A buyer lists only their share: the company filter alone is refused.
  ...(
    [
      ['buyerA', COMPANY.A],
      ['memberB', COMPANY.B],
    ] as const
  ).map(([actor, companyId]): RuleCase => ({
    actor,
    op: 'list',
    path: ORDERS,
    query: companyOrders(companyId),
    expect: 'deny',
    why: "a buyer: every order of the company, other locations' included",
  })),
  {
    actor: 'buyerA',
    op: 'list',
    path: ORDERS,
    query: {
      where: [
        ['company_id', '==', COMPANY.A],
        ['location_id', 'in', [LOCATION]],
      ],
      orderBy: [['created_at', 'desc']],
    },
    expect: 'allow',
    why: 'a buyer: the orders of their assigned locations',
  },
  {
    actor: 'buyerA',
    op: 'list',
    path: ORDERS,
    query: {
      where: [
        ['company_id', '==', COMPANY.A],
        ['location_id', 'in', [LOCATION, 'another-store']],
      ],
    },
    expect: 'deny',
    why: 'a buyer naming a location not assigned to them',
  },
  {
    actor: 'buyerA',
    op: 'list',
    path: ORDERS,
    query: {
      where: [
        ['company_id', '==', COMPANY.A],
        ['user_id', '==', U.buyerA],
      ],
      orderBy: [['created_at', 'desc']],
    },
    expect: 'allow',
    why: 'a buyer: the orders they placed',
  },
  {
    actor: 'buyerA',
    op: 'list',
    path: ORDERS,
    query: {
      where: [
        ['company_id', '==', COMPANY.A],
        ['user_id', '==', U.retailer],
      ],
    },
    expect: 'deny',
    why: 'a buyer: the orders their owner placed, whatever the location',
  },
  ...outsidersOfA.map(([actor, why]): RuleCase => ({
    actor,
    op: 'list',
    path: ORDERS,
    query: companyOrders(COMPANY.A),
    expect: 'deny',
    why: `naming company A: ${why}`,
  })),
  ...(['retailer', 'buyerA', 'viewerA'] as const).map((actor): RuleCase => ({
    actor,
    op: 'list',
    path: ORDERS,
    query: companyOrders(COMPANY.B),
    expect: 'deny',
    why: 'a member of A naming company B',
  })),
  ...(
    [
      ['pending', COMPANY.pending, 'pending'],
      ['rejected', COMPANY.rejected, 'rejected'],
      ['revoked', COMPANY.revoked, 'rejected after the token was issued'],
    ] as const
  ).map(([actor, companyId, why]): RuleCase => ({
    actor,
    op: 'list',
    path: ORDERS,
    query: companyOrders(companyId),
    expect: 'deny',
    why: `own company, ${why}`,
  })),
  {
    actor: 'retailer',
    op: 'list',
    path: ORDERS,
    query: {
      where: [
        ['company_id', '==', COMPANY.A],
        ['user_id', '==', U.buyerA],
      ],
    },
    expect: 'allow',
    why: 'the orders one member of the company placed',
  },
  {
    actor: 'memberB',
    op: 'list',
    path: ORDERS,
    query: {
      where: [
        ['company_id', '==', COMPANY.A],
        ['user_id', '==', U.memberB],
      ],
    },
    expect: 'deny',
    why: 'naming company A with their own uid',
  },
  {
    actor: 'retailer',
    op: 'list',
    path: ORDERS,
    query: { where: [['company_id', 'in', [COMPANY.A, COMPANY.B]]] },
    expect: 'deny',
    why: 'a company filter that includes another company',
  },
  ...(['retailer', 'buyerA', 'another'] as const).map((actor): RuleCase => ({
    actor,
    op: 'list',
    path: ORDERS,
    query: { where: [['user_id', '==', uidOf(actor)]], orderBy: [['created_at', 'desc']] },
    expect: 'deny',
    why: 'the old per-buyer query: the company filter is required',
  })),
  {
    actor: 'memberB',
    op: 'list',
    path: ORDERS,
    query: { where: [['user_id', '==', U.another]] },
    expect: 'deny',
    why: "the orders of their company's founder, by uid: a list needs the company filter",
  },
  {
    actor: 'manager',
    op: 'list',
    path: ORDERS,
    query: { orderBy: [['created_at', 'desc']], limit: 20 },
    expect: 'allow',
    why: 'recent orders',
  },
  {
    actor: 'manager',
    op: 'list',
    path: ORDERS,
    query: { aggregate: 'count' },
    expect: 'allow',
    why: 'total orders',
  },
  {
    actor: 'manager',
    op: 'list',
    path: ORDERS,
    query: {
      where: [['status', 'in', ['processing', 'shipped', 'delivered']]],
      aggregate: { sum: 'amount' },
    },
    expect: 'allow',
    why: 'revenue',
  },
  ...ACTORS.filter((a) => a !== 'manager').map((actor): RuleCase => ({
    actor,
    op: 'list',
    path: ORDERS,
    query: { orderBy: [['created_at', 'desc']] },
    expect: 'deny',
    why: 'all orders without the company filter',
  })),
  {
    actor: 'retailer',
    op: 'list',
    path: ORDERS,
    query: { where: [['status', '==', 'processing']] },
    expect: 'deny',
    why: 'filter without the company',
  },
  {
    actor: 'retailer',
    op: 'list',
    path: ORDERS,
    query: { aggregate: 'count' },
    expect: 'deny',
    why: 'counting all orders',
  },
  {
    actor: 'viewerA',
    op: 'list',
    path: ORDERS,
    query: { where: [['company_id', '==', COMPANY.A]], aggregate: 'count' },
    expect: 'allow',
    why: "counting the company's orders",
  },
  {
    actor: 'memberB',
    op: 'list',
    path: ORDERS,
    query: { where: [['company_id', '==', COMPANY.A]], aggregate: { sum: 'amount' } },
    expect: 'deny',
    why: "summing another company's orders",
  },
  {
    actor: 'wholesaler',
    op: 'list',
    path: ORDERS,
    query: {
      where: [['status', 'in', ['processing', 'shipped', 'delivered']]],
      aggregate: { sum: 'amount' },
    },
    expect: 'deny',
    why: 'revenue is for managers',
  },

  // create, update, delete: functions only (Admin SDK), never a client.
  ...[...ACTORS, 'applicant' as const].map((actor): RuleCase => ({
    actor,
    op: 'create',
    path: paths.order('forged-order'),
    data: forgedOrder(uidOf(actor), COMPANY.A),
    expect: 'deny',
    why: 'orders are created by checkout',
  })),
  ...nonManagers.map((actor): RuleCase => ({
    actor,
    op: 'update',
    path: paths.order(ORDER.retailer),
    data: { status: 'delivered' },
    expect: 'deny',
    why: 'order status is moved by functions',
  })),
  {
    actor: 'retailer',
    op: 'update',
    path: paths.order(ORDER.retailer),
    data: { amount: 1 },
    expect: 'deny',
    why: 'rewriting own total',
  },
  {
    actor: 'memberB',
    op: 'update',
    path: paths.order(ORDER.buyerA),
    data: { company_id: COMPANY.B },
    expect: 'deny',
    why: "moving another company's order into their own",
  },
  {
    actor: 'buyerA',
    op: 'update',
    path: paths.order(ORDER.buyerA),
    data: { company_id: COMPANY.B },
    expect: 'deny',
    why: 'moving own order to another company',
  },
  {
    actor: 'manager',
    op: 'update',
    path: paths.order(ORDER.retailer),
    data: { status: 'shipped' },
    expect: 'deny',
    why: 'managers use updateOrderStatus',
  },
  ...[...ACTORS, 'applicant' as const].map((actor): RuleCase => ({
    actor,
    op: 'delete',
    path: paths.order(ORDER.retailer),
    expect: 'deny',
  })),
  {
    actor: 'another',
    op: 'delete',
    path: paths.order(ORDER.another),
    expect: 'deny',
    why: 'own order',
  },
];
