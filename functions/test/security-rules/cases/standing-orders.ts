import { paths } from '@portal/domain';
import { ACTORS, uidOf, type Actor } from '../support/actors';
import type { QuerySpec, RuleCase } from '../support/matrix';
import { STANDING_ORDER, U } from '../support/seed';

/**
 * standing_orders/{id}: read by the approved owner (queries filter on user_id) and managers;
 * written only by functions (manageStandingOrder changes Stripe and the document together).
 */

const STANDING_ORDERS = 'standing_orders';
const everyone: Actor[] = [...ACTORS, 'applicant', 'revoked'];

const own = (actor: Actor): QuerySpec => ({ where: [['user_id', '==', uidOf(actor)]] });

export const standingOrderCases: RuleCase[] = [
  {
    actor: 'retailer',
    op: 'get',
    path: paths.standingOrder(STANDING_ORDER.retailer),
    expect: 'allow',
    why: 'own standing order',
  },
  {
    actor: 'manager',
    op: 'get',
    path: paths.standingOrder(STANDING_ORDER.retailer),
    expect: 'allow',
    why: 'managers read all standing orders',
  },
  ...(['anonymous', 'pending', 'rejected', 'wholesaler', 'another', 'applicant'] as const).map(
    (actor): RuleCase => ({
      actor,
      op: 'get',
      path: paths.standingOrder(STANDING_ORDER.retailer),
      expect: 'deny',
      why: "another buyer's standing order",
    }),
  ),
  {
    actor: 'revoked',
    op: 'get',
    path: paths.standingOrder(STANDING_ORDER.retailer),
    expect: 'deny',
    why: 'approval revoked',
  },
  ...(['retailer', 'another'] as const).map((actor): RuleCase => ({
    actor,
    op: 'list',
    path: STANDING_ORDERS,
    query: own(actor),
    expect: 'allow',
    why: 'My Account lists own standing orders',
  })),
  ...(['anonymous', 'pending', 'rejected', 'applicant'] as const).map((actor): RuleCase => ({
    actor,
    op: 'list',
    path: STANDING_ORDERS,
    query: own(actor),
    expect: 'deny',
    why: 'not approved',
  })),
  {
    actor: 'another',
    op: 'list',
    path: STANDING_ORDERS,
    query: { where: [['user_id', '==', U.retailer]] },
    expect: 'deny',
    why: "filtering on another buyer's uid",
  },
  ...(['retailer', 'wholesaler', 'another'] as const).map((actor): RuleCase => ({
    actor,
    op: 'list',
    path: STANDING_ORDERS,
    query: { orderBy: [['created_at', 'desc']] },
    expect: 'deny',
    why: 'all standing orders without the owner filter',
  })),
  {
    actor: 'manager',
    op: 'list',
    path: STANDING_ORDERS,
    query: { orderBy: [['created_at', 'desc']], limit: 500 },
    expect: 'allow',
    why: 'the managers\u2019 standing orders tab',
  },
  ...everyone.map((actor): RuleCase => ({
    actor,
    op: 'create',
    path: paths.standingOrder('forged-standing'),
    data: {
      user_id: uidOf(actor),
      store_name: 'Forged',
      role: 'retailer',
      interval_weeks: 2,
      status: 'active',
      lines: [],
    },
    expect: 'deny',
    why: 'standing orders start at checkout',
  })),
  ...everyone.map((actor): RuleCase => ({
    actor,
    op: 'update',
    path: paths.standingOrder(STANDING_ORDER.retailer),
    data: { status: 'cancelled' },
    expect: 'deny',
    why: 'changes go through manageStandingOrder (Stripe first)',
  })),
  {
    actor: 'retailer',
    op: 'update',
    path: paths.standingOrder(STANDING_ORDER.retailer),
    data: { lines: [{ product_id: 'p1', quantity: 12, unit_amount: 1 }] },
    expect: 'deny',
    why: 'rewriting own price',
  },
  ...everyone.map((actor): RuleCase => ({
    actor,
    op: 'delete',
    path: paths.standingOrder(STANDING_ORDER.retailer),
    expect: 'deny',
    why: 'cancelled, never deleted',
  })),
];
