import { randomUUID } from 'node:crypto';
import type { Timestamp } from 'firebase-admin/firestore';
import { COLLECTIONS, mailKeys, paths, type CompanyRole, type ProfileStatus } from '@portal/domain';
import type { CallRequest } from '../../src/handlers/edge';
import { adminAuth, firestore } from '../../src/lib/admin';
import {
  accountEmail,
  createAccount,
  createMemberAccount,
  PASSWORD,
  signIn,
  type TestAccount,
} from '../accounts/support';
import { locationDocument } from '../company-fixtures';
import { databaseState, stateChanges, type DatabaseState } from '../support/database-state';

/**
 * Companies with members for the member and invitation tests: an owner (createAccount's
 * one-member company, its id the owner's uid), locations, more members written as
 * acceptInvitation writes them, and requests from an IP of the test's own.
 */

export interface TestCompany {
  id: string;
  owner: TestAccount;
  /** Its locations: `main` and `north`, and `closed` (archived). */
  locations: { main: string; north: string; closed: string };
}

/** A random IP of TEST-NET-3, so no two tests share a rate-limit window. */
export const randomIp = () =>
  `203.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

/** A signed-in request as the runtime builds it (the verified ID token), from an IP of its own. */
export async function asUser(account: TestAccount, data: unknown): Promise<CallRequest> {
  const rawToken = await signIn(account.email);
  const token = await adminAuth().verifyIdToken(rawToken);
  return { auth: { uid: account.uid, token, rawToken }, data, rawRequest: { ip: randomIp() } };
}

/** A signed-out request from an IP of its own. */
export const signedOut = (data: unknown): CallRequest => ({ data, rawRequest: { ip: randomIp() } });

/** An approved (or `status`) company with its owner and three locations (one archived). */
export async function createCompany(
  status: ProfileStatus = 'approved',
  role: 'retailer' | 'wholesaler' = 'retailer',
): Promise<TestCompany> {
  const owner = await createAccount(role, status);
  const db = firestore();
  await Promise.all([
    db.doc(paths.location(owner.uid, 'main')).set(locationDocument('Main St store')),
    db.doc(paths.location(owner.uid, 'north')).set(locationDocument('North store')),
    db
      .doc(paths.location(owner.uid, 'closed'))
      .set(locationDocument('Closed store', { archived: true })),
  ]);
  return { id: owner.uid, owner, locations: { main: 'main', north: 'north', closed: 'closed' } };
}

/** A member of `company` with `role` (a buyer with `locationIds`): profile and claims. */
export function addMember(
  company: TestCompany,
  role: CompanyRole,
  locationIds: string[] = [],
): Promise<TestAccount> {
  return createMemberAccount(company.id, role, locationIds);
}

/** A person with an account and no company: signed up, never applied (no claims, no profile). */
export async function createLoneAccount(): Promise<TestAccount> {
  return createAccount('retailer', 'pending', { claims: null, noProfile: true });
}

/** An address nobody has an account with. */
export const freshEmail = (label = 'new') =>
  `${label}-${randomUUID().slice(0, 8)}@invited.test`.toLowerCase();

export async function invitationDoc(id: string): Promise<Record<string, unknown>> {
  const snap = await firestore().doc(paths.invitation(id)).get();
  if (!snap.exists) throw new Error(`No invitation ${id}`);
  return snap.data()!;
}

export async function mailOf(key: string) {
  const snap = await firestore().collection(COLLECTIONS.mail).doc(key).get();
  return snap.exists
    ? (snap.data() as {
        to: string[];
        message: { subject: string; text: string; html: string };
        kind: string;
        expires_at?: Timestamp;
      })
    : null;
}

/** The link's token in the invitation's mail of its `sendCount`th sending. */
export async function tokenOf(invitationId: string, sendCount = 1): Promise<string> {
  const mail = await mailOf(mailKeys.memberInvitation(invitationId, sendCount));
  const match = mail?.message.text.match(/\/join\?token=([A-Za-z0-9_-]+)/);
  if (!match?.[1]) throw new Error(`No link in the invitation mail of ${invitationId}`);
  return match[1];
}

export async function profileData(uid: string) {
  return (await firestore().doc(paths.profile(uid)).get()).data();
}

export async function userOf(uid: string) {
  return adminAuth().getUser(uid);
}

/** The address of an account createAccount made. */
export const emailOfUid = accountEmail;

/**
 * Everything a refused call could have changed (every document and Auth user), less the rate
 * limit windows, which a call counts before it is refused.
 */
export async function snapshot(): Promise<DatabaseState> {
  return databaseState();
}

export function changesSince(before: DatabaseState, after: DatabaseState): string[] {
  return stateChanges(before, after).filter(
    (line) =>
      !line.startsWith(`firestore: created ${COLLECTIONS.rateLimits}/`) &&
      !line.startsWith(`firestore: wrote ${COLLECTIONS.rateLimits}/`),
  );
}

export { PASSWORD };
