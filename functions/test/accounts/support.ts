import { randomUUID } from 'node:crypto';
import type { DecodedIdToken } from 'firebase-admin/auth';
import {
  COLLECTIONS,
  paths,
  type CompanyRole,
  type ProfileStatus,
  type Role,
} from '@portal/domain';
import { adminAuth, firestore } from '../../src/lib/admin';
import { buyerClaims, writeBuyer, writeMember } from '../company-fixtures';

export const PASSWORD = 'accounts-test-1';

export interface TestRequest {
  auth?: { uid: string; token: DecodedIdToken; rawToken: string };
  data: unknown;
}

export interface TestAccount {
  uid: string;
  email: string;
}

/** Signs in through the Auth emulator's REST API; returns the ID token (a JWT). */
export async function signIn(email: string): Promise<string> {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host) throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set (global setup)');
  const response = await fetch(
    `http://${host}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as { idToken?: string; error?: { message: string } };
  if (!body.idToken) throw new Error(`Sign-in failed: ${body.error?.message ?? response.status}`);
  return body.idToken;
}

/** A callable request as the Functions runtime builds it from the account's verified ID token. */
export async function requestAs(account: TestAccount, data: unknown): Promise<TestRequest> {
  const rawToken = await signIn(account.email);
  const token = await adminAuth().verifyIdToken(rawToken);
  return { auth: { uid: account.uid, token, rawToken }, data };
}

export interface AccountOptions {
  /** Claims on the Auth user; defaults to { role, status } of the profile. null: none. */
  claims?: Record<string, unknown> | null;
  /** Write no profile document. */
  noProfile?: boolean;
  /** Whether the Auth user's address is verified (default true: most tests are not about it). */
  emailVerified?: boolean;
  /** A uid of the test's own (a table that names the account before it exists); else a random one. */
  uid?: string;
}

/** The address createAccount gives the user with this uid. */
export const accountEmail = (uid: string) => `${uid}@accounts.test`;

/** A new Auth user (unique uid) with a profile, as sign-up and earlier reviews would leave them. */
export async function createAccount(
  role: Role,
  status: ProfileStatus,
  options: AccountOptions = {},
): Promise<TestAccount> {
  const uid = options.uid ?? `acct-${role}-${status}-${randomUUID().slice(0, 8)}`;
  const email = accountEmail(uid);
  await adminAuth().createUser({
    uid,
    email,
    password: PASSWORD,
    displayName: `Name ${uid}`,
    emailVerified: options.emailVerified ?? true,
  });
  const claims = options.claims === undefined ? buyerClaims(uid, role, status) : options.claims;
  if (claims) await adminAuth().setCustomUserClaims(uid, claims);
  if (!options.noProfile) {
    await writeBuyer(firestore(), uid, {
      role,
      status,
      fullName: `Name ${uid}`,
      storeName: `Store ${uid}`,
      sellerPermitId: 'SR-TEST-0001',
    });
  }
  return { uid, email };
}

/**
 * Another member of an existing company (createAccount's company id is the owner's uid): an Auth
 * user (address verified) with a member's claims and profile, as joining the company leaves them.
 */
export async function createMemberAccount(
  companyId: string,
  companyRole: CompanyRole,
  locationIds: string[] = [],
): Promise<TestAccount> {
  const uid = `acct-${companyRole}-${randomUUID().slice(0, 8)}`;
  const email = accountEmail(uid);
  await adminAuth().createUser({
    uid,
    email,
    password: PASSWORD,
    displayName: `Name ${uid}`,
    emailVerified: true,
  });
  const claims = await writeMember(firestore(), uid, { companyId, companyRole, locationIds });
  await adminAuth().setCustomUserClaims(uid, claims);
  return { uid, email };
}

export async function profileOf(uid: string): Promise<Record<string, unknown>> {
  const snapshot = await firestore().doc(paths.profile(uid)).get();
  if (!snapshot.exists) throw new Error(`No profile for ${uid}`);
  return snapshot.data() ?? {};
}

export async function auditEntriesFor(uid: string): Promise<Record<string, unknown>[]> {
  const snapshot = await firestore()
    .collection(COLLECTIONS.auditLog)
    .where('target', '==', uid)
    .get();
  return snapshot.docs.map((d) => d.data());
}

export async function claimsOf(uid: string): Promise<Record<string, unknown> | undefined> {
  return (await adminAuth().getUser(uid)).customClaims;
}
