import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import {
  connectFirestoreEmulator,
  getFirestore,
  setLogLevel,
  type Firestore,
} from 'firebase/firestore/lite';
import type { AccessClaims } from '@portal/domain';
import { findUser } from '../../../src/lib/auth-users';
import { authHost, firestoreTarget, projectId, rulesAdminAuth } from './target';

/**
 * The callers of the matrix. Each signed-in actor is a real Auth-emulator user whose ID token
 * carries the custom claims below (set with the Admin SDK before signing in), so the rules see
 * exactly what they would see in production.
 */
export const ACTORS = [
  'anonymous',
  'pending',
  'rejected',
  'retailer',
  'wholesaler',
  'manager',
  'another',
] as const;
/**
 * More: `applicant` is a freshly signed-up user (signed in, no claims, no profile yet: the
 * sign-up write the rules now refuse); `revoked` still holds an ID token with approved claims
 * while their profile was rejected since (the hour before that token expires);
 * `pendingWholesaler` applied as a wholesaler and waits for approval; `revokedWholesaler` is `revoked` with the wholesaler role
 * (both are the callers wholesale_prices must refuse although their role claim is wholesaler).
 */
export type Actor =
  (typeof ACTORS)[number] | 'applicant' | 'revoked' | 'pendingWholesaler' | 'revokedWholesaler';

const PASSWORD = 'rules-matrix-1';

interface ActorAccount {
  uid: string;
  email: string;
  claims: AccessClaims | null;
}

export const ACCOUNTS: Readonly<Record<Exclude<Actor, 'anonymous'>, ActorAccount>> = {
  pending: {
    uid: 'rules-pending',
    email: 'pending@rules.test',
    claims: { role: 'retailer', status: 'pending' },
  },
  rejected: {
    uid: 'rules-rejected',
    email: 'rejected@rules.test',
    claims: { role: 'wholesaler', status: 'rejected' },
  },
  retailer: {
    uid: 'rules-retailer',
    email: 'retailer@rules.test',
    claims: { role: 'retailer', status: 'approved' },
  },
  wholesaler: {
    uid: 'rules-wholesaler',
    email: 'wholesaler@rules.test',
    claims: { role: 'wholesaler', status: 'approved' },
  },
  manager: {
    uid: 'rules-manager',
    email: 'manager@rules.test',
    claims: { role: 'manager', status: 'approved' },
  },
  another: {
    uid: 'rules-another',
    email: 'another@rules.test',
    claims: { role: 'retailer', status: 'approved' },
  },
  applicant: { uid: 'rules-applicant', email: 'applicant@rules.test', claims: null },
  revoked: {
    uid: 'rules-revoked',
    email: 'revoked@rules.test',
    claims: { role: 'retailer', status: 'approved' },
  },
  pendingWholesaler: {
    uid: 'rules-pending-wholesaler',
    email: 'pending-wholesaler@rules.test',
    claims: { role: 'wholesaler', status: 'pending' },
  },
  revokedWholesaler: {
    uid: 'rules-revoked-wholesaler',
    email: 'revoked-wholesaler@rules.test',
    claims: { role: 'wholesaler', status: 'approved' },
  },
};

/** The uid an actor acts as; anonymous callers get a uid nobody owns (for "own" paths). */
export function uidOf(actor: Actor): string {
  return actor === 'anonymous' ? 'rules-nobody' : ACCOUNTS[actor].uid;
}

/** Creates or refreshes the Auth-emulator users with their claims (idempotent across files). */
async function ensureAccounts(): Promise<void> {
  const auth = rulesAdminAuth();
  for (const account of Object.values(ACCOUNTS)) {
    const existing = await findUser(auth, account.uid);
    if (existing) {
      await auth.updateUser(account.uid, {
        email: account.email,
        password: PASSWORD,
        disabled: false,
      });
    } else {
      await auth.createUser({ uid: account.uid, email: account.email, password: PASSWORD });
    }
    await auth.setCustomUserClaims(account.uid, account.claims);
  }
}

export interface SignedInActors {
  db(actor: Actor): Firestore;
  close(): Promise<void>;
}

/** One Firebase app per actor (unique names), connected to the emulators and signed in. */
export async function signInActors(): Promise<SignedInActors> {
  // Denials are the point of the matrix: keep the SDK from logging each one as an error.
  setLogLevel('silent');
  await ensureAccounts();
  const [fsHost, fsPort] = splitHost(firestoreTarget());
  const apps: FirebaseApp[] = [];
  const dbs = new Map<Actor, Firestore>();
  const suffix = `${process.pid}-${Date.now()}`;
  const all: Actor[] = [
    ...ACTORS,
    'applicant',
    'revoked',
    'pendingWholesaler',
    'revokedWholesaler',
  ];
  await Promise.all(
    all.map(async (actor) => {
      const app = initializeApp(
        { projectId: projectId(), apiKey: 'fake-api-key' },
        `rules-${actor}-${suffix}`,
      );
      apps.push(app);
      if (actor !== 'anonymous') {
        const auth = getAuth(app);
        connectAuthEmulator(auth, `http://${authHost()}`, { disableWarnings: true });
        await signInWithEmailAndPassword(auth, ACCOUNTS[actor].email, PASSWORD);
      }
      const db = getFirestore(app);
      connectFirestoreEmulator(db, fsHost, fsPort);
      dbs.set(actor, db);
    }),
  );
  return {
    db(actor) {
      const db = dbs.get(actor);
      if (!db) throw new Error(`No Firestore client for ${actor}`);
      return db;
    },
    async close() {
      await Promise.all(apps.map((app) => deleteApp(app)));
    },
  };
}

function splitHost(hostPort: string): [string, number] {
  const index = hostPort.lastIndexOf(':');
  return [hostPort.slice(0, index), Number(hostPort.slice(index + 1))];
}
