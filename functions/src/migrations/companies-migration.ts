import type { Auth } from 'firebase-admin/auth';
import {
  FieldPath,
  FieldValue,
  Timestamp,
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
} from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  isBuyerRole,
  isCompanyRole,
  MIGRATED_LOCATION,
  parseAccessClaims,
  paths,
  PROFILE_STATUSES,
  shipToSchema,
  type CompanyRole,
  type ShipTo,
} from '@portal/domain';
import { findUser } from '../lib/auth-users';

/**
 * Companies from the single-buyer profiles of the releases before companies
 * (`npm run migrate:companies`, scripts/migrate-companies.ts; docs/companies.md, "Migrating
 * single-buyer profiles"). Every retailer's or wholesaler's profiles/{uid} that names no company
 * becomes the owner of companies/{uid}, the company made of it:
 *
 * 1. companies/{uid} from the profile's store name, role (the business type), seller permit,
 *    status and review (the id is the uid, so stripe_customers/{uid} stays the company's);
 * 2. companies/{uid}/locations/main (MIGRATED_LOCATION) from the profile's saved ship-to, when it
 *    has a valid one;
 * 3. the profile's membership: company_id uid, company_role owner, location_ids [] (its copies of
 *    the company's fields stay);
 * 4. company_id on each of the buyer's orders, standing orders and checkouts that lack it;
 * 5. the claims company and company_role on the Auth user, next to the claims they have.
 *
 * 1 to 3 are one transaction per profile that reads the profile again and decides again, so two
 * runs at once never convert a profile twice. Each step is checked on its own (a company, a
 * location, a profile, each document, each user's claims), so a run finishes what one cut short
 * did and a second run finds nothing to do and writes nothing. Managers have no company; a profile
 * whose role, status or company fields are not ours is skipped and reported, never converted; a
 * profile already in another company (an invited member) is not a single buyer. Without `apply`
 * it only counts, from the documents as read, and writes nothing.
 */

/** The collections whose documents carry company_id next to user_id. */
export const TAGGED_COLLECTIONS = [
  COLLECTIONS.orders,
  COLLECTIONS.standingOrders,
  COLLECTIONS.checkouts,
] as const;
export type TaggedCollection = (typeof TAGGED_COLLECTIONS)[number];
export type PerCollection = Record<TaggedCollection, number>;

export interface SkippedProfile {
  uid: string;
  reason: string;
}

export interface CompaniesMigrationReport {
  /** false: a dry run (every count says what --apply would do). */
  apply: boolean;
  /** Profiles read. */
  profilesScanned: number;
  /** Of those, managers' (no company). */
  managers: number;
  companiesCreated: number;
  locationsCreated: number;
  /** Profiles given their membership (company_id, company_role owner, location_ids). */
  profilesConverted: number;
  /** Documents given company_id. */
  tagged: PerCollection;
  /** Auth users given the company claims. */
  claimsUpdated: number;
  /** Migrated buyers with no Auth user (no claims to set), by uid. */
  notInAuth: string[];
  /** Converted profiles whose saved ship_to is not a valid one: no location was made of it. */
  unreadableShipTo: string[];
  /** Profiles left as they are because a field is not one of ours, with the reason. */
  skipped: SkippedProfile[];
  /**
   * Documents without company_id that stay so: their user_id is no migrated buyer's (a
   * manager's, a skipped profile's, an account since deleted).
   */
  untagged: PerCollection;
}

export interface CompaniesMigrationOptions {
  /** false: count only. */
  apply: boolean;
  /** Documents read a page at a time (default 500). */
  pageSize?: number;
  /** Profile transactions and Auth calls in flight at once (default 16). */
  concurrency?: number;
}

/** The most writes one batch of company_id tags holds. */
export const TAG_BATCH_SIZE = 400;
/** Tag batches committed at once. */
const BATCHES_IN_FLIGHT = 4;
/** The most users one Auth lookup names (the Admin SDK's getUsers limit). */
const AUTH_LOOKUP_SIZE = 100;
/** The most documents one getAll reads. */
const READ_CHUNK = 300;

/** What one profile is to the migration. */
type ProfilePlan =
  | { kind: 'manager' }
  /** In a company of someone else's: an invited member, not a single buyer. */
  | { kind: 'member' }
  | { kind: 'skip'; reason: string }
  | {
      kind: 'owner';
      /** Already names companies/{uid}. */
      converted: boolean;
      /** The company role the claims must carry (owner, unless ownership moved since). */
      companyRole: CompanyRole;
      company: DocumentData;
      /** The saved ship-to, parsed; null when there is none or it is not valid. */
      shipTo: ShipTo | null;
      /** There is a ship_to, but not a valid one. */
      unreadableShipTo: boolean;
    };

const shown = (value: unknown): string =>
  value === undefined ? 'missing' : (JSON.stringify(value) ?? String(value));

const nonEmptyString = (value: unknown): value is string =>
  typeof value === 'string' && value.trim() !== '';

/** The company a profile makes: exactly the fields of docs/companies.md's table. */
function companyOf(uid: string, data: DocumentData): DocumentData {
  const round = data.review_round;
  return {
    name: data.store_name,
    business_type: data.role,
    seller_permit_id: data.seller_permit_id,
    status: data.status,
    created_by: uid,
    created_at:
      data.created_at instanceof Timestamp ? data.created_at : FieldValue.serverTimestamp(),
    ...(data.reviewed_at instanceof Timestamp ? { reviewed_at: data.reviewed_at } : {}),
    ...(typeof data.reviewed_by === 'string' ? { reviewed_by: data.reviewed_by } : {}),
    review_round: Number.isInteger(round) && round >= 0 ? round : 0,
  };
}

/** What the migration makes of profiles/{uid} (data: the document as read). */
export function planProfile(uid: string, data: DocumentData): ProfilePlan {
  const skip = (reason: string): ProfilePlan => ({ kind: 'skip', reason });
  const { role, status } = data;
  if (role === 'manager') return { kind: 'manager' };
  if (!isBuyerRole(role)) return skip(`role ${shown(role)} is not retailer or wholesaler`);
  if (!(PROFILE_STATUSES as readonly unknown[]).includes(status)) {
    return skip(`status ${shown(status)} is not ${PROFILE_STATUSES.join(', ')}`);
  }
  const companyId: unknown = data.company_id;
  const converted = companyId !== undefined;
  if (converted && companyId !== uid) {
    return nonEmptyString(companyId)
      ? { kind: 'member' }
      : skip(`company_id ${shown(companyId)} is not a company id`);
  }
  if (converted && !isCompanyRole(data.company_role)) {
    return skip(`company_role ${shown(data.company_role)} is not owner, buyer or viewer`);
  }
  // The claims refuse a company id that is not a plain document id (roles.ts).
  if (parseAccessClaims({ company: uid }).company !== uid) {
    return skip('the uid cannot be a company id (letters, digits, _ and - only)');
  }
  if (!nonEmptyString(data.store_name)) {
    return skip(`store_name ${shown(data.store_name)} is not a name`);
  }
  if (!nonEmptyString(data.seller_permit_id)) {
    return skip(`seller_permit_id ${shown(data.seller_permit_id)} is not a permit id`);
  }
  const saved: unknown = data.ship_to;
  const shipTo = saved === undefined || saved === null ? null : shipToSchema.safeParse(saved);
  return {
    kind: 'owner',
    converted,
    companyRole: converted ? (data.company_role as CompanyRole) : 'owner',
    company: companyOf(uid, data),
    shipTo: shipTo?.success ? shipTo.data : null,
    unreadableShipTo: shipTo !== null && !shipTo.success,
  };
}

interface Writes {
  company: boolean;
  location: boolean;
  profile: boolean;
}

/**
 * What a profile still needs, each step on its own: the company when it is missing; the location
 * along with the company or the membership (never again afterwards: the owner's since); the
 * membership when the profile names no company.
 */
function writesOf(
  plan: Extract<ProfilePlan, { kind: 'owner' }>,
  companyExists: boolean,
  locationExists: boolean,
): Writes {
  const company = !companyExists;
  const profile = !plan.converted;
  return {
    company,
    profile,
    location: plan.shipTo !== null && !locationExists && (company || profile),
  };
}

const anyWrite = (writes: Writes) => writes.company || writes.location || writes.profile;

interface Refs {
  profile: DocumentReference;
  company: DocumentReference;
  location: DocumentReference;
}

const refsOf = (db: Firestore, uid: string): Refs => ({
  profile: db.doc(paths.profile(uid)),
  company: db.doc(paths.company(uid)),
  location: db.doc(paths.location(uid, MIGRATED_LOCATION.id)),
});

/**
 * Converts one profile in a transaction that reads it, its company and its location again: what
 * it wrote, and the plan it decided on (null: no longer a single buyer's profile).
 */
async function convert(
  db: Firestore,
  uid: string,
): Promise<{ plan: Extract<ProfilePlan, { kind: 'owner' }>; writes: Writes } | null> {
  const refs = refsOf(db, uid);
  return db.runTransaction(async (tx) => {
    const [profile, company, location] = await tx.getAll(refs.profile, refs.company, refs.location);
    const data = profile?.data();
    if (!data) return null;
    const plan = planProfile(uid, data);
    if (plan.kind !== 'owner') return null;
    const writes = writesOf(plan, company?.exists === true, location?.exists === true);
    if (writes.company) tx.create(refs.company, plan.company);
    if (writes.location && plan.shipTo) {
      tx.create(refs.location, {
        name: MIGRATED_LOCATION.name,
        ship_to: plan.shipTo,
        delivery_notes: '',
        archived: false,
        created_at: FieldValue.serverTimestamp(),
        updated_at: FieldValue.serverTimestamp(),
      });
    }
    if (writes.profile) {
      tx.update(refs.profile, { company_id: uid, company_role: 'owner', location_ids: [] });
    }
    return { plan: writes.profile ? { ...plan, converted: true } : plan, writes };
  });
}

/** Runs `work` on each item, at most `limit` at once. */
async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++] as T);
  });
  await Promise.all(runners);
}

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) =>
    items.slice(i * size, (i + 1) * size),
  );

/** Every document of a collection, a page at a time in id order (only `fields`, when named). */
async function scan(
  db: Firestore,
  collection: string,
  pageSize: number,
  fields: readonly string[] | null,
  each: (doc: DocumentSnapshot) => void,
): Promise<void> {
  let after: string | undefined;
  for (;;) {
    let page = db.collection(collection).orderBy(FieldPath.documentId()).limit(pageSize);
    if (fields) page = page.select(...fields);
    if (after) page = page.startAfter(after);
    const docs = (await page.get()).docs;
    for (const doc of docs) each(doc);
    if (docs.length < pageSize) return;
    after = docs[docs.length - 1]!.id;
  }
}

/** Whether each document exists, by path (getAll, a chunk at a time). */
async function existing(db: Firestore, refs: readonly DocumentReference[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const chunk of chunks(refs, READ_CHUNK)) {
    for (const snap of await db.getAll(...chunk)) if (snap.exists) found.add(snap.ref.path);
  }
  return found;
}

/** The Firestore error code of a failed write (5: NOT_FOUND), if it has one. */
const errorCode = (error: unknown): unknown =>
  typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;

/**
 * Writes company_id on the documents, a batch at a time. A document deleted since it was read
 * fails its batch: that batch is written again one document at a time, without it (never made
 * again). Returns how many were written.
 */
export async function tagWithCompany(
  db: Firestore,
  docs: readonly { ref: DocumentReference; companyId: string }[],
): Promise<number> {
  let written = 0;
  await eachLimited(chunks(docs, TAG_BATCH_SIZE), BATCHES_IN_FLIGHT, async (chunk) => {
    const batch = db.batch();
    for (const { ref, companyId } of chunk) batch.update(ref, { company_id: companyId });
    try {
      await batch.commit();
      written += chunk.length;
    } catch (error) {
      if (errorCode(error) !== 5) throw error;
      for (const { ref, companyId } of chunk) {
        try {
          await ref.update({ company_id: companyId });
          written++;
        } catch (single) {
          if (errorCode(single) !== 5) throw single;
        }
      }
    }
  });
  return written;
}

/**
 * Sets { company, company_role } on the users whose claims do not already say them, keeping
 * every other claim (read again just before, so a review meanwhile is not undone). Returns how
 * many users were (or, in a dry run, would be) updated, and the uids with no Auth user.
 */
async function updateClaims(
  auth: Auth,
  owners: ReadonlyMap<string, CompanyRole>,
  apply: boolean,
  concurrency: number,
): Promise<{ updated: number; notInAuth: string[] }> {
  const lacks = (claims: Record<string, unknown> | undefined, uid: string) =>
    claims?.company !== uid || claims?.company_role !== owners.get(uid);
  const notInAuth: string[] = [];
  const stale: string[] = [];
  for (const chunk of chunks([...owners.keys()], AUTH_LOOKUP_SIZE)) {
    const result = await auth.getUsers(chunk.map((uid) => ({ uid })));
    const found = new Set<string>();
    for (const user of result.users) {
      found.add(user.uid);
      if (lacks(user.customClaims, user.uid)) stale.push(user.uid);
    }
    notInAuth.push(...chunk.filter((uid) => !found.has(uid)));
  }
  if (!apply) return { updated: stale.length, notInAuth };
  let updated = 0;
  await eachLimited(stale, concurrency, async (uid) => {
    const user = await findUser(auth, uid);
    if (!user) {
      notInAuth.push(uid);
      return;
    }
    if (!lacks(user.customClaims, uid)) return;
    await auth.setCustomUserClaims(uid, {
      ...user.customClaims,
      company: uid,
      company_role: owners.get(uid),
    });
    updated++;
  });
  return { updated, notInAuth };
}

const perCollection = (): PerCollection => ({
  [COLLECTIONS.orders]: 0,
  [COLLECTIONS.standingOrders]: 0,
  [COLLECTIONS.checkouts]: 0,
});

export async function migrateCompanies(
  { db, auth }: { db: Firestore; auth: Auth },
  options: CompaniesMigrationOptions,
): Promise<CompaniesMigrationReport> {
  const pageSize = options.pageSize ?? 500;
  const concurrency = options.concurrency ?? 16;
  const report: CompaniesMigrationReport = {
    apply: options.apply,
    profilesScanned: 0,
    managers: 0,
    companiesCreated: 0,
    locationsCreated: 0,
    profilesConverted: 0,
    tagged: perCollection(),
    claimsUpdated: 0,
    notInAuth: [],
    unreadableShipTo: [],
    skipped: [],
    untagged: perCollection(),
  };

  // Read: every profile, and the user and company of every order, standing order and checkout.
  const plans = new Map<string, Extract<ProfilePlan, { kind: 'owner' }>>();
  const lacking = new Map<TaggedCollection, { ref: DocumentReference; userId: unknown }[]>(
    TAGGED_COLLECTIONS.map((collection) => [collection, []]),
  );
  await Promise.all([
    scan(db, COLLECTIONS.profiles, pageSize, null, (doc) => {
      report.profilesScanned++;
      const plan = planProfile(doc.id, doc.data() ?? {});
      if (plan.kind === 'manager') report.managers++;
      else if (plan.kind === 'skip') report.skipped.push({ uid: doc.id, reason: plan.reason });
      else if (plan.kind === 'owner') plans.set(doc.id, plan);
    }),
    ...TAGGED_COLLECTIONS.map((collection) =>
      scan(db, collection, pageSize, ['user_id', 'company_id'], (doc) => {
        const companyId: unknown = doc.get('company_id');
        if (companyId === undefined || companyId === null) {
          lacking.get(collection)!.push({ ref: doc.ref, userId: doc.get('user_id') });
        }
      }),
    ),
  ]);

  // 1-3: the companies, locations and memberships still missing.
  const uids = [...plans.keys()];
  const present = await existing(db, [
    ...uids.map((uid) => refsOf(db, uid).company),
    ...uids.filter((uid) => plans.get(uid)!.shipTo).map((uid) => refsOf(db, uid).location),
  ]);
  /** The migrated buyers (company id = uid) and the company role their claims must carry. */
  const owners = new Map<string, CompanyRole>();
  const count = (plan: Extract<ProfilePlan, { kind: 'owner' }>, writes: Writes, uid: string) => {
    if (writes.company) report.companiesCreated++;
    if (writes.location) report.locationsCreated++;
    if (writes.profile) report.profilesConverted++;
    if (writes.profile && plan.unreadableShipTo) report.unreadableShipTo.push(uid);
  };
  const pending: string[] = [];
  for (const [uid, plan] of plans) {
    const refs = refsOf(db, uid);
    const writes = writesOf(plan, present.has(refs.company.path), present.has(refs.location.path));
    if (!anyWrite(writes)) owners.set(uid, plan.companyRole);
    else if (options.apply) pending.push(uid);
    else {
      count(plan, writes, uid);
      owners.set(uid, plan.companyRole);
    }
  }
  await eachLimited(pending, concurrency, async (uid) => {
    const done = await convert(db, uid);
    if (!done) return;
    count(done.plan, done.writes, uid);
    owners.set(uid, done.plan.companyRole);
  });

  // 4: company_id on the migrated buyers' documents that lack it.
  const toTag: { collection: TaggedCollection; ref: DocumentReference; companyId: string }[] = [];
  for (const [collection, docs] of lacking) {
    for (const { ref, userId } of docs) {
      if (typeof userId === 'string' && owners.has(userId)) {
        toTag.push({ collection, ref, companyId: userId });
      } else report.untagged[collection]++;
    }
  }
  for (const collection of TAGGED_COLLECTIONS) {
    const docs = toTag.filter((doc) => doc.collection === collection);
    report.tagged[collection] = options.apply ? await tagWithCompany(db, docs) : docs.length;
  }

  // 5: the claims, once the documents they open carry the company.
  const claims = await updateClaims(auth, owners, options.apply, concurrency);
  report.claimsUpdated = claims.updated;
  report.notInAuth = claims.notInAuth.sort();
  report.skipped.sort((a, b) => a.uid.localeCompare(b.uid));
  report.unreadableShipTo.sort();
  return report;
}
