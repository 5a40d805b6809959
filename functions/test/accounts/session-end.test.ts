import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword, type Auth } from 'firebase/auth';
import {
  collection,
  connectFirestoreEmulator,
  getDocs,
  getFirestore,
  query,
  setLogLevel,
  where,
  type Firestore,
} from 'firebase/firestore/lite';
import { COLLECTIONS } from '@portal/domain';
import { revokeManager } from '../../src/accounts/profile-status';
import { listCompanyMembersHandler } from '../../src/handlers/members';
import { searchUsersHandler } from '../../src/handlers/search-users';
import { setProfileStatusHandler } from '../../src/handlers/set-profile-status';
import { firestore } from '../../src/lib/admin';
import { MANAGERS_ONLY } from '../../src/lib/caller';
import { createContext } from '../../src/lib/context';
import { createAccount, PASSWORD, requestAs, type TestAccount } from './support';

/**
 * Approval and rejection as a buyer's browser sees them, through the real Auth and Firestore Lite
 * SDKs against the rules: approval takes effect at the next token refresh; rejection ends access
 * at once, even with the ID token the client already holds.
 */
let app: FirebaseApp;
let auth: Auth;
let db: Firestore;
let manager: TestAccount;
let buyer: TestAccount;

const activeProducts = () =>
  getDocs(query(collection(db, COLLECTIONS.products), where('is_active', '==', true)));

beforeAll(async () => {
  setLogLevel('silent');
  manager = await createAccount('manager', 'approved');
  buyer = await createAccount('wholesaler', 'pending');
  await firestore().doc('products/session-test').set({
    name: 'Session Test Syrup',
    description: '',
    image_url: '/x.svg',
    price_retailer: 100,
    is_active: true,
    sort_order: 0,
  });
  app = initializeApp(
    { projectId: process.env.GCLOUD_PROJECT, apiKey: 'fake-api-key' },
    `session-${buyer.uid}`,
  );
  auth = getAuth(app);
  connectAuthEmulator(auth, `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}`, {
    disableWarnings: true,
  });
  db = getFirestore(app);
  const [host, port] = (process.env.FIRESTORE_EMULATOR_HOST ?? '').split(':');
  connectFirestoreEmulator(db, host ?? '127.0.0.1', Number(port));
  await signInWithEmailAndPassword(auth, buyer.email, PASSWORD);
});

afterAll(async () => {
  await firestore().doc('products/session-test').delete();
  if (app) await deleteApp(app);
});

describe('a buyer session across approval and rejection', () => {
  it('a pending applicant cannot read the catalog', async () => {
    await expect(activeProducts()).rejects.toMatchObject({ code: 'permission-denied' });
  });

  it('after approval, the refreshed token reads the catalog', async () => {
    await setProfileStatusHandler(await requestAs(manager, { uid: buyer.uid, status: 'approved' }));
    const token = await auth.currentUser?.getIdTokenResult(true);
    expect([token?.claims.role, token?.claims.status]).toEqual(['wholesaler', 'approved']);
    expect((await activeProducts()).size).toBeGreaterThan(0);
  });

  it('after rejection, the token the client still holds is refused at once', async () => {
    const held = await auth.currentUser?.getIdTokenResult();
    expect(held?.claims.status).toBe('approved');
    await setProfileStatusHandler(await requestAs(manager, { uid: buyer.uid, status: 'rejected' }));
    // No refresh: the same ID token (claims still "approved") is sent.
    expect((await auth.currentUser?.getIdTokenResult())?.token).toBe(held?.token);
    await expect(activeProducts()).rejects.toMatchObject({ code: 'permission-denied' });
  });
});

describe('a manager revoked while holding a token', () => {
  it('is refused by the managers’ callables at once; the manager who stays is not', async () => {
    const [stays, revoked, company] = await Promise.all([
      createAccount('manager', 'approved'),
      createAccount('manager', 'approved'),
      createAccount('retailer', 'approved'),
    ]);
    const held = await requestAs(revoked, {});
    await revokeManager(createContext(), revoked.uid, stays.uid);
    // The token minted before the revocation still says manager for up to an hour.
    expect(held.auth?.token.role).toBe('manager');
    await expect(searchUsersHandler(held)).rejects.toMatchObject({
      code: 'permission-denied',
      message: MANAGERS_ONLY,
    });
    await expect(
      listCompanyMembersHandler({ ...held, data: { companyId: company.uid } }),
    ).rejects.toMatchObject({ code: 'permission-denied', message: MANAGERS_ONLY });
    const answer = await searchUsersHandler(await requestAs(stays, {}));
    expect(answer.total).toBeGreaterThan(0);
  });
});
