import { serverTimestamp } from 'firebase/firestore/lite';
import { COLLECTIONS } from '@portal/domain';
import { ACTORS, type Actor } from '../support/actors';
import type { Operation, RuleCase } from '../support/matrix';

/**
 * Collections only the functions write: newsletter_subscribers, mail, rate_limits, audit_log,
 * stripe_events, checkout_locks, counters, stripe_customers, sales_days, sales_weeks,
 * sales_months, claim_rollups, app_check_tokens, invitations (every client request is denied, managers
 * included); checkouts,
 * which managers
 * may read.
 */

const everyone: Actor[] = [...ACTORS, 'applicant'];
const NEWSLETTER = COLLECTIONS.newsletterSubscribers;

const signup = (overrides: Record<string, unknown> = {}) => ({
  email: 'buyer@example.com',
  created_at: serverTimestamp(),
  ...overrides,
});

/** get, list, create, update, delete of one seeded document, denied for every actor. */
function closed(collection: string, docId: string, data: Record<string, unknown>): RuleCase[] {
  const ops: Operation[] = ['get', 'list', 'create', 'update', 'delete'];
  return everyone.flatMap((actor) =>
    ops.map((op): RuleCase => {
      const path =
        op === 'list'
          ? collection
          : op === 'create'
            ? `${collection}/new-${actor}`
            : `${collection}/${docId}`;
      return {
        actor,
        op,
        path,
        expect: 'deny',
        ...(op === 'create' || op === 'update' ? { data } : {}),
      };
    }),
  );
}

/**
 * newsletter_subscribers: only the newsletter callables write it (double opt-in, one document per
 * address, rate limited). The old open signup shape is refused too: no visitor can fill it.
 */
export const newsletterCases: RuleCase[] = [
  ...closed(NEWSLETTER, 'subscriber-1', {
    email: 'fan@example.com',
    state: 'confirmed',
    token: 't'.repeat(43),
  }),
  ...everyone.map((actor): RuleCase => ({
    actor,
    op: 'create',
    path: `${NEWSLETTER}/signup-${actor}`,
    data: signup(),
    expect: 'deny',
    why: 'subscribing goes through subscribeNewsletter (confirmation mail, rate limits)',
  })),
];

/**
 * mail: the outbox. Only functions queue messages; a client that could write one would send mail
 * from the brand's address to anyone, and one that could read them would see reset links.
 */
export const mailCases: RuleCase[] = [
  ...closed(COLLECTIONS.mail, 'order-confirmation.order-retailer', {
    to: ['victim@example.com'],
    message: { subject: 'Reset your password', text: 'x', html: 'x' },
  }),
  {
    actor: 'retailer',
    op: 'update',
    path: `${COLLECTIONS.mail}/order-confirmation.order-retailer`,
    data: { to: ['attacker@example.com'] },
    expect: 'deny',
    why: 'redirecting a queued message',
  },
];

/** rate_limits: the callables' counters; a client could reset its own limit. */
export const rateLimitCases: RuleCase[] = closed(COLLECTIONS.rateLimits, 'reset-ip.abc', {
  count: 0,
  window_start: serverTimestamp(),
});

/**
 * app_check_tokens: the limited-use App Check tokens the local stack has spent; a client that
 * could delete one would replay it.
 */
export const appCheckTokenCases: RuleCase[] = closed(COLLECTIONS.appCheckTokens, 'jti-1', {
  app_id: '1:000000000000:web:000000000000',
  spent_at: serverTimestamp(),
  expires_at: serverTimestamp(),
});

export const auditLogCases: RuleCase[] = closed(COLLECTIONS.auditLog, 'entry-1', {
  action: 'profile.status_changed',
  actor: 'rules-manager',
  target: 'rules-pending',
  from: 'pending',
  to: 'approved',
  at: serverTimestamp(),
});

export const stripeEventCases: RuleCase[] = closed(COLLECTIONS.stripeEvents, 'evt_1', {
  type: 'checkout.session.completed',
  order_id: 'order-retailer',
  at: serverTimestamp(),
});

export const checkoutLockCases: RuleCase[] = closed(COLLECTIONS.checkoutLocks, 'rules-retailer', {
  order_id: 'order-retailer',
  at: serverTimestamp(),
});

export const invoiceCounterCases: RuleCase[] = closed(COLLECTIONS.counters, 'invoices', {
  next: 1,
});

/**
 * The sales rollups: every store's revenue, kept by the functions in the order's transaction.
 * Managers see them only through getSalesOverview; a client write would falsify the figures.
 */
export const salesRollupCases: RuleCase[] = [
  ...closed(COLLECTIONS.salesDays, '2025-10-15', { revenue: 0 }),
  ...closed(COLLECTIONS.salesWeeks, '2025-10-13', { revenue: 0 }),
  ...closed(COLLECTIONS.salesMonths, '2025-10', { revenue: 0 }),
  // What each claim counts in them (the claims' trigger): the same, server only.
  ...closed(COLLECTIONS.claimRollups, 'claim-1', { status: 'new' }),
];

/**
 * invitations: the link's token is kept as a hash, with the invited address; members and
 * managers see them only through the functions (listCompanyMembers), and only the functions
 * write them (inviteMember, acceptInvitation, ...).
 */
export const invitationCases: RuleCase[] = [
  ...closed(COLLECTIONS.invitations, 'invitation-1', {
    company_id: 'rules-retailer',
    email: 'me@example.com',
    role: 'owner',
    location_ids: [],
    status: 'accepted',
  }),
  {
    actor: 'retailer',
    op: 'update',
    path: `${COLLECTIONS.invitations}/invitation-1`,
    data: { status: 'accepted', accepted_by: 'rules-retailer' },
    expect: 'deny',
    why: "the company's owner marking its invitation accepted (joining is acceptInvitation's)",
  },
];

export const stripeCustomerCases: RuleCase[] = closed(
  COLLECTIONS.stripeCustomers,
  'rules-retailer',
  { customer_id: 'cus_hijack' },
);

/** checkouts: managers read them (abandoned checkouts); nobody writes one from a client. */
/**
 * order_notes/{orderId}: the managers' internal refund notes. Even the buyer whose order it is
 * cannot read them (the order itself they can); managers read them; nobody writes them.
 */
export const orderNotesCases: RuleCase[] = [
  ...closed(COLLECTIONS.orderNotes, 'order-retailer', {
    order_id: 'order-retailer',
    refunds: {},
  }).filter((c) => c.actor !== 'manager' || (c.op !== 'get' && c.op !== 'list')),
  {
    actor: 'manager',
    op: 'get',
    path: `${COLLECTIONS.orderNotes}/order-retailer`,
    expect: 'allow',
    why: "the order's internal refund notes",
  },
  {
    actor: 'manager',
    op: 'list',
    path: COLLECTIONS.orderNotes,
    expect: 'allow',
    why: 'managers read every note',
  },
];

export const checkoutCases: RuleCase[] = [
  ...closed(COLLECTIONS.checkouts, 'checkout-retailer', {
    user_id: 'rules-retailer',
    state: 'completed',
    amount: 1,
  }).filter((c) => c.actor !== 'manager' || (c.op !== 'get' && c.op !== 'list')),
  {
    actor: 'manager',
    op: 'get',
    path: `${COLLECTIONS.checkouts}/checkout-retailer`,
    expect: 'allow',
    why: 'abandoned checkouts view',
  },
  {
    actor: 'manager',
    op: 'list',
    path: COLLECTIONS.checkouts,
    expect: 'allow',
    why: 'abandoned checkouts view',
  },
];

/**
 * product_photos: the functions' verdict on an uploaded product photo. Managers read it (the
 * catalog editor waits for it); nobody writes one from a client, a manager included.
 */
export const productPhotoCases: RuleCase[] = [
  ...closed(COLLECTIONS.productPhotos, 'photo-1', {
    product_id: 'p',
    status: 'ready',
    sizes: [],
  }).filter((c) => c.actor !== 'manager' || (c.op !== 'get' && c.op !== 'list')),
  {
    actor: 'manager',
    op: 'get',
    path: `${COLLECTIONS.productPhotos}/photo-1`,
    expect: 'allow',
    why: 'the catalog editor waits for the verdict',
  },
  {
    actor: 'manager',
    op: 'list',
    path: COLLECTIONS.productPhotos,
    expect: 'allow',
    why: 'the catalog editor waits for the verdict',
  },
];

/**
 * products/{productId}/stock_shards/{shard}: the functions' stock counters (docs/stock.md). A
 * client that could write one would hold or free units at will; none reads them (the product's
 * stock_on_hand and stock_reserved are their fold).
 */
export const stockShardCases: RuleCase[] = closed(
  `${COLLECTIONS.products}/active-1/${COLLECTIONS.stockShards}`,
  '0',
  { free: 1000, held: 0, taken: 0, dirty: false },
);
