import { doc, serverTimestamp, Timestamp, updateDoc } from 'firebase/firestore/lite';
import { COLLECTIONS, paths } from '@portal/domain';
import { ACTORS, ALL_ACTORS, COMPANY, uidOf, type Actor } from '../support/actors';
import type { Operation, RuleCase } from '../support/matrix';
import { LOCATION, U } from '../support/seed';

/**
 * companies/{companyId}: its approved members (owner, buyer, viewer) get it, managers get and list
 * every company; only an approved owner writes, and only a rename (the name and the commit time,
 * at most once a minute). No client creates or deletes one. Its locations
 * (companies/{companyId}/locations) are read by its approved members and managers, written by
 * the functions only.
 */

const COMPANIES = COLLECTIONS.companies;
const A = paths.company(COMPANY.A);
const B = paths.company(COMPANY.B);

/** The web's rename (updateCompanyName): the new name and the commit time. */
function rename(name: unknown, at: unknown = serverTimestamp()): Record<string, unknown> {
  return { name, name_changed_at: at };
}

/** Who may not touch company A, and why. */
const outsidersOfA: readonly (readonly [Actor, string])[] = [
  ['anonymous', 'not signed in'],
  ['applicant', 'signed up, no company'],
  ['pending', 'the owner of another company (pending)'],
  ['rejected', 'the owner of another company (rejected)'],
  ['wholesaler', 'the owner of another company'],
  ['another', 'the owner of another company'],
  ['memberB', 'a buyer of another company'],
  ['removedA', 'removed from A (the token still names it)'],
  ['revoked', 'the owner of another company (rejected since the token)'],
];

/** The companies whose owner is not an approved member: their own company is closed to them. */
const unapprovedOwners = [
  ['pending', COMPANY.pending, 'pending: not reviewed yet'],
  ['rejected', COMPANY.rejected, 'rejected'],
  ['revoked', COMPANY.revoked, 'rejected after the token was issued'],
  ['pendingWholesaler', COMPANY.pendingWholesaler, 'pending: not reviewed yet'],
  ['revokedWholesaler', COMPANY.revokedWholesaler, 'rejected after the token was issued'],
] as const;

/** The owner's rename of A with `data`, expected to be refused because `why`. */
const refusedRename = (data: Record<string, unknown>, why: string): RuleCase => ({
  actor: 'retailer',
  op: 'update',
  path: A,
  data,
  expect: 'deny',
  why,
});

export const companyCases: RuleCase[] = [
  // get: the members of A, whatever their company role; managers; nobody else.
  ...(
    [
      ['retailer', 'own company, as owner'],
      ['buyerA', 'own company, as buyer'],
      ['viewerA', 'own company, as viewer'],
      ['manager', 'managers read every company'],
    ] as const
  ).map(([actor, why]): RuleCase => ({ actor, op: 'get', path: A, expect: 'allow', why })),
  ...outsidersOfA.map(([actor, why]): RuleCase => ({
    actor,
    op: 'get',
    path: A,
    expect: 'deny',
    why,
  })),
  ...(
    [
      ['wholesaler', COMPANY.wholesaler, 'own company, as owner'],
      ['another', COMPANY.B, 'own company, as owner'],
      ['memberB', COMPANY.B, 'own company, as buyer'],
      ['manager', COMPANY.pending, 'managers read a company under review'],
    ] as const
  ).map(([actor, id, why]): RuleCase => ({
    actor,
    op: 'get',
    path: paths.company(id),
    expect: 'allow',
    why,
  })),
  ...unapprovedOwners.map(([actor, id, why]): RuleCase => ({
    actor,
    op: 'get',
    path: paths.company(id),
    expect: 'deny',
    why: `own company, ${why}`,
  })),
  ...(['retailer', 'buyerA', 'viewerA'] as const).map((actor): RuleCase => ({
    actor,
    op: 'get',
    path: B,
    expect: 'deny',
    why: "a member of A reading B's",
  })),
  {
    actor: 'removedA',
    op: 'get',
    path: paths.company(uidOf('removedA')),
    expect: 'deny',
    why: 'no company of their own either',
  },

  // list: managers only (the companies tab); a member gets their one company.
  {
    actor: 'manager',
    op: 'list',
    path: COMPANIES,
    query: { orderBy: [['created_at', 'desc']] },
    expect: 'allow',
    why: 'every company',
  },
  {
    actor: 'manager',
    op: 'list',
    path: COMPANIES,
    query: { where: [['status', '==', 'pending']] },
    expect: 'allow',
    why: 'the review queue',
  },
  {
    actor: 'manager',
    op: 'list',
    path: COMPANIES,
    query: { aggregate: 'count' },
    expect: 'allow',
    why: 'how many companies',
  },
  ...ALL_ACTORS.filter((a) => a !== 'manager').map((actor): RuleCase => ({
    actor,
    op: 'list',
    path: COMPANIES,
    query: { orderBy: [['created_at', 'desc']] },
    expect: 'deny',
    why: 'only managers list companies',
  })),
  ...(
    [
      ['retailer', U.retailer, 'own company, by its founder'],
      ['buyerA', U.retailer, 'own company, by its founder'],
      ['memberB', U.retailer, "another company's, by its founder"],
    ] as const
  ).map(([actor, uid, why]): RuleCase => ({
    actor,
    op: 'list',
    path: COMPANIES,
    query: { where: [['created_by', '==', uid]] },
    expect: 'deny',
    why: `${why}: a query for one company is still a list`,
  })),

  // create: nobody (submitApplication makes the company with the profile).
  ...ALL_ACTORS.map((actor): RuleCase => ({
    actor,
    op: 'create',
    path: paths.company(`new-${actor}`),
    data: {
      name: 'Forged Co',
      business_type: 'wholesaler',
      seller_permit_id: 'SP-FORGED',
      status: 'approved',
      created_by: uidOf(actor),
      created_at: serverTimestamp(),
    },
    expect: 'deny',
    why: 'companies are made by submitApplication',
  })),
  {
    actor: 'applicant',
    op: 'create',
    path: paths.company(uidOf('applicant')),
    data: {
      name: 'Corner Smoke Shop',
      business_type: 'retailer',
      seller_permit_id: 'SR-ABC-123456',
      status: 'pending',
      created_by: uidOf('applicant'),
      created_at: serverTimestamp(),
    },
    expect: 'deny',
    why: 'a pending application of their own, written directly',
  },

  // update: an approved owner renames their company, at most once a minute.
  {
    actor: 'retailer',
    op: 'update',
    path: A,
    data: rename('Corner Smoke Shop West'),
    expect: 'allow',
    why: 'the owner renames the company',
  },
  {
    actor: 'another',
    op: 'update',
    path: B,
    data: rename('Second Street Vapes'),
    expect: 'allow',
    why: 'the owner renames the company',
  },
  {
    actor: 'wholesaler',
    op: 'update',
    path: paths.company(COMPANY.wholesaler),
    data: rename('Electric Slush Distribution'),
    expect: 'allow',
    why: 'the last rename was long ago',
  },
  {
    actor: 'retailer',
    op: 'update',
    path: A,
    data: rename('x'.repeat(100)),
    expect: 'allow',
    why: 'a name of exactly 100',
  },
  {
    actor: 'retailer',
    op: 'update',
    path: A,
    data: rename('متجر السحاب 🧊'),
    expect: 'allow',
    why: 'a name in any script, with emoji',
  },
  {
    actor: 'retailer',
    op: 'update',
    path: A,
    data: { name_changed_at: serverTimestamp() },
    expect: 'allow',
    why: 'the time alone (no rename) is harmless, and starts the wait',
  },
  {
    actor: 'retailer',
    op: 'update',
    path: A,
    run: async (db) => {
      await updateDoc(doc(db, A), rename('Corner Smoke Shop West'));
      await updateDoc(doc(db, A), rename('Corner Smoke Shop East'));
    },
    expect: 'deny',
    why: 'a second rename within the minute (each rename is copied to every member)',
  },
  {
    actor: 'wholesaler',
    op: 'update',
    path: paths.company(COMPANY.wholesaler),
    run: async (db) => {
      const ref = doc(db, paths.company(COMPANY.wholesaler));
      await updateDoc(ref, rename('Electric Slush HQ'));
      await updateDoc(ref, { name_changed_at: serverTimestamp() });
    },
    expect: 'deny',
    why: 'restamping within the minute',
  },
  ...(
    [
      ['buyerA', 'a buyer of A, not its owner'],
      ['viewerA', 'a viewer of A, not its owner'],
      ['manager', 'managers do not rename companies from the client'],
      ...outsidersOfA,
    ] as const
  ).map(([actor, why]): RuleCase => ({
    actor,
    op: 'update',
    path: A,
    data: rename('Hijacked'),
    expect: 'deny',
    why,
  })),
  {
    actor: 'memberB',
    op: 'update',
    path: B,
    data: rename('Renamed by a buyer'),
    expect: 'deny',
    why: 'own company, as buyer',
  },
  {
    actor: 'retailer',
    op: 'update',
    path: B,
    data: rename('Hijacked'),
    expect: 'deny',
    why: 'the owner of A renaming B',
  },
  ...unapprovedOwners.map(([actor, id, why]): RuleCase => ({
    actor,
    op: 'update',
    path: paths.company(id),
    data: rename('Renamed'),
    expect: 'deny',
    why: `own company, ${why}`,
  })),
  // The rename's shape: the name and the commit time, nothing else.
  refusedRename({ name: 'Renamed' }, 'a rename without its time'),
  refusedRename(
    rename('Renamed', Timestamp.fromDate(new Date('2020-01-01'))),
    "a rename with the browser's time (past)",
  ),
  refusedRename(
    rename('Renamed', Timestamp.fromDate(new Date('2100-01-01'))),
    "a rename with the browser's time (future: no rename for years)",
  ),
  refusedRename({ ...rename('Renamed'), status: 'pending' }, 'name plus status'),
  refusedRename({ ...rename('Renamed'), business_type: 'wholesaler' }, 'name plus the price tier'),
  refusedRename({ business_type: 'wholesaler' }, 'the price tier alone'),
  refusedRename({ ...rename('Renamed'), seller_permit_id: 'SP-NEW' }, 'name plus the permit'),
  refusedRename({ ...rename('Renamed'), created_by: U.buyerA }, 'name plus created_by'),
  refusedRename({ ...rename('Renamed'), reviewed_by: U.retailer }, 'name plus review fields'),
  refusedRename({ ...rename('Renamed'), review_round: 3 }, 'name plus the review round'),
  refusedRename({ ...rename('Renamed'), owner: U.buyerA }, 'name plus an unknown field'),
  refusedRename(rename(''), 'an empty name'),
  refusedRename(rename('   '), 'a name of blanks'),
  refusedRename(rename('x'.repeat(101)), 'a name over 100'),
  refusedRename(rename(7), 'a name not a string'),
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
  ).map(([name, why]) => refusedRename(rename(name), `a name with ${why}`)),
  {
    actor: 'retailer',
    op: 'update',
    path: A,
    replace: true,
    data: {
      name: 'Renamed',
      name_changed_at: serverTimestamp(),
      business_type: 'wholesaler',
      seller_permit_id: `SP-${COMPANY.A}`,
      status: 'approved',
      created_by: COMPANY.A,
    },
    expect: 'deny',
    why: 'overwrite the whole company (price tier, review fields dropped)',
  },

  // delete: nobody, from a client.
  ...ALL_ACTORS.map((actor): RuleCase => ({
    actor,
    op: 'delete',
    path: A,
    expect: 'deny',
    why: actor === 'retailer' ? 'own company, as owner' : 'companies are never deleted by clients',
  })),
  ...(['another', 'wholesaler'] as const).map((actor): RuleCase => ({
    actor,
    op: 'delete',
    path: paths.company(actor === 'another' ? COMPANY.B : COMPANY.wholesaler),
    expect: 'deny',
    why: 'own company, as owner',
  })),
];

/**
 * companies/{companyId}/locations/{locationId}: read (get, list) by the company's approved members
 * (owner, buyer, viewer) and managers; written by nobody from a client (the saveLocation and
 * archiveLocation functions do), the company's owner and managers included.
 */
const OPERATIONS: Operation[] = ['get', 'list', 'create', 'update', 'delete'];
const location = {
  name: 'Second store',
  ship_to: {
    name: 'Corner Smoke Shop',
    phone: '',
    address: {
      line1: '2 Main St',
      line2: '',
      city: 'Reno',
      state: 'NV',
      postal_code: '89501',
      country: 'US',
    },
  },
  delivery_notes: '',
  archived: false,
};

/** Who reads company A's locations. */
const READS_A_LOCATIONS: readonly string[] = ['retailer', 'buyerA', 'viewerA', 'manager'];

export const locationCases: RuleCase[] = [
  ...[...ACTORS, 'applicant' as const, 'revoked' as const].flatMap((actor) =>
    OPERATIONS.map((op): RuleCase => {
      const reads = op === 'get' || op === 'list';
      const allowed = reads && READS_A_LOCATIONS.includes(actor);
      return {
        actor,
        op,
        path:
          op === 'list'
            ? paths.locations(COMPANY.A)
            : op === 'create'
              ? paths.location(COMPANY.A, `new-${actor}`)
              : paths.location(COMPANY.A, LOCATION),
        expect: allowed ? 'allow' : 'deny',
        why: allowed
          ? actor === 'manager'
            ? 'managers read every company'
            : "a member reads the company's locations"
          : reads
            ? 'not an approved member of company A'
            : 'only the functions write locations',
        ...(op === 'create'
          ? { data: location }
          : op === 'update'
            ? { data: { archived: true } }
            : {}),
      };
    }),
  ),
  ...(['another', 'memberB'] as const).flatMap((actor): RuleCase[] => [
    {
      actor,
      op: 'create',
      path: paths.location(COMPANY.B, 'new-store'),
      data: location,
      expect: 'deny',
      why: 'own company: only the functions write locations',
    },
    {
      actor,
      op: 'list',
      path: paths.locations(COMPANY.B),
      expect: 'allow',
      why: "own company's locations",
    },
  ]),
];
