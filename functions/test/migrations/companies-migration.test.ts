import { execFile } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import {
  collection,
  connectFirestoreEmulator,
  getDocs,
  getFirestore,
  query,
  setLogLevel,
  where,
  type Firestore as ClientFirestore,
} from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS, MIGRATED_LOCATION, paths } from '@portal/domain';
import { DEMO_ACCOUNTS, demoMembership } from '../../../scripts/demo-accounts';
import { DEMO_PASSWORD } from '../../../scripts/lib/stack';
import { findUser } from '../../src/lib/auth-users';
import { adminAuth, firestore } from '../../src/lib/admin';
import {
  migrateCompanies,
  TAG_BATCH_SIZE,
  TAGGED_COLLECTIONS,
  tagWithCompany,
  type CompaniesMigrationReport,
} from '../../src/migrations/companies-migration';
import { restoreDemoData } from '../security-rules/support/seed';
import { clearFirestore } from '../security-rules/support/target';
import { databaseState, stateChanges, type DatabaseState } from '../support/database-state';
import {
  buyers,
  CHECKOUTS,
  createAuthUsers,
  emailOf,
  FIXTURE_SIZE,
  fixtureDocuments,
  GARBLED,
  MANAGERS,
  ORDERS,
  PASSWORD,
  SIGNER,
  STANDING_ORDERS,
  UNTAGGED,
  validShipTo,
  writeAll,
} from './companies-fixture';

/**
 * `npm run migrate:companies` (functions/src/migrations/companies-migration.ts) on the worker's
 * stack: the demo data, a 2,000-profile fixture, runs cut short, and the security rules reading a
 * migrated buyer's orders through the client SDK. Each test starts from an emptied database;
 * afterwards the demo data and the demo accounts' claims are put back for the files that follow.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const db = () => firestore();
const NONE = { orders: 0, standing_orders: 0, checkouts: 0 };
/** What a run that finds nothing to do reports. */
const NOTHING = {
  companiesCreated: 0,
  locationsCreated: 0,
  profilesConverted: 0,
  tagged: NONE,
  claimsUpdated: 0,
};
/** The Auth users the tests make (deleted afterwards). */
const madeUsers = new Set<string>();

async function migrate(apply: boolean): Promise<CompaniesMigrationReport & { seconds: number }> {
  const started = performance.now();
  const report = await migrateCompanies({ db: db(), auth: adminAuth() }, { apply });
  return { ...report, seconds: (performance.now() - started) / 1000 };
}

/** The report without its timing, to compare runs. */
const counts = ({ seconds: _, ...report }: CompaniesMigrationReport & { seconds: number }) =>
  report;

/**
 * The demo accounts' claims as scripts/build-demo-auth.ts sets them (`preCompany`: as the releases
 * before companies did, without the company claims).
 */
async function resetDemoClaims(preCompany = true): Promise<void> {
  for (const account of DEMO_ACCOUNTS) {
    if (!(await findUser(adminAuth(), account.uid))) {
      await adminAuth().createUser({
        uid: account.uid,
        email: account.email,
        emailVerified: true,
        password: DEMO_PASSWORD,
        displayName: account.fullName,
      });
    }
    const membership = preCompany ? null : demoMembership(account);
    await adminAuth().setCustomUserClaims(account.uid, {
      role: account.role,
      status: account.status,
      ...(membership ? { company: membership.companyId, company_role: membership.role } : {}),
    });
  }
}

/** The state's changes, an Auth user's as "auth: changed <uid>" (not the claims' JSON). */
const changesBetween = (before: DatabaseState, after: DatabaseState) =>
  stateChanges(before, after).map((line) => line.replace(/^(auth: changed [^:]+):.*$/s, '$1'));

/** scripts/migrate-companies.ts as a user runs it (node + tsx), on the worker's stack. */
function runScript(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.GOOGLE_APPLICATION_CREDENTIALS;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/migrate-companies.ts', ...args],
      { cwd: ROOT, env, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** A client app signed in as the user through the Auth emulator, with Firestore Lite. */
async function signInClient(
  email: string,
  password: string,
): Promise<{ app: FirebaseApp; db: ClientFirestore; refresh: () => Promise<void> }> {
  setLogLevel('silent');
  const app = initializeApp(
    { projectId: process.env.GCLOUD_PROJECT ?? 'demo-wholesale-portal', apiKey: 'fake-api-key' },
    `companies-migration-${email}-${Date.now()}`,
  );
  const auth = getAuth(app);
  connectAuthEmulator(auth, `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}`, {
    disableWarnings: true,
  });
  const credential = await signInWithEmailAndPassword(auth, email, password);
  const clientDb = getFirestore(app);
  const host = process.env.FIRESTORE_EMULATOR_HOST!;
  const colon = host.lastIndexOf(':');
  connectFirestoreEmulator(clientDb, host.slice(0, colon), Number(host.slice(colon + 1)));
  return {
    app,
    db: clientDb,
    refresh: async () => {
      await credential.user.getIdToken(true);
    },
  };
}

const idsOf = (snapshot: { docs: { id: string }[] }) => snapshot.docs.map((d) => d.id).sort();

afterAll(async () => {
  if (madeUsers.size > 0) await adminAuth().deleteUsers([...madeUsers]);
  await restoreDemoData();
  await resetDemoClaims(false);
});

/**
 * The demo data as the releases before companies left it: emulator-data/ holds it migrated (with
 * the companies, their locations and the members who joined later), so this takes the companies
 * and members out again and leaves each buyer a lone profile, its saved ship-to the one its
 * company's migrated location (`main`) holds, and orders that name no company or location.
 */
async function restorePreCompanyDemoData(): Promise<void> {
  await restoreDemoData();
  const store = db();
  const savedShipTo = new Map<string, unknown>();
  for (const account of DEMO_ACCOUNTS) {
    const main = await store.doc(paths.location(account.uid, MIGRATED_LOCATION.id)).get();
    if (!account.memberOf && main.exists) savedShipTo.set(account.uid, main.get('ship_to'));
  }
  const companies = await store.collection(COLLECTIONS.companies).get();
  for (const company of companies.docs) await store.recursiveDelete(company.ref);
  const batch = store.batch();
  for (const account of DEMO_ACCOUNTS) {
    const ref = store.doc(paths.profile(account.uid));
    if (account.memberOf) batch.delete(ref);
    else {
      batch.update(ref, {
        company_id: FieldValue.delete(),
        company_role: FieldValue.delete(),
        location_ids: FieldValue.delete(),
        ...(savedShipTo.has(account.uid) ? { ship_to: savedShipTo.get(account.uid) } : {}),
      });
    }
  }
  for (const name of [COLLECTIONS.orders, COLLECTIONS.checkouts, COLLECTIONS.standingOrders]) {
    const docs = await store.collection(name).get();
    for (const doc of docs.docs) {
      batch.update(doc.ref, {
        company_id: FieldValue.delete(),
        location_id: FieldValue.delete(),
        location_name: FieldValue.delete(),
        placed_by_name: FieldValue.delete(),
      });
    }
  }
  await batch.commit();
}

describe('migrating the demo data', () => {
  beforeAll(async () => {
    await restorePreCompanyDemoData();
    await resetDemoClaims();
  });

  it('counts without writing, converts with apply, and then finds nothing to do', async () => {
    const before = await databaseState({ data: true });
    const dry = await migrate(false);
    expect(counts(dry)).toEqual({
      apply: false,
      profilesScanned: 5,
      managers: 1,
      companiesCreated: 4,
      locationsCreated: 2,
      profilesConverted: 4,
      tagged: { orders: 4, standing_orders: 0, checkouts: 2 },
      claimsUpdated: 4,
      notInAuth: [],
      unreadableShipTo: [],
      skipped: [],
      untagged: NONE,
    });
    expect(changesBetween(before, await databaseState())).toEqual([]);

    const applied = await migrate(true);
    expect(counts(applied)).toEqual({ ...counts(dry), apply: true });
    const buyerUids = ['demo-pending', 'demo-rejected', 'demo-retailer', 'demo-wholesaler'];
    const orders = [...before.docs.keys()].filter((path) => /^(orders|checkouts)\//.test(path));
    const after = await databaseState({ data: true });
    expect(changesBetween(before, after)).toEqual(
      [
        ...buyerUids.map((uid) => `firestore: created ${paths.company(uid)}`),
        ...['demo-retailer', 'demo-wholesaler'].map(
          (uid) => `firestore: created ${paths.location(uid, MIGRATED_LOCATION.id)}`,
        ),
        ...buyerUids.map((uid) => `firestore: wrote ${paths.profile(uid)}`),
        ...orders.map((path) => `firestore: wrote ${path}`),
        ...buyerUids.map((uid) => `auth: changed ${uid}`),
      ].sort(),
    );

    // The company holds exactly the profile's fields; the profile only gains its membership.
    const at = (iso: string) => Timestamp.fromDate(new Date(iso));
    const data = (path: string) => after.docs.get(path)?.data;
    expect(data(paths.company('demo-retailer'))).toEqual({
      name: 'Cloud Nine Smoke Shop',
      business_type: 'retailer',
      seller_permit_id: 'SR-EAA-102938',
      status: 'approved',
      created_by: 'demo-retailer',
      created_at: at('2025-09-01T17:00:00Z'),
      reviewed_at: at('2025-09-02T16:30:00Z'),
      reviewed_by: 'demo-manager',
      review_round: 0,
    });
    expect(data(paths.company('demo-pending'))).toEqual({
      name: 'Haze Corner Shop',
      business_type: 'retailer',
      seller_permit_id: 'SR-KLM-334455',
      status: 'pending',
      created_by: 'demo-pending',
      created_at: at('2025-09-01T17:00:00Z'),
      review_round: 0,
    });
    const profileBefore = before.docs.get(paths.profile('demo-wholesaler'))!.data as Record<
      string,
      unknown
    >;
    expect(data(paths.profile('demo-wholesaler'))).toEqual({
      ...profileBefore,
      company_id: 'demo-wholesaler',
      company_role: 'owner',
      location_ids: [],
    });
    expect(data(paths.location('demo-wholesaler', MIGRATED_LOCATION.id))).toEqual({
      name: MIGRATED_LOCATION.name,
      ship_to: profileBefore.ship_to,
      delivery_notes: '',
      archived: false,
      created_at: expect.any(Timestamp),
      updated_at: expect.any(Timestamp),
    });
    for (const path of orders) {
      const order = data(path) as { user_id: string; company_id?: string };
      expect([path, order.company_id]).toEqual([path, order.user_id]);
    }
    expect((await adminAuth().getUser('demo-retailer')).customClaims).toEqual({
      role: 'retailer',
      status: 'approved',
      company: 'demo-retailer',
      company_role: 'owner',
    });
    expect((await adminAuth().getUser('demo-manager')).customClaims).toEqual({
      role: 'manager',
      status: 'approved',
    });

    // Again, dry and applied: nothing to do, not a byte written.
    for (const apply of [false, true]) {
      const again = await migrate(apply);
      expect(counts(again)).toEqual({ ...counts(dry), ...NOTHING, apply });
    }
    expect(changesBetween(after, await databaseState())).toEqual([]);
  });

  it('runs as a script: usage, dry run by default, --apply, exit codes', async () => {
    await restorePreCompanyDemoData();
    await resetDemoClaims();
    const bad = await runScript(['--frobnicate']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Unknown option');
    expect(bad.stderr).toContain('Usage: npm run migrate:companies -- [--apply] [--project <id>]');

    const before = await databaseState();
    const dry = await runScript([]);
    expect([dry.code, dry.stderr]).toEqual([0, '']);
    expect(dry.stdout).toContain('Profiles scanned: 5 (managers, who have no company: 1)');
    expect(dry.stdout).toContain('Would create 4 companies');
    expect(dry.stdout).toContain('Would tag 4 orders, 0 standing orders, 2 checkouts');
    expect(dry.stdout).toContain('Would update the claims of 4 users');
    expect(dry.stdout).toContain('Run again with --apply');
    expect(changesBetween(before, await databaseState())).toEqual([]);

    const applied = await runScript(['--apply']);
    expect([applied.code, applied.stderr]).toEqual([0, '']);
    expect(applied.stdout).toContain('Created 4 companies');
    expect(applied.stdout).toContain('Updated the claims of 4 users');
    expect(applied.stdout).toMatch(/Done in \d+\.\d s\./);
    expect((await db().doc(paths.profile('demo-retailer')).get()).get('company_id')).toBe(
      'demo-retailer',
    );
  }, 60_000);
});

describe('migrating 2,000 profiles', () => {
  const fixture = fixtureDocuments();
  let authUsers: string[] = [];

  beforeAll(async () => {
    await clearFirestore();
    const started = performance.now();
    await writeAll(db(), fixture);
    authUsers = await createAuthUsers(adminAuth());
    for (const uid of authUsers) madeUsers.add(uid);
    console.log(`fixture written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }, 60_000);

  it('counts, converts every buyer, and a second run finds nothing to do', async () => {
    const converted = buyers.map((spec) => spec.uid);
    const expected = {
      profilesScanned: FIXTURE_SIZE,
      managers: MANAGERS,
      companiesCreated: converted.length,
      locationsCreated: buyers.filter((spec) => spec.shipTo === 'valid').length,
      profilesConverted: converted.length,
      tagged: { orders: ORDERS, standing_orders: STANDING_ORDERS, checkouts: CHECKOUTS },
      claimsUpdated: authUsers.length,
      notInAuth: converted.filter((uid) => !authUsers.includes(uid)).sort(),
      unreadableShipTo: buyers.filter((spec) => spec.shipTo === 'invalid').map((s) => s.uid),
      skipped: [
        { uid: 'fx-garbled-role', reason: 'role "superuser" is not retailer or wholesaler' },
        {
          uid: 'fx-garbled-status',
          reason: 'status "on_hold" is not pending, approved, rejected',
        },
        { uid: 'fx-no-role', reason: 'role missing is not retailer or wholesaler' },
      ],
      untagged: UNTAGGED,
    };
    expect(expected.notInAuth.length).toBe(converted.length - 50);

    const before = await databaseState();
    const dry = await migrate(false);
    expect(counts(dry)).toEqual({ ...expected, apply: false });
    expect(changesBetween(before, await databaseState())).toEqual([]);

    const applied = await migrate(true);
    expect(counts(applied)).toEqual({ ...expected, apply: true });

    const settled = await databaseState();
    const rerunDry = await migrate(false);
    const rerun = await migrate(true);
    for (const [again, apply] of [
      [rerunDry, false],
      [rerun, true],
    ] as const) {
      expect(counts(again)).toEqual({ ...expected, ...NOTHING, unreadableShipTo: [], apply });
    }
    expect(changesBetween(settled, await databaseState())).toEqual([]);
    console.log(
      `2,000 profiles: dry run ${dry.seconds.toFixed(1)} s, apply ${applied.seconds.toFixed(1)} s, ` +
        `second run ${rerunDry.seconds.toFixed(1)} s dry / ${rerun.seconds.toFixed(1)} s applied`,
    );

    // Every company, profile and document as it should be (Admin SDK).
    const profiles = new Map(
      (await db().collection(COLLECTIONS.profiles).get()).docs.map((d) => [d.id, d.data()]),
    );
    const companies = new Set(
      (await db().collection(COLLECTIONS.companies).get()).docs.map((d) => d.id),
    );
    expect([...companies].sort()).toEqual([...converted].sort());
    for (const uid of [...GARBLED, 'fx-manager-0']) {
      expect([uid, profiles.get(uid)?.company_id]).toEqual([uid, undefined]);
    }
    for (const name of TAGGED_COLLECTIONS) {
      for (const doc of (await db().collection(name).get()).docs) {
        const owner = profiles.get(doc.get('user_id') as string);
        const companyOfUser = owner?.company_id as string | undefined;
        expect([doc.ref.path, doc.get('company_id')]).toEqual([doc.ref.path, companyOfUser]);
      }
    }
    const location = await db().doc(paths.location(SIGNER, MIGRATED_LOCATION.id)).get();
    expect(location.get('ship_to')).toEqual(validShipTo('Buyer 0'));
    const noDate = (await db().doc(paths.company('fx-0005')).get()).get('created_at');
    expect(noDate).toBeInstanceOf(Timestamp);
    expect((await db().doc(paths.company('fx-0010')).get()).get('review_round')).toBe(2);
  }, 120_000);

  it('lets a migrated buyer read all their orders through the security rules', async () => {
    const { app, db: clientDb } = await signInClient(emailOf(SIGNER), PASSWORD);
    try {
      const mine = await getDocs(
        query(collection(clientDb, COLLECTIONS.orders), where('company_id', '==', SIGNER)),
      );
      const placed = await db().collection(COLLECTIONS.orders).where('user_id', '==', SIGNER).get();
      expect(placed.size).toBe(5);
      expect(idsOf(mine)).toEqual(idsOf(placed));
      const standing = await getDocs(
        query(collection(clientDb, COLLECTIONS.standingOrders), where('company_id', '==', SIGNER)),
      );
      expect(standing.size).toBe(2);
      // Another company's orders stay closed to them.
      const other = buyers.find((spec) => spec.uid !== SIGNER && spec.inAuth)!.uid;
      await expect(
        getDocs(query(collection(clientDb, COLLECTIONS.orders), where('company_id', '==', other))),
      ).rejects.toMatchObject({ code: 'permission-denied' });
    } finally {
      await deleteApp(app);
    }
  });
});

describe('a run cut short', () => {
  const at = Timestamp.fromDate(new Date('2025-05-01T10:00:00Z'));
  const profile = (uid: string, extra: Record<string, unknown> = {}) => ({
    user_id: uid,
    store_name: `Store ${uid}`,
    seller_permit_id: `SR-${uid}`,
    role: 'retailer',
    status: 'approved',
    created_at: at,
    reviewed_at: at,
    reviewed_by: 'hd-manager',
    ...extra,
  });
  const order = (uid: string, extra: Record<string, unknown> = {}) => ({
    user_id: uid,
    amount: 100,
    status: 'delivered',
    created_at: at,
    ...extra,
  });

  beforeAll(async () => {
    await clearFirestore();
    const users = ['hd-owner', 'hd-moved', 'hd-converted', 'hd-company'];
    await adminAuth().deleteUsers(users);
    for (const uid of users) {
      await adminAuth().createUser({ uid, email: emailOf(uid), password: PASSWORD });
      madeUsers.add(uid);
    }
  });

  it('finishes each step on its own: company, membership, orders, claims', async () => {
    const d = db();
    // A first run converted hd-owner and hd-moved.
    await Promise.all([
      d.doc(paths.profile('hd-owner')).set(profile('hd-owner', { ship_to: validShipTo('O') })),
      d.doc(paths.order('hd-owner-1')).set(order('hd-owner')),
      d.doc(paths.order('hd-owner-2')).set(order('hd-owner')),
      d.doc(paths.profile('hd-moved')).set(profile('hd-moved')),
      adminAuth().setCustomUserClaims('hd-owner', {
        role: 'retailer',
        status: 'approved',
        beta: true,
      }),
      adminAuth().setCustomUserClaims('hd-moved', { role: 'retailer', status: 'approved' }),
    ]);
    const first = await migrate(true);
    expect(first).toMatchObject({ companiesCreated: 2, profilesConverted: 2, claimsUpdated: 2 });

    // What a run cut short (or the old release, still serving meanwhile) leaves:
    await Promise.all([
      // an order that lost its tag, and one placed after the run;
      d.doc(paths.order('hd-owner-1')).update({ company_id: FieldValue.delete() }),
      d.doc(paths.order('hd-owner-3')).set(order('hd-owner')),
      // claims without the company (set again by the old release's review);
      adminAuth().setCustomUserClaims('hd-owner', {
        role: 'retailer',
        status: 'approved',
        beta: true,
      }),
      // a member whose ownership moved to someone else since: they are a buyer now;
      d.doc(paths.profile('hd-moved')).update({ company_role: 'buyer' }),
      adminAuth().setCustomUserClaims('hd-moved', { role: 'retailer', status: 'approved' }),
      // a profile converted with its company, its orders not tagged, no claims yet;
      d.doc(paths.profile('hd-converted')).set(
        profile('hd-converted', {
          company_id: 'hd-converted',
          company_role: 'owner',
          location_ids: [],
        }),
      ),
      d.doc(paths.company('hd-converted')).set({ name: 'Converted', status: 'approved' }),
      d.doc(paths.standingOrder('hd-converted-1')).set(order('hd-converted')),
      d.doc(paths.checkout('hd-converted-2')).set(order('hd-converted')),
      // a company there already (renamed since), its profile not converted.
      d.doc(paths.profile('hd-company')).set(profile('hd-company', { ship_to: validShipTo('C') })),
      d.doc(paths.company('hd-company')).set({ name: 'Renamed Co', status: 'approved' }),
      d.doc(paths.order('hd-company-1')).set(order('hd-company', { company_id: 'hd-company' })),
    ]);

    const before = await databaseState();
    const dry = await migrate(false);
    const expected = {
      profilesScanned: 4,
      managers: 0,
      companiesCreated: 0,
      locationsCreated: 1,
      profilesConverted: 1,
      tagged: { orders: 2, standing_orders: 1, checkouts: 1 },
      claimsUpdated: 4,
      notInAuth: [],
      unreadableShipTo: [],
      skipped: [],
      untagged: NONE,
    };
    expect(counts(dry)).toEqual({ ...expected, apply: false });
    expect(changesBetween(before, await databaseState())).toEqual([]);
    const applied = await migrate(true);
    expect(counts(applied)).toEqual({ ...expected, apply: true });
    expect(changesBetween(before, await databaseState())).toEqual(
      [
        `firestore: created ${paths.location('hd-company', MIGRATED_LOCATION.id)}`,
        `firestore: wrote ${paths.order('hd-owner-3')}`,
        `firestore: wrote ${paths.order('hd-owner-1')}`,
        `firestore: wrote ${paths.standingOrder('hd-converted-1')}`,
        `firestore: wrote ${paths.checkout('hd-converted-2')}`,
        `firestore: wrote ${paths.profile('hd-company')}`,
        'auth: changed hd-owner',
        'auth: changed hd-moved',
        'auth: changed hd-converted',
        'auth: changed hd-company',
      ].sort(),
    );
    expect((await adminAuth().getUser('hd-owner')).customClaims).toEqual({
      role: 'retailer',
      status: 'approved',
      beta: true,
      company: 'hd-owner',
      company_role: 'owner',
    });
    expect((await adminAuth().getUser('hd-moved')).customClaims).toMatchObject({
      company: 'hd-moved',
      company_role: 'buyer',
    });
    // The existing company is kept as it is.
    expect((await d.doc(paths.company('hd-company')).get()).data()).toEqual({
      name: 'Renamed Co',
      status: 'approved',
    });

    const settled = await databaseState();
    expect(counts(await migrate(true))).toEqual({ ...expected, ...NOTHING, apply: true });
    expect(changesBetween(settled, await databaseState())).toEqual([]);
  });

  it('tags the rest of a batch when one of its documents was deleted since the scan', async () => {
    const d = db();
    const ids = Array.from({ length: TAG_BATCH_SIZE + 5 }, (_, i) => `hd-batch-${i}`);
    const batch = d.batch();
    for (const id of ids) batch.set(d.doc(paths.order(id)), order('hd-owner'));
    await batch.commit();
    // Deleted after the scan read it (an old checkout attempt moved out of the order book, say).
    await d.doc(paths.order(ids[3]!)).delete();
    const written = await tagWithCompany(
      d,
      ids.map((id) => ({ ref: d.doc(paths.order(id)), companyId: 'hd-owner' })),
    );
    expect(written).toBe(ids.length - 1);
    expect((await d.doc(paths.order(ids[3]!)).get()).exists).toBe(false);
    const snaps = await d.getAll(...ids.map((id) => d.doc(paths.order(id))));
    const tagged = snaps.filter((snap) => snap.get('company_id') === 'hd-owner');
    expect(tagged.length).toBe(ids.length - 1);
  });

  it('needs the buyer to refresh an ID token from before the migration', async () => {
    // A token issued before the migration names no company: the rules refuse it until refreshed.
    await clearFirestore();
    await db().doc(paths.profile('hd-owner')).set(profile('hd-owner'));
    await db().doc(paths.order('hd-token-1')).set(order('hd-owner'));
    await adminAuth().setCustomUserClaims('hd-owner', { role: 'retailer', status: 'approved' });
    const client = await signInClient(emailOf('hd-owner'), PASSWORD);
    try {
      await migrate(true);
      const mine = query(
        collection(client.db, COLLECTIONS.orders),
        where('company_id', '==', 'hd-owner'),
      );
      await expect(getDocs(mine)).rejects.toMatchObject({ code: 'permission-denied' });
      await client.refresh();
      expect(idsOf(await getDocs(mine))).toEqual(['hd-token-1']);
    } finally {
      await deleteApp(client.app);
    }
  });
});
