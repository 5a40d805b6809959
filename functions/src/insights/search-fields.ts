import type { Auth } from 'firebase-admin/auth';
import { FieldPath, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  companySearchKeysOf,
  isBuyerRole,
  membershipOf,
  normalizeSearchText,
  paths,
  searchKeysOf,
  type BuyerRole,
  type CompanyRole,
} from '@portal/domain';
import { findUser } from '../lib/auth-users';
import { authUsersOf } from './search';

/**
 * The fields the managers' search reads (docs/manager-insight.md, "Searching orders and users"):
 *
 * - orders/{id}: `search_keys` (store name, buyer's email, order id, invoice number),
 *   `buyer_role` (the role filter), `buyer_email` (the table's column) and `store_name_lower`
 *   (the sort by store);
 * - profiles/{uid}: `search_keys` (store name, email) and `store_name_lower` (the sort by store);
 * - companies/{id}: `search_keys` (the name, every member's address, every location's city),
 *   `name_lower` (the sort by name) and what the Companies table shows of its members and
 *   locations: `member_count`, `location_count`, `cities`, and `owner_uid` (whom a review names).
 *
 * Derived data, kept by the Firestore triggers onOrderWrittenForSearch,
 * onProfileWrittenForSearch, onCompanyWrittenForSearch and onLocationWrittenForSearch
 * (handlers/search-triggers.ts) and by the backfill
 * (scripts/backfill-search-keys.ts). Each sync re-reads the document in a transaction and writes
 * only these fields and only when they differ, so its own write, delivered to it again, changes
 * nothing, and a late delivery of an older event computes from the current document. One writer
 * of orders sets them itself: the transaction that makes a card checkout's order
 * (checkout/checkout-transitions.ts) has the buyer's profile and Auth user at hand, so it creates
 * the order with its fields (orderSearchFields, buyerFrom) and the trigger has nothing to do.
 */

export type SearchDeps = { db: Firestore; auth: Auth };

export interface OrderSearchFields {
  search_keys: string[];
  buyer_role: BuyerRole | null;
  buyer_email: string | null;
  /** The sort by store (ORDER_SORT_FIELD): its name lower-cased and normalized. */
  store_name_lower: string;
}

export interface ProfileSearchFields {
  search_keys: string[];
  store_name_lower: string;
}

export interface CompanySearchFields {
  search_keys: string[];
  name_lower: string;
  member_count: number;
  location_count: number;
  cities: string[];
  owner_uid: string | null;
}

/** A member as the company's search fields need them: who, with which role, at which address. */
export interface CompanyMemberSource {
  uid: string;
  role: CompanyRole;
  email: string | null;
}

/** Who placed an order, as its search fields need them. */
export interface Buyer {
  role: BuyerRole | null;
  email: string | null;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export function orderSearchFields(
  orderId: string,
  order: DocumentData,
  buyer: Buyer,
): OrderSearchFields {
  const invoice = order.invoice_number;
  return {
    search_keys: searchKeysOf({
      storeName: text(order.store_name),
      email: buyer.email,
      orderId,
      invoiceNumber: typeof invoice === 'string' ? invoice : null,
    }),
    buyer_role: buyer.role,
    buyer_email: buyer.email,
    store_name_lower: normalizeSearchText(text(order.store_name)),
  };
}

export function profileSearchFields(
  profile: DocumentData,
  email: string | null,
): ProfileSearchFields {
  const storeName = text(profile.store_name);
  return {
    search_keys: searchKeysOf({ storeName, email }),
    store_name_lower: normalizeSearchText(storeName),
  };
}

/** A location's city, trimmed ('' when it has none). */
export function cityOf(location: DocumentData): string {
  const shipTo = location.ship_to as { address?: { city?: unknown } } | null | undefined;
  return text(shipTo?.address?.city).trim();
}

/**
 * A company's search fields from the company, its members (with their addresses) and every one
 * of its locations (archived ones too). The applicant comes first, then the members and the
 * locations by id, so the same company always gives the same keys. The owner a review names is
 * the applicant while they are an owner, else the first other owner.
 */
export function companySearchFields(
  company: DocumentData,
  members: readonly CompanyMemberSource[],
  locations: readonly { id: string; data: DocumentData }[],
): CompanySearchFields {
  const name = text(company.name);
  const applicant = text(company.created_by);
  const byUid = [...members].sort(
    (a, b) =>
      Number(b.uid === applicant) - Number(a.uid === applicant) || a.uid.localeCompare(b.uid),
  );
  const cities = [...locations]
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((location) => cityOf(location.data))
    .filter((city) => city.length > 0);
  return {
    search_keys: companySearchKeysOf({ name, emails: byUid.map((m) => m.email), cities }),
    name_lower: normalizeSearchText(name),
    member_count: members.length,
    location_count: locations.length,
    cities: [...new Set(cities)].sort((a, b) => a.localeCompare(b)),
    owner_uid: byUid.find((member) => member.role === 'owner')?.uid ?? null,
  };
}

/** The fields of `wanted` whose stored value differs (absent counts as different). */
export function changedFields(
  stored: DocumentData,
  wanted: OrderSearchFields | ProfileSearchFields | CompanySearchFields,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(wanted).filter(
      ([key, value]) => !(key in stored) || JSON.stringify(stored[key]) !== JSON.stringify(value),
    ),
  );
}

export type SyncOutcome = 'updated' | 'unchanged' | 'missing';

/** The address the search fields hold: the Auth user's, lower-cased (null: none). */
function searchEmail(email: string | null | undefined): string | null {
  return email ? email.toLowerCase() : null;
}

async function emailOf(auth: Auth, uid: string): Promise<string | null> {
  if (!uid) return null;
  return searchEmail((await findUser(auth, uid))?.email);
}

/** The buyer as the search fields see them: the role on their profile, their Auth address. */
export function buyerFrom(profileRole: unknown, email: string | null | undefined): Buyer {
  return { role: isBuyerRole(profileRole) ? profileRole : null, email: searchEmail(email) };
}

/** The order's buyer: the role on their profile, the address on their Auth user. */
export async function buyerOf(deps: SearchDeps, uid: string): Promise<Buyer> {
  if (!uid) return { role: null, email: null };
  const [profile, email] = await Promise.all([
    deps.db.doc(paths.profile(uid)).get(),
    emailOf(deps.auth, uid),
  ]);
  return buyerFrom(profile.get('role'), email);
}

export interface SyncOptions {
  /** Compute only: report 'updated' for what would be written, write nothing (the backfill's dry run). */
  dryRun?: boolean;
  /** How the order's buyer is looked up (the backfill shares one lookup per buyer). */
  buyer?: (uid: string) => Promise<Buyer>;
}

/**
 * Brings orders/{orderId}'s search fields in line with the order and its buyer. Returns what it
 * did: `missing` for a deleted order, `unchanged` when the fields were already right.
 */
export async function syncOrderSearchFields(
  deps: SearchDeps,
  orderId: string,
  options: SyncOptions = {},
): Promise<SyncOutcome> {
  const ref = deps.db.doc(paths.order(orderId));
  const first = await ref.get();
  if (!first.exists) return 'missing';
  const lookup = options.buyer ?? ((uid: string) => buyerOf(deps, uid));
  const buyer = await lookup(text(first.get('user_id')));
  return deps.db.runTransaction(async (tx): Promise<SyncOutcome> => {
    const snapshot = await tx.get(ref);
    const order = snapshot.data();
    if (!order) return 'missing';
    // The buyer was looked up for the order as first read; user_id never changes.
    const changed = changedFields(order, orderSearchFields(orderId, order, buyer));
    if (Object.keys(changed).length === 0) return 'unchanged';
    if (!options.dryRun) tx.update(ref, changed);
    return 'updated';
  });
}

/** Brings profiles/{uid}'s search fields in line with its store name and the user's address. */
export async function syncProfileSearchFields(
  deps: SearchDeps,
  uid: string,
  options: Pick<SyncOptions, 'dryRun'> = {},
): Promise<SyncOutcome> {
  const ref = deps.db.doc(paths.profile(uid));
  const email = await emailOf(deps.auth, uid);
  return deps.db.runTransaction(async (tx): Promise<SyncOutcome> => {
    const snapshot = await tx.get(ref);
    const profile = snapshot.data();
    if (!profile) return 'missing';
    const changed = changedFields(profile, profileSearchFields(profile, email));
    if (Object.keys(changed).length === 0) return 'unchanged';
    if (!options.dryRun) tx.update(ref, changed);
    return 'updated';
  });
}

/** The addresses of these users, lower-cased, by uid (null: no user, or no address). */
export type EmailLookup = (uids: readonly string[]) => Promise<Map<string, string | null>>;

export function emailLookup(deps: Pick<SearchDeps, 'auth'>): EmailLookup {
  return async (uids) => {
    const users = await authUsersOf(deps, uids);
    return new Map(uids.map((uid) => [uid, users.get(uid)?.email?.toLowerCase() ?? null]));
  };
}

/**
 * Brings companies/{companyId}'s search fields in line with the company, its members (the
 * profiles that name it, and their addresses in Firebase Auth) and its locations, all read in
 * one transaction.
 */
export async function syncCompanySearchFields(
  deps: SearchDeps,
  companyId: string,
  options: Pick<SyncOptions, 'dryRun'> & { emails?: EmailLookup } = {},
): Promise<SyncOutcome> {
  const ref = deps.db.doc(paths.company(companyId));
  const membersQuery = deps.db
    .collection(COLLECTIONS.profiles)
    .where('company_id', '==', companyId);
  const locationsQuery = deps.db.collection(paths.locations(companyId));
  const lookup = options.emails ?? emailLookup(deps);
  // Kept across the transaction's retries: an address is looked up once per sync.
  const emails = new Map<string, string | null>();
  return deps.db.runTransaction(async (tx): Promise<SyncOutcome> => {
    const snapshot = await tx.get(ref);
    const company = snapshot.data();
    if (!company) return 'missing';
    const [profiles, locations] = await Promise.all([tx.get(membersQuery), tx.get(locationsQuery)]);
    const members = profiles.docs.flatMap((doc) => {
      const membership = membershipOf(doc.data());
      return membership?.companyId === companyId ? [{ uid: doc.id, role: membership.role }] : [];
    });
    const unknown = members.map((m) => m.uid).filter((uid) => !emails.has(uid));
    if (unknown.length > 0) {
      for (const [uid, email] of await lookup(unknown)) emails.set(uid, email);
    }
    const wanted = companySearchFields(
      company,
      members.map((member) => ({ ...member, email: emails.get(member.uid) ?? null })),
      locations.docs.map((doc) => ({ id: doc.id, data: doc.data() })),
    );
    const changed = changedFields(company, wanted);
    if (Object.keys(changed).length === 0) return 'unchanged';
    if (!options.dryRun) tx.update(ref, changed);
    return 'updated';
  });
}

export interface BackfillReport {
  profiles: { scanned: number; updated: number };
  orders: { scanned: number; updated: number };
  companies: { scanned: number; updated: number };
}

/**
 * The backfill (scripts/backfill-search-keys.ts): every profile, every order, then every
 * company, synced as the triggers would, a page at a time; each buyer looked up once. Idempotent: a second run
 * updates nothing. With `dryRun`, counts what it would update.
 */
export async function backfillSearchFields(
  deps: SearchDeps,
  options: { dryRun?: boolean; pageSize?: number } = {},
): Promise<BackfillReport> {
  const pageSize = options.pageSize ?? 300;
  const buyers = new Map<string, Promise<Buyer>>();
  const buyer = (uid: string) => {
    let found = buyers.get(uid);
    if (!found) buyers.set(uid, (found = buyerOf(deps, uid)));
    return found;
  };
  const report: BackfillReport = {
    profiles: { scanned: 0, updated: 0 },
    orders: { scanned: 0, updated: 0 },
    companies: { scanned: 0, updated: 0 },
  };
  const each = async (
    collection: string,
    sync: (id: string) => Promise<SyncOutcome>,
    counts: { scanned: number; updated: number },
  ) => {
    let after: string | undefined;
    for (;;) {
      let page = deps.db.collection(collection).orderBy(FieldPath.documentId()).limit(pageSize);
      if (after) page = page.startAfter(after);
      const ids = (await page.select().get()).docs.map((doc) => doc.id);
      for (const id of ids) {
        counts.scanned++;
        if ((await sync(id)) === 'updated') counts.updated++;
      }
      if (ids.length < pageSize) return;
      after = ids[ids.length - 1];
    }
  };
  const dryRun = options.dryRun ?? false;
  await each(
    COLLECTIONS.profiles,
    (uid) => syncProfileSearchFields(deps, uid, { dryRun }),
    report.profiles,
  );
  await each(
    COLLECTIONS.orders,
    (id) => syncOrderSearchFields(deps, id, { dryRun, buyer }),
    report.orders,
  );
  const emails = emailLookup(deps);
  await each(
    COLLECTIONS.companies,
    (id) => syncCompanySearchFields(deps, id, { dryRun, emails }),
    report.companies,
  );
  return report;
}
