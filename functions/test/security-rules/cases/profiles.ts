import { doc, serverTimestamp, updateDoc } from 'firebase/firestore/lite';
import { paths } from '@portal/domain';
import { ACTORS, COMPANY, uidOf, type Actor } from '../support/actors';
import type { RuleCase } from '../support/matrix';
import { LOCATION, U } from '../support/seed';

/**
 * profiles/{uid}: own read whatever the status (a removed member's included), managers read and
 * list all; no client creates, changes or deletes one (the company's name is renamed on
 * companies/{companyId}; the membership moves through the functions).
 */

const PROFILES = 'profiles';
const hasProfile = (actor: Actor) => actor !== 'anonymous' && actor !== 'applicant';
const approvedBuyers: Actor[] = [
  'retailer',
  'wholesaler',
  'another',
  'buyerA',
  'viewerA',
  'memberB',
];

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

/** The web's old profile rename (the name and the commit time), refused since companies. */
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
  ...(
    [
      ['retailer', U.buyerA, "a member's profile, read by the company's owner"],
      ['buyerA', U.viewerA, "a co-member's profile"],
      ['retailer', U.removedA, "a former member's profile"],
      ['memberB', U.buyerA, "another company's member"],
      ['removedA', U.buyerA, "a former colleague's profile"],
    ] as const
  ).map(([actor, uid, why]): RuleCase => ({
    actor,
    op: 'get',
    path: paths.profile(uid),
    expect: 'deny',
    why,
  })),

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
  ...(
    [
      ['retailer', COMPANY.A, 'the members of own company, by its owner'],
      ['viewerA', COMPANY.A, 'the members of own company'],
      ['memberB', COMPANY.A, "another company's members"],
    ] as const
  ).map(([actor, companyId, why]): RuleCase => ({
    actor,
    op: 'list',
    path: PROFILES,
    query: { where: [['company_id', '==', companyId]] },
    expect: 'deny',
    why,
  })),

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

  // update: nobody, from a client. The rename moved to the company (companies.ts); the
  // membership (company_id, company_role, location_ids), the copies of the company's fields and
  // the search fields are written by the functions only.
  ...[...ACTORS.filter(hasProfile), 'revoked' as const].map((actor): RuleCase => ({
    actor,
    op: 'update',
    path: self(actor),
    data: rename('Renamed Store'),
    expect: 'deny',
    why: "the old profile rename: the name is the company's now",
  })),
  ...approvedBuyers.map((actor): RuleCase => ({
    actor,
    op: 'update',
    path: self(actor),
    data: { store_name: 'Renamed Store' },
    expect: 'deny',
    why: "store_name alone: a copy of the company's name",
  })),
  {
    actor: 'retailer',
    op: 'update',
    path: self('retailer'),
    data: { store_name_changed_at: serverTimestamp() },
    expect: 'deny',
    why: 'the old rename stamp alone',
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
    why: 'two renames in a row',
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
    why: 'ship-tos are the company locations, written through saveLocation (validated)',
  })),
  // The membership: who belongs to which company, with which role, for which locations.
  ...(
    [
      ['memberB', { company_id: COMPANY.A }, 'joining another company'],
      ['another', { company_id: COMPANY.A, company_role: 'owner' }, 'taking over another company'],
      ['buyerA', { company_role: 'owner' }, 'a buyer making themselves owner'],
      ['viewerA', { company_role: 'buyer' }, 'a viewer making themselves buyer'],
      ['buyerA', { location_ids: [LOCATION, 'other'] }, 'a buyer assigning themselves locations'],
      ['removedA', { company_id: COMPANY.A, company_role: 'buyer' }, 'a removed member rejoining'],
      ['retailer', { company_id: null, company_role: null }, 'the owner leaving the company'],
      ['pending', { company_id: COMPANY.A }, 'a pending applicant joining an approved company'],
    ] as const
  ).map(([actor, data, why]): RuleCase => ({
    actor,
    op: 'update',
    path: self(actor),
    data,
    expect: 'deny',
    why,
  })),
  ...(
    [
      [U.buyerA, { company_role: 'viewer' }, "the owner changing a member's role"],
      [U.buyerA, { location_ids: [] }, "the owner changing a buyer's locations"],
      [
        U.removedA,
        { company_id: COMPANY.A, company_role: 'buyer' },
        'the owner re-adding a member',
      ],
      [U.memberB, { company_id: COMPANY.A }, "the owner pulling in another company's buyer"],
    ] as const
  ).map(([uid, data, why]): RuleCase => ({
    actor: 'retailer',
    op: 'update',
    path: paths.profile(uid),
    data,
    expect: 'deny',
    why: `${why}: members are managed through the functions`,
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
  ...(
    [
      ['another', "another buyer's profile"],
      ['memberB', "another company's owner's profile"],
      ['buyerA', "a co-member's profile"],
    ] as const
  ).map(([actor, why]): RuleCase => ({
    actor,
    op: 'update',
    path: paths.profile(U.retailer),
    data: rename('Hijacked'),
    expect: 'deny',
    why,
  })),
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
    data: { full_name: 'New Name' },
    expect: 'deny',
    why: 'full_name is not editable',
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
    op: 'list',
    path: PROFILES,
    query: { where: [['user_id', '==', U.revoked]] },
    expect: 'deny',
  },
];
