import { COLLECTIONS, paths } from '@portal/domain';
import { ALL_ACTORS, COMPANY, type Actor } from '../support/actors';
import type { Operation, QuerySpec, RuleCase } from '../support/matrix';
import { QUOTE } from '../support/seed';

/**
 * quotes/{quoteId} (docs/order-lifecycle.md#draft-orders-and-quotes): written only by the
 * functions, managers included (a client that could write one would set its own prices or accept
 * it unpaid). Managers read every one, drafts included; an approved member of the quote's company
 * (a viewer too) reads its sent quotes, never a draft: a list must filter on company_id and on
 * state in the four sent states, as the Quotes tab does.
 */

const OPERATIONS: Operation[] = ['get', 'list', 'create', 'update', 'delete'];

/** Who reads company A's sent quotes: its approved members, and managers. */
const READS_A: readonly Actor[] = ['retailer', 'buyerA', 'viewerA', 'manager'];

const SENT_STATES = ['sent', 'accepted', 'declined', 'expired'];

/** The Quotes tab's query: the company's quotes once sent, newest first. */
const sentOf = (companyId: string): QuerySpec => ({
  where: [
    ['company_id', '==', companyId],
    ['state', 'in', SENT_STATES],
  ],
  orderBy: [['created_at', 'desc']],
});

/** A quote a buyer would like to have: its prices halved, already accepted. */
const FORGED_QUOTE = {
  state: 'accepted',
  company_id: COMPANY.A,
  lines: [
    {
      product_id: 'active-1',
      name: 'x',
      quantity: 10,
      catalog_unit_amount: 3499,
      unit_amount: 1,
      line_total: 10,
    },
  ],
  amount: 10,
};

export const quoteCases: RuleCase[] = [
  ...ALL_ACTORS.flatMap((actor) =>
    OPERATIONS.map((op): RuleCase => {
      const allowed = (op === 'get' || op === 'list') && READS_A.includes(actor);
      return {
        actor,
        op,
        path:
          op === 'list'
            ? COLLECTIONS.quotes
            : op === 'create'
              ? paths.quote(`new-${actor}`)
              : paths.quote(QUOTE.aSent),
        ...(op === 'list' ? { query: sentOf(COMPANY.A) } : {}),
        expect: allowed ? 'allow' : 'deny',
        why: allowed
          ? actor === 'manager'
            ? 'managers read every quote'
            : "a member reads the company's sent quotes"
          : op === 'get' || op === 'list'
            ? "not an approved member of company A: another company's quotes"
            : 'only the functions write quotes',
        ...(op === 'create' || op === 'update' ? { data: FORGED_QUOTE } : {}),
      };
    }),
  ),
  // A draft: the managers' alone.
  {
    actor: 'manager',
    op: 'get',
    path: paths.quote(QUOTE.aDraft),
    expect: 'allow',
    why: 'managers read drafts',
  },
  ...(['retailer', 'buyerA', 'viewerA', 'memberB'] as const).map((actor): RuleCase => ({
    actor,
    op: 'get',
    path: paths.quote(QUOTE.aDraft),
    expect: 'deny',
    why: 'a draft is never the buyers’',
  })),
  {
    actor: 'retailer',
    op: 'get',
    path: paths.quote(QUOTE.aAccepted),
    expect: 'allow',
    why: "an accepted quote of the company's",
  },
  // A member's list that could return a draft is refused.
  ...(['retailer', 'buyerA', 'viewerA'] as const).flatMap((actor): RuleCase[] => [
    {
      actor,
      op: 'list',
      path: COLLECTIONS.quotes,
      query: { where: [['company_id', '==', COMPANY.A]], orderBy: [['created_at', 'desc']] },
      expect: 'deny',
      why: 'not filtered to sent quotes: it would return drafts',
    },
    {
      actor,
      op: 'list',
      path: COLLECTIONS.quotes,
      query: {
        where: [
          ['company_id', '==', COMPANY.A],
          ['state', '==', 'draft'],
        ],
      },
      expect: 'deny',
      why: 'the drafts themselves',
    },
    {
      actor,
      op: 'list',
      path: COLLECTIONS.quotes,
      query: {
        where: [
          ['company_id', '==', COMPANY.A],
          ['state', '==', 'sent'],
        ],
      },
      expect: 'allow',
      why: 'the open quotes only',
    },
  ]),
  // The managers' lists: by state, newest first; and every quote, newest first.
  {
    actor: 'manager',
    op: 'list',
    path: COLLECTIONS.quotes,
    query: { where: [['state', '==', 'draft']], orderBy: [['created_at', 'desc']] },
    expect: 'allow',
    why: 'the managers’ drafts',
  },
  {
    actor: 'manager',
    op: 'list',
    path: COLLECTIONS.quotes,
    query: { orderBy: [['created_at', 'desc']] },
    expect: 'allow',
    why: 'every quote, newest first',
  },
  // Another company's quotes.
  {
    actor: 'memberB',
    op: 'get',
    path: paths.quote(QUOTE.bSent),
    expect: 'allow',
    why: 'own company',
  },
  ...(['retailer', 'buyerA', 'viewerA', 'removedA'] as const).map((actor): RuleCase => ({
    actor,
    op: 'get',
    path: paths.quote(QUOTE.bSent),
    expect: 'deny',
    why: "another company's quote",
  })),
  ...(['retailer', 'buyerA', 'viewerA'] as const).map((actor): RuleCase => ({
    actor,
    op: 'list',
    path: COLLECTIONS.quotes,
    query: sentOf(COMPANY.B),
    expect: 'deny',
    why: "another company's quotes",
  })),
  // Accepting, declining or repricing by hand, and a manager's write around the callables.
  ...(['retailer', 'buyerA'] as const).flatMap((actor): RuleCase[] => [
    {
      actor,
      op: 'update',
      path: paths.quote(QUOTE.aSent),
      data: { state: 'declined', decline_reason: 'Too dear' },
      expect: 'deny',
      why: 'a buyer declines through declineQuote',
    },
    {
      actor,
      op: 'update',
      path: paths.quote(QUOTE.aSent),
      data: { expires_at: new Date('2099-01-01T00:00:00Z') },
      expect: 'deny',
      why: 'nobody moves an expiry by hand',
    },
  ]),
  {
    actor: 'manager',
    op: 'update',
    path: paths.quote(QUOTE.aDraft),
    data: { state: 'sent', number: 'Q-000009' },
    expect: 'deny',
    why: 'a manager sends through sendDraftOrder (the number is the functions’)',
  },
  {
    actor: 'manager',
    op: 'delete',
    path: paths.quote(QUOTE.aDraft),
    expect: 'deny',
    why: 'a manager deletes a draft through deleteDraftOrder',
  },
  // The quote numbers' counter: the functions' alone.
  ...(['manager', 'retailer'] as const).flatMap((actor): RuleCase[] => [
    { actor, op: 'get', path: paths.quoteCounter(), expect: 'deny', why: 'server only' },
    {
      actor,
      op: 'update',
      path: paths.quoteCounter(),
      data: { next: 1 },
      expect: 'deny',
      why: 'a number handed out twice',
    },
  ]),
];
