import { serverTimestamp, Timestamp } from 'firebase/firestore/lite';
import { COLLECTIONS } from '@portal/domain';
import { ACTORS, type Actor } from '../support/actors';
import type { Operation, RuleCase } from '../support/matrix';

/**
 * newsletter_signups (create-only for anyone, with a strict shape); audit_log, stripe_events and
 * checkout_locks (functions only: every client request is denied, managers included).
 */

const everyone: Actor[] = [...ACTORS, 'applicant'];
const NEWSLETTER = COLLECTIONS.newsletterSignups;

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

export const newsletterCases: RuleCase[] = [
  ...everyone.map((actor): RuleCase => ({
    actor,
    op: 'create',
    path: `${NEWSLETTER}/signup-${actor}`,
    data: signup(),
    expect: 'allow',
    why: 'anyone may subscribe',
  })),
  {
    actor: 'anonymous',
    op: 'create',
    path: `${NEWSLETTER}/bad-1`,
    data: signup({ email: 'not-an-email' }),
    expect: 'deny',
    why: 'not an email',
  },
  {
    actor: 'anonymous',
    op: 'create',
    path: `${NEWSLETTER}/bad-2`,
    data: signup({ email: 'two words@example.com' }),
    expect: 'deny',
    why: 'space in the address',
  },
  {
    actor: 'anonymous',
    op: 'create',
    path: `${NEWSLETTER}/bad-3`,
    data: signup({ email: `${'a'.repeat(250)}@example.com` }),
    expect: 'deny',
    why: 'over 254 characters',
  },
  {
    actor: 'anonymous',
    op: 'create',
    path: `${NEWSLETTER}/bad-4`,
    data: signup({ email: 42 }),
    expect: 'deny',
    why: 'not a string',
  },
  {
    actor: 'anonymous',
    op: 'create',
    path: `${NEWSLETTER}/bad-5`,
    data: signup({ source: 'footer' }),
    expect: 'deny',
    why: 'extra field',
  },
  {
    actor: 'anonymous',
    op: 'create',
    path: `${NEWSLETTER}/bad-6`,
    data: { email: 'buyer@example.com' },
    expect: 'deny',
    why: 'no created_at',
  },
  {
    actor: 'anonymous',
    op: 'create',
    path: `${NEWSLETTER}/bad-7`,
    data: signup({ created_at: Timestamp.fromDate(new Date('2020-01-01')) }),
    expect: 'deny',
    why: 'client timestamp',
  },
  {
    actor: 'retailer',
    op: 'create',
    path: `${NEWSLETTER}/signup-1`,
    data: signup(),
    expect: 'deny',
    why: 'overwriting an existing signup is an update',
  },
  ...everyone.map((actor): RuleCase => ({
    actor,
    op: 'get',
    path: `${NEWSLETTER}/signup-1`,
    expect: 'deny',
    why: 'addresses are private',
  })),
  ...everyone.map((actor): RuleCase => ({
    actor,
    op: 'list',
    path: NEWSLETTER,
    expect: 'deny',
    why: 'addresses are private',
  })),
  ...everyone.map((actor): RuleCase => ({
    actor,
    op: 'update',
    path: `${NEWSLETTER}/signup-1`,
    data: { email: 'other@example.com' },
    expect: 'deny',
  })),
  ...everyone.map((actor): RuleCase => ({
    actor,
    op: 'delete',
    path: `${NEWSLETTER}/signup-1`,
    expect: 'deny',
  })),
];

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

export const stripeCustomerCases: RuleCase[] = closed(
  COLLECTIONS.stripeCustomers,
  'rules-retailer',
  { customer_id: 'cus_hijack' },
);

/** checkouts: managers read them (abandoned checkouts); nobody writes one from a client. */
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
