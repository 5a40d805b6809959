import { COLLECTIONS, paths } from '@portal/domain';
import { ALL_ACTORS, COMPANY, type Actor } from '../support/actors';
import type { Operation, RuleCase } from '../support/matrix';
import { CLAIM, ORDER } from '../support/seed';

/**
 * claims/{claimId} (docs/order-lifecycle.md#claims): written only by the functions (reportClaim
 * and the managers' callables), managers included: a buyer who could write a claim would settle
 * it themselves, or report more than was shipped. Every approved member of the claim's company
 * reads it (a viewer too; a list filtered on company_id), managers all (the Claims queue).
 *
 * store_credit/{companyId} and its entries (docs/payments.md#store-credit): server only writes;
 * the company's members read theirs, managers all.
 */

const OPERATIONS: Operation[] = ['get', 'list', 'create', 'update', 'delete'];

/** Who reads company A's claims and store credit: its approved members, and managers. */
const READS_A: readonly Actor[] = ['retailer', 'buyerA', 'viewerA', 'manager'];

const ofCompanyA = { where: [['company_id', '==', COMPANY.A]] as [string, '==', unknown][] };

/** A claim a buyer would like to have: reported, and already settled as a large store credit. */
const FORGED_CLAIM = {
  order_id: ORDER.buyerA,
  company_id: COMPANY.A,
  user_id: 'rules-buyer-a',
  kind: 'damaged',
  lines: [{ product_id: 'active-1', name: 'x', quantity: 99, unit_amount: 3499 }],
  status: 'settled',
  value: 346_401,
};

export const claimCases: RuleCase[] = [
  ...ALL_ACTORS.flatMap((actor) =>
    OPERATIONS.map((op): RuleCase => {
      const allowed = (op === 'get' || op === 'list') && READS_A.includes(actor);
      return {
        actor,
        op,
        path:
          op === 'list'
            ? COLLECTIONS.claims
            : op === 'create'
              ? paths.claim(`new-${actor}`)
              : paths.claim(CLAIM.a),
        ...(op === 'list' ? { query: ofCompanyA } : {}),
        expect: allowed ? 'allow' : 'deny',
        why: allowed
          ? actor === 'manager'
            ? 'managers read every claim'
            : "a member reads the company's claims"
          : op === 'get' || op === 'list'
            ? "not an approved member of company A: another company's claims"
            : 'only the functions write claims',
        ...(op === 'create' || op === 'update' ? { data: FORGED_CLAIM } : {}),
      };
    }),
  ),
  // The managers' queue: one status, newest first; and every claim, newest first.
  {
    actor: 'manager',
    op: 'list',
    path: COLLECTIONS.claims,
    query: { where: [['status', '==', 'new']], orderBy: [['created_at', 'desc']] },
    expect: 'allow',
    why: 'the Claims queue by status',
  },
  {
    actor: 'manager',
    op: 'list',
    path: COLLECTIONS.claims,
    query: { orderBy: [['created_at', 'desc']] },
    expect: 'allow',
    why: 'every claim, newest first',
  },
  // A member's pages: the company's claims newest first, and one order's.
  {
    actor: 'viewerA',
    op: 'list',
    path: COLLECTIONS.claims,
    query: { ...ofCompanyA, orderBy: [['created_at', 'desc']] },
    expect: 'allow',
    why: "the company's claims, newest first",
  },
  {
    actor: 'buyerA',
    op: 'list',
    path: COLLECTIONS.claims,
    query: {
      where: [
        ['company_id', '==', COMPANY.A],
        ['order_id', '==', ORDER.buyerA],
      ],
    },
    expect: 'allow',
    why: "one order's claims",
  },
  // A list not fixed to the caller's company, or fixed to another's, is refused.
  ...(['retailer', 'buyerA', 'memberB'] as const).map((actor): RuleCase => ({
    actor,
    op: 'list',
    path: COLLECTIONS.claims,
    query: { where: [['status', '==', 'new']] },
    expect: 'deny',
    why: "the queue is the managers'",
  })),
  ...(['retailer', 'buyerA', 'viewerA'] as const).map((actor): RuleCase => ({
    actor,
    op: 'list',
    path: COLLECTIONS.claims,
    query: { where: [['company_id', '==', COMPANY.B]] },
    expect: 'deny',
    why: "another company's claims",
  })),
  {
    actor: 'memberB',
    op: 'get',
    path: paths.claim(CLAIM.b),
    expect: 'allow',
    why: 'own company',
  },
  ...(['retailer', 'buyerA', 'viewerA', 'removedA'] as const).map((actor): RuleCase => ({
    actor,
    op: 'get',
    path: paths.claim(CLAIM.b),
    expect: 'deny',
    why: "another company's claim",
  })),
  // A member answering or settling their own claim by hand.
  ...(['retailer', 'buyerA'] as const).map((actor): RuleCase => ({
    actor,
    op: 'update',
    path: paths.claim(CLAIM.a),
    data: { status: 'settled' },
    expect: 'deny',
    why: 'only the functions move a claim',
  })),
  {
    actor: 'manager',
    op: 'update',
    path: paths.claim(CLAIM.a),
    data: { status: 'rejected', rejection_reason: 'No photo' },
    expect: 'deny',
    why: 'a manager rejects through rejectClaim',
  },
];

const FORGED_BALANCE = { balance: 1_000_000, updated_at: new Date() };
const FORGED_ENTRY = { kind: 'claim', amount: 1_000_000, balance_after: 1_000_000, at: new Date() };

/** store_credit/{companyId}: members get theirs, managers get and list; nobody writes. */
export const storeCreditCases: RuleCase[] = [
  ...ALL_ACTORS.flatMap((actor) =>
    OPERATIONS.map((op): RuleCase => {
      const allowed =
        (op === 'get' && READS_A.includes(actor)) || (op === 'list' && actor === 'manager');
      return {
        actor,
        op,
        path:
          op === 'list'
            ? COLLECTIONS.storeCredit
            : op === 'create'
              ? paths.storeCredit(`new-${actor}`)
              : paths.storeCredit(COMPANY.A),
        expect: allowed ? 'allow' : 'deny',
        why: allowed
          ? actor === 'manager'
            ? 'managers read every balance'
            : "a member reads the company's store credit"
          : op === 'get'
            ? "not an approved member of company A: another company's credit"
            : op === 'list'
              ? 'only managers list the balances'
              : 'only the functions change store credit',
        ...(op === 'create' || op === 'update' ? { data: FORGED_BALANCE } : {}),
      };
    }),
  ),
  {
    actor: 'memberB',
    op: 'get',
    path: paths.storeCredit(COMPANY.B),
    expect: 'allow',
    why: 'own company',
  },
  ...(['retailer', 'buyerA', 'viewerA'] as const).map((actor): RuleCase => ({
    actor,
    op: 'get',
    path: paths.storeCredit(COMPANY.B),
    expect: 'deny',
    why: "another company's credit",
  })),
];

/** store_credit/{companyId}/entries/{entryId}: the company's members and managers read them. */
export const storeCreditEntryCases: RuleCase[] = [
  ...ALL_ACTORS.flatMap((actor) =>
    OPERATIONS.map((op): RuleCase => {
      const allowed = (op === 'get' || op === 'list') && READS_A.includes(actor);
      return {
        actor,
        op,
        path:
          op === 'list'
            ? paths.storeCreditEntries(COMPANY.A)
            : op === 'create'
              ? paths.storeCreditEntry(COMPANY.A, `new-${actor}`)
              : paths.storeCreditEntry(COMPANY.A, 'entry-1'),
        ...(op === 'list' ? { query: { orderBy: [['at', 'desc']] } } : {}),
        expect: allowed ? 'allow' : 'deny',
        why: allowed
          ? actor === 'manager'
            ? 'managers read every history'
            : "a member reads the company's credit history"
          : op === 'get' || op === 'list'
            ? "not an approved member of company A: another company's history"
            : 'only the functions record credit',
        ...(op === 'create' || op === 'update' ? { data: FORGED_ENTRY } : {}),
      };
    }),
  ),
  ...(['retailer', 'buyerA', 'viewerA'] as const).map((actor): RuleCase => ({
    actor,
    op: 'list',
    path: paths.storeCreditEntries(COMPANY.B),
    expect: 'deny',
    why: "another company's history",
  })),
];
