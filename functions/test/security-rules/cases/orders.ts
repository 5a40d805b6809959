import { serverTimestamp } from 'firebase/firestore/lite';
import { paths } from '@portal/domain';
import { ACTORS, uidOf, type Actor } from '../support/actors';
import type { QuerySpec, RuleCase } from '../support/matrix';
import { ORDER, U } from '../support/seed';

/** orders/{id}: read by the approved owner (queries filter on user_id) and managers; written only by functions. */

const ORDERS = 'orders';
const nonManagers: Actor[] = [...ACTORS.filter((a) => a !== 'manager'), 'applicant'];

/** The account page's query: own orders, newest first. */
const ownOrders = (actor: Actor): QuerySpec => ({
  where: [['user_id', '==', uidOf(actor)]],
  orderBy: [['created_at', 'desc']],
});

const forgedOrder = (uid: string) => ({
  user_id: uid,
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
  // get
  {
    actor: 'retailer',
    op: 'get',
    path: paths.order(ORDER.retailer),
    expect: 'allow',
    why: 'own order',
  },
  {
    actor: 'wholesaler',
    op: 'get',
    path: paths.order(ORDER.wholesaler),
    expect: 'allow',
    why: 'own order',
  },
  {
    actor: 'another',
    op: 'get',
    path: paths.order(ORDER.another),
    expect: 'allow',
    why: 'own order',
  },
  {
    actor: 'manager',
    op: 'get',
    path: paths.order(ORDER.retailer),
    expect: 'allow',
    why: 'managers read all orders',
  },
  {
    actor: 'rejected',
    op: 'get',
    path: paths.order(ORDER.rejected),
    expect: 'deny',
    why: 'own order, account rejected',
  },
  ...(['anonymous', 'pending', 'rejected', 'wholesaler', 'another', 'applicant'] as const).map(
    (actor): RuleCase => ({
      actor,
      op: 'get',
      path: paths.order(ORDER.retailer),
      expect: 'deny',
      why: "another buyer's order",
    }),
  ),

  // list
  ...(['retailer', 'wholesaler', 'another'] as const).map((actor): RuleCase => ({
    actor,
    op: 'list',
    path: ORDERS,
    query: ownOrders(actor),
    expect: 'allow',
    why: 'order history',
  })),
  ...(['anonymous', 'pending', 'rejected', 'applicant'] as const).map((actor): RuleCase => ({
    actor,
    op: 'list',
    path: ORDERS,
    query: ownOrders(actor),
    expect: 'deny',
    why: 'not approved',
  })),
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
  ...(['retailer', 'wholesaler', 'another', 'pending', 'anonymous'] as const).map(
    (actor): RuleCase => ({
      actor,
      op: 'list',
      path: ORDERS,
      query: { orderBy: [['created_at', 'desc']] },
      expect: 'deny',
      why: 'all orders without the owner filter',
    }),
  ),
  {
    actor: 'another',
    op: 'list',
    path: ORDERS,
    query: ownOrders('retailer'),
    expect: 'deny',
    why: "filtering on another buyer's uid",
  },
  {
    actor: 'retailer',
    op: 'list',
    path: ORDERS,
    query: { where: [['status', '==', 'processing']] },
    expect: 'deny',
    why: 'filter without the owner',
  },
  {
    actor: 'retailer',
    op: 'list',
    path: ORDERS,
    query: { where: [['user_id', 'in', [U.retailer, U.another]]] },
    expect: 'deny',
    why: 'owner filter that includes someone else',
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
    actor: 'retailer',
    op: 'list',
    path: ORDERS,
    query: { where: [['user_id', '==', U.retailer]], aggregate: 'count' },
    expect: 'allow',
    why: 'counting own orders',
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
    data: forgedOrder(uidOf(actor)),
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

  // revoked: approved claims in a token issued before the profile was rejected.
  {
    actor: 'revoked',
    op: 'get',
    path: paths.order(ORDER.revoked),
    expect: 'deny',
    why: 'own order, rejected after the token was issued',
  },
  {
    actor: 'revoked',
    op: 'list',
    path: ORDERS,
    query: ownOrders('revoked'),
    expect: 'deny',
    why: 'rejected after the token was issued',
  },
];
