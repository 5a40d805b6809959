import { paths } from '@portal/domain';
import { ACTORS, COMPANY, uidOf, type Actor } from '../support/actors';
import type { QuerySpec, RuleCase } from '../support/matrix';
import { LOCATION, STANDING_ORDER, U } from '../support/seed';

/**
 * standing_orders/{id}: read by managers and the approved members of its company as their role
 * allows: owners and viewers every one (queries filter on company_id), a buyer those of their
 * locations and those they set up (as orders/{id}); written only by functions
 * (manageStandingOrder changes Stripe and the document together).
 */

const STANDING_ORDERS = 'standing_orders';
const everyone: Actor[] = [...ACTORS, 'applicant', 'revoked'];
const membersOfA = ['retailer', 'buyerA', 'viewerA'] as const;

const ofCompany = (companyId: string): QuerySpec => ({
  where: [['company_id', '==', companyId]],
});

/** Who may not read company A's standing orders, and why. */
const outsidersOfA: readonly (readonly [Actor, string])[] = [
  ['anonymous', 'not signed in'],
  ['applicant', 'signed up, no company'],
  ['pending', 'another company, not approved'],
  ['rejected', 'another company, rejected'],
  ['wholesaler', "another company's standing order"],
  ['another', "another company's standing order (its owner)"],
  ['memberB', "another company's standing order (its buyer)"],
  ['removedA', 'removed from A (the token still names it)'],
  ['revoked', 'another company, rejected since the token'],
];

export const standingOrderCases: RuleCase[] = [
  // get: the owner and viewer of A read every one; buyerA theirs and the one to their location.
  ...(['retailer', 'viewerA', 'buyerA'] as const).flatMap((actor) =>
    [STANDING_ORDER.retailer, STANDING_ORDER.buyerA].map((id): RuleCase => ({
      actor,
      op: 'get',
      path: paths.standingOrder(id),
      expect: 'allow',
      why: `a standing order of their company (${id})`,
    })),
  ),
  {
    actor: 'another',
    op: 'get',
    path: paths.standingOrder(STANDING_ORDER.another),
    expect: 'allow',
    why: "their company's standing order",
  },
  {
    actor: 'memberB',
    op: 'get',
    path: paths.standingOrder(STANDING_ORDER.another),
    expect: 'deny',
    why: "a buyer: their owner's standing order, to no location assigned to them",
  },
  {
    actor: 'manager',
    op: 'get',
    path: paths.standingOrder(STANDING_ORDER.retailer),
    expect: 'allow',
    why: 'managers read all standing orders',
  },
  // One from before companies (no company_id) is its buyer's company's (companyOfRecord), as
  // manageStandingOrder decides too.
  ...(
    [
      ['another', 'allow', 'own standing order from before companies'],
      ['memberB', 'deny', "a buyer: their owner's standing order from before companies"],
      ['retailer', 'deny', "company B's standing order from before companies"],
      ['removedA', 'deny', "company B's standing order from before companies"],
    ] as const
  ).map(([actor, expect, why]): RuleCase => ({
    actor,
    op: 'get',
    path: paths.standingOrder(STANDING_ORDER.beforeCompanies),
    expect,
    why,
  })),
  ...outsidersOfA.flatMap(([actor, why]) =>
    [STANDING_ORDER.retailer, STANDING_ORDER.buyerA].map((id): RuleCase => ({
      actor,
      op: 'get',
      path: paths.standingOrder(id),
      expect: 'deny',
      why,
    })),
  ),
  ...membersOfA.map((actor): RuleCase => ({
    actor,
    op: 'get',
    path: paths.standingOrder(STANDING_ORDER.another),
    expect: 'deny',
    why: "company B's standing order",
  })),

  // list: owners and viewers by the company; a buyer by their locations or their own.
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
    path: STANDING_ORDERS,
    query: ofCompany(companyId),
    expect: 'allow',
    why: "My Account lists the company's standing orders",
  })),
  ...(
    [
      ['buyerA', COMPANY.A],
      ['memberB', COMPANY.B],
    ] as const
  ).map(([actor, companyId]): RuleCase => ({
    actor,
    op: 'list',
    path: STANDING_ORDERS,
    query: ofCompany(companyId),
    expect: 'deny',
    why: "a buyer: every standing order of the company, other locations' included",
  })),
  {
    actor: 'buyerA',
    op: 'list',
    path: STANDING_ORDERS,
    query: {
      where: [
        ['company_id', '==', COMPANY.A],
        ['location_id', 'in', [LOCATION]],
      ],
    },
    expect: 'allow',
    why: 'a buyer: the standing orders of their locations',
  },
  {
    actor: 'buyerA',
    op: 'list',
    path: STANDING_ORDERS,
    query: {
      where: [
        ['company_id', '==', COMPANY.A],
        ['user_id', '==', U.buyerA],
      ],
    },
    expect: 'allow',
    why: 'a buyer: the standing orders they set up',
  },
  ...outsidersOfA.map(([actor, why]): RuleCase => ({
    actor,
    op: 'list',
    path: STANDING_ORDERS,
    query: ofCompany(COMPANY.A),
    expect: 'deny',
    why: `naming company A: ${why}`,
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
    path: STANDING_ORDERS,
    query: ofCompany(companyId),
    expect: 'deny',
    why: `own company, ${why}`,
  })),
  ...membersOfA.map((actor): RuleCase => ({
    actor,
    op: 'list',
    path: STANDING_ORDERS,
    query: ofCompany(COMPANY.B),
    expect: 'deny',
    why: 'a member of A naming company B',
  })),
  {
    actor: 'retailer',
    op: 'list',
    path: STANDING_ORDERS,
    query: { where: [['user_id', '==', U.retailer]] },
    expect: 'deny',
    why: 'the old per-buyer query: the company filter is required',
  },
  ...ACTORS.filter((a) => a !== 'manager').map((actor): RuleCase => ({
    actor,
    op: 'list',
    path: STANDING_ORDERS,
    query: { orderBy: [['created_at', 'desc']] },
    expect: 'deny',
    why: 'all standing orders without the company filter',
  })),
  {
    actor: 'manager',
    op: 'list',
    path: STANDING_ORDERS,
    query: { orderBy: [['created_at', 'desc']], limit: 500 },
    expect: 'allow',
    why: 'the managers\u2019 standing orders tab',
  },

  // create, update, delete: functions only.
  ...everyone.map((actor): RuleCase => ({
    actor,
    op: 'create',
    path: paths.standingOrder('forged-standing'),
    data: {
      user_id: uidOf(actor),
      company_id: COMPANY.A,
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
  {
    actor: 'memberB',
    op: 'update',
    path: paths.standingOrder(STANDING_ORDER.buyerA),
    data: { company_id: COMPANY.B },
    expect: 'deny',
    why: "moving another company's standing order into their own",
  },
  ...everyone.map((actor): RuleCase => ({
    actor,
    op: 'delete',
    path: paths.standingOrder(STANDING_ORDER.retailer),
    expect: 'deny',
    why: 'cancelled, never deleted',
  })),
];
