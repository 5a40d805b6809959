import { doc, serverTimestamp, Timestamp, updateDoc } from 'firebase/firestore/lite';
import { paths } from '@portal/domain';
import { ACTORS, uidOf, type Actor } from '../support/actors';
import type { RuleCase } from '../support/matrix';
import { U } from '../support/seed';

/** profiles/{uid}: own read whatever the status, no client creates, store_name edits only. */

const PROFILES = 'profiles';
const hasProfile = (actor: Actor) => actor !== 'anonymous' && actor !== 'applicant';
const approvedBuyers: Actor[] = ['retailer', 'wholesaler', 'another'];

/** The sign-up write of the web client (profiles in docs/data-model.md), for `uid`. */
function application(
  uid: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    user_id: uid,
    full_name: 'Ada Applicant',
    store_name: 'Corner Smoke Shop',
    seller_permit_id: 'SR-ABC-123456',
    role: 'retailer',
    status: 'pending',
    created_at: serverTimestamp(),
    ...overrides,
  };
}

/** The web's rename: the new name and the commit time (packages/domain STORE_RENAME_INTERVAL_MS). */
function rename(storeName: unknown, at: unknown = serverTimestamp()): Record<string, unknown> {
  return { store_name: storeName, store_name_changed_at: at };
}

const self = (actor: Actor) => paths.profile(uidOf(actor));

export const profileCases: RuleCase[] = [
  // get: own profile for everybody signed in (login reads the status), others' only for managers.
  ...ACTORS.filter(hasProfile).map((actor): RuleCase => ({
    actor,
    op: 'get',
    path: self(actor),
    expect: 'allow',
    why: 'own profile',
  })),
  {
    actor: 'applicant',
    op: 'get',
    path: self('applicant'),
    expect: 'allow',
    why: 'own, not written yet',
  },
  ...ACTORS.filter((a) => a !== 'retailer' && a !== 'manager').map((actor): RuleCase => ({
    actor,
    op: 'get',
    path: paths.profile(U.retailer),
    expect: 'deny',
    why: "another user's profile",
  })),
  {
    actor: 'manager',
    op: 'get',
    path: paths.profile(U.retailer),
    expect: 'allow',
    why: 'managers read all profiles',
  },
  { actor: 'manager', op: 'get', path: paths.profile(U.pending), expect: 'allow' },
  { actor: 'retailer', op: 'get', path: paths.profile(U.manager), expect: 'deny' },

  // list: managers only (user management, total users).
  ...ACTORS.map((actor): RuleCase => ({
    actor,
    op: 'list',
    path: PROFILES,
    query: { orderBy: [['created_at', 'desc']] },
    expect: actor === 'manager' ? 'allow' : 'deny',
  })),
  {
    actor: 'manager',
    op: 'list',
    path: PROFILES,
    query: { aggregate: 'count' },
    expect: 'allow',
    why: 'total users',
  },
  { actor: 'retailer', op: 'list', path: PROFILES, query: { aggregate: 'count' }, expect: 'deny' },
  {
    actor: 'manager',
    op: 'list',
    path: PROFILES,
    query: { where: [['status', '==', 'pending']] },
    expect: 'allow',
  },
  {
    actor: 'retailer',
    op: 'list',
    path: PROFILES,
    query: { where: [['user_id', '==', U.retailer]] },
    expect: 'deny',
    why: 'buyers get their profile, never list',
  },
  {
    actor: 'pending',
    op: 'list',
    path: PROFILES,
    query: { where: [['status', '==', 'approved']] },
    expect: 'deny',
  },

  // create: nobody. The submitApplication function writes the pending profile (its limits per IP
  // and per address, and the rule that no applicant text is mailed to an unverified address,
  // would otherwise be walked around by writing the profile directly).
  ...(
    [
      [application(U.applicant), 'the old sign-up write, as retailer'],
      [application(U.applicant, { role: 'wholesaler' }), 'the old sign-up write, as wholesaler'],
      [application(U.applicant, { status: 'approved' }), 'self-approval'],
      [application(U.applicant, { role: 'manager' }), 'self-made manager'],
      [application(U.applicant, { store_name: 'Visit https://evil.test/login' }), 'a link'],
      [application(U.applicant, { store_name: 'Shop \u202egnp.exe' }), 'a bidi override'],
    ] as const
  ).map(([data, why]): RuleCase => ({
    actor: 'applicant',
    op: 'create',
    path: self('applicant'),
    data,
    expect: 'deny',
    why: `${why}: profiles are written by submitApplication`,
  })),
  ...ACTORS.map((actor): RuleCase => ({
    actor,
    op: 'create',
    path: paths.profile('rules-someone-else'),
    data: application('rules-someone-else'),
    expect: 'deny',
    why: "a profile for someone else's uid",
  })),

  // update: an approved buyer changes store_name of their own profile, nothing else, stamping
  // store_name_changed_at with the commit time, at most once a minute.
  ...approvedBuyers.map((actor): RuleCase => ({
    actor,
    op: 'update',
    path: self(actor),
    data: rename('Renamed Store'),
    expect: 'allow',
    why: 'own store_name',
  })),
  ...(['pending', 'rejected', 'manager'] as const).map((actor): RuleCase => ({
    actor,
    op: 'update',
    path: self(actor),
    data: rename('Renamed Store'),
    expect: 'deny',
    why: 'not an approved buyer',
  })),
  {
    actor: 'retailer',
    op: 'update',
    path: self('retailer'),
    data: { store_name: 'Renamed Store' },
    expect: 'deny',
    why: 'a rename without its time',
  },
  {
    actor: 'retailer',
    op: 'update',
    path: self('retailer'),
    data: rename('Renamed Store', Timestamp.fromDate(new Date('2020-01-01'))),
    expect: 'deny',
    why: "a rename with the browser's time",
  },
  {
    actor: 'retailer',
    op: 'update',
    path: self('retailer'),
    data: { store_name_changed_at: serverTimestamp() },
    expect: 'allow',
    why: 'the time alone (no rename) is harmless, and starts the wait',
  },
  {
    actor: 'wholesaler',
    op: 'update',
    path: self('wholesaler'),
    run: async (db) => {
      await updateDoc(doc(db, self('wholesaler')), rename('Electric Slush HQ'));
      await updateDoc(doc(db, self('wholesaler')), rename('Electric Slush HQ 2'));
    },
    expect: 'deny',
    why: 'a second rename within the minute (each rename runs the triggers)',
  },
  ...(
    [
      ['Shop \u202egnp.exe', 'a right-to-left override'],
      ['\u2066Shop\u2069', 'bidi isolates'],
      ['Shop\u200f', 'a right-to-left mark'],
      ['Shop\u061c', 'an Arabic letter mark'],
      ['Shop\nBcc: x@evil.test', 'a line break'],
      ['Shop\u0000', 'a NUL'],
      ['Shop\u0085', 'a C1 control'],
      ['Shop\u2028', 'a line separator'],
    ] as const
  ).map(([name, why]): RuleCase => ({
    actor: 'retailer',
    op: 'update',
    path: self('retailer'),
    data: rename(name),
    expect: 'deny',
    why: `a store name with ${why}`,
  })),
  {
    actor: 'retailer',
    op: 'update',
    path: self('retailer'),
    data: rename('متجر السحاب 🧊'),
    expect: 'allow',
    why: 'a store name in any script, with emoji',
  },
  ...approvedBuyers.map((actor): RuleCase => ({
    actor,
    op: 'update',
    path: self(actor),
    data: {
      ship_to: {
        name: 'Somewhere Else',
        phone: '',
        address: {
          line1: '1 Main St',
          line2: '',
          city: 'Reno',
          state: 'NV',
          postal_code: '89501',
          country: 'US',
        },
      },
    },
    expect: 'deny',
    why: 'the ship-to goes through saveShipTo (validated, and sent to Stripe)',
  })),
  {
    actor: 'anonymous',
    op: 'update',
    path: paths.profile(U.retailer),
    data: rename('Hijacked'),
    expect: 'deny',
  },
  {
    actor: 'applicant',
    op: 'update',
    path: paths.profile(U.retailer),
    data: rename('Hijacked'),
    expect: 'deny',
  },
  {
    actor: 'another',
    op: 'update',
    path: paths.profile(U.retailer),
    data: rename('Hijacked'),
    expect: 'deny',
    why: "another buyer's profile",
  },
  {
    actor: 'manager',
    op: 'update',
    path: paths.profile(U.retailer),
    data: rename('Renamed by manager'),
    expect: 'deny',
    why: 'managers use the function',
  },
  {
    actor: 'manager',
    op: 'update',
    path: paths.profile(U.pending),
    data: { status: 'approved' },
    expect: 'deny',
    why: 'approval only through setProfileStatus',
  },
  {
    actor: 'retailer',
    op: 'update',
    path: self('retailer'),
    data: { role: 'manager' },
    expect: 'deny',
    why: 'escalation: role',
  },
  {
    actor: 'wholesaler',
    op: 'update',
    path: self('wholesaler'),
    data: { role: 'retailer' },
    expect: 'deny',
    why: 'role change',
  },
  {
    actor: 'pending',
    op: 'update',
    path: self('pending'),
    data: { status: 'approved' },
    expect: 'deny',
    why: 'escalation: self-approval',
  },
  {
    actor: 'rejected',
    op: 'update',
    path: self('rejected'),
    data: { status: 'pending' },
    expect: 'deny',
    why: 'escalation: un-reject',
  },
  {
    actor: 'retailer',
    op: 'update',
    path: self('retailer'),
    data: { seller_permit_id: 'SR-NEW-000000' },
    expect: 'deny',
    why: 'permit is read-only',
  },
  {
    actor: 'retailer',
    op: 'update',
    path: self('retailer'),
    data: { ...rename('Renamed'), role: 'manager' },
    expect: 'deny',
    why: 'store_name plus a role write',
  },
  {
    actor: 'retailer',
    op: 'update',
    path: self('retailer'),
    data: { ...rename('Renamed'), reviewed_by: U.retailer },
    expect: 'deny',
    why: 'review fields',
  },
  {
    actor: 'retailer',
    op: 'update',
    path: self('retailer'),
    data: { full_name: 'New Name' },
    expect: 'deny',
    why: 'full_name is not editable',
  },
  {
    actor: 'retailer',
    op: 'update',
    path: self('retailer'),
    data: rename(''),
    expect: 'deny',
    why: 'empty store_name',
  },
  {
    actor: 'retailer',
    op: 'update',
    path: self('retailer'),
    data: rename('x'.repeat(101)),
    expect: 'deny',
    why: 'store_name over 100',
  },
  {
    actor: 'retailer',
    op: 'update',
    path: self('retailer'),
    data: rename('x'.repeat(100)),
    expect: 'allow',
    why: 'store_name of exactly 100',
  },
  {
    actor: 'retailer',
    op: 'update',
    path: self('retailer'),
    data: rename(7),
    expect: 'deny',
    why: 'store_name not a string',
  },
  {
    actor: 'retailer',
    op: 'update',
    path: self('retailer'),
    replace: true,
    data: application(U.retailer, { role: 'wholesaler', status: 'approved' }),
    expect: 'deny',
    why: 'overwrite the whole profile (role, status, created_at)',
  },

  // The search fields: kept by the trigger, never by a client (a buyer could make their store
  // turn up in any manager's search).
  ...(
    [
      ['retailer', { search_keys: ['a', 'b'] }, 'search_keys alone'],
      [
        'retailer',
        { ...rename('Renamed'), search_keys: ['renamed'] },
        'store_name plus search_keys',
      ],
      ['wholesaler', { store_name_lower: 'aaa first' }, 'store_name_lower (the sort)'],
      ['wholesaler', { buyer_role: 'retailer' }, 'buyer_role'],
      ['retailer', { buyer_email: 'someone@else.test' }, 'buyer_email'],
      ['manager', { search_keys: [] }, 'managers do not write them either'],
    ] as const
  ).map(([actor, data, why]): RuleCase => ({
    actor,
    op: 'update',
    path: actor === 'manager' ? paths.profile(U.retailer) : self(actor),
    data,
    expect: 'deny',
    why,
  })),

  // delete: nobody, from a client.
  ...ACTORS.filter(hasProfile).map((actor): RuleCase => ({
    actor,
    op: 'delete',
    path: self(actor),
    expect: 'deny',
    why: 'own profile',
  })),
  { actor: 'anonymous', op: 'delete', path: paths.profile(U.retailer), expect: 'deny' },
  {
    actor: 'manager',
    op: 'delete',
    path: paths.profile(U.rejected),
    expect: 'deny',
    why: "managers don't delete profiles",
  },

  // revoked: approved claims in a token issued before the profile was rejected.
  {
    actor: 'revoked',
    op: 'get',
    path: self('revoked'),
    expect: 'allow',
    why: 'own profile, to show the status',
  },
  {
    actor: 'revoked',
    op: 'update',
    path: self('revoked'),
    data: rename('Still here'),
    expect: 'deny',
    why: 'rejected after the token was issued',
  },
  {
    actor: 'revoked',
    op: 'list',
    path: PROFILES,
    query: { where: [['user_id', '==', U.revoked]] },
    expect: 'deny',
  },
];
