import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import {
  connectFirestoreEmulator,
  getFirestore,
  setLogLevel,
  type Firestore,
} from 'firebase/firestore/lite';
import type { AccessClaims, BuyerRole, CompanyRole, ProfileStatus } from '@portal/domain';
import { findUser } from '../../../src/lib/auth-users';
import { authHost, firestoreTarget, projectId, rulesAdminAuth } from './target';

/**
 * The callers of the matrix. Each signed-in actor is a real Auth-emulator user whose ID token
 * carries the custom claims below (set with the Admin SDK before signing in), so the rules see
 * exactly what they would see in production.
 *
 * Every buyer is a member of a company (docs/companies.md). Company A is `retailer`'s (its id is
 * the founding applicant's uid): `retailer` owns it, `buyerA` orders for it, `viewerA` only
 * follows its orders, and `removedA` was a buyer in it until removed (the token still names A,
 * the profile no longer does). Company B is `another`'s, with `memberB` as its buyer: the
 * cross-company attacker. `wholesaler` owns a wholesaler company; `pending` and `rejected` own
 * companies in those states.
 */
export const ACTORS = [
  'anonymous',
  'pending',
  'rejected',
  'retailer',
  'wholesaler',
  'manager',
  'another',
  'buyerA',
  'viewerA',
  'removedA',
  'memberB',
] as const;
/**
 * More: `applicant` is a freshly signed-up user (signed in, no claims, no profile yet: the
 * sign-up write the rules now refuse); `revoked` still holds an ID token with approved claims
 * while their company (and profile) was rejected since (the hour before that token expires);
 * `pendingWholesaler` applied as a wholesaler and waits for approval; `revokedWholesaler` is
 * `revoked` with the wholesaler role (both are the callers wholesale_prices must refuse although
 * their role claim is wholesaler). `movedUp` and `movedDown` own companies a manager moved
 * between tiers (docs/pricing.md) after their tokens were issued: `movedUp`'s token still says
 * retailer, its profile wholesaler; `movedDown`'s token still says wholesaler, its profile
 * retailer. The profile decides. `revokedManager` still holds a manager's ID token after the
 * claims CLI's revoke-manager wrote their profile rejected (the hour before that token expires).
 */
export type Actor =
  | (typeof ACTORS)[number]
  | 'applicant'
  | 'revoked'
  | 'pendingWholesaler'
  | 'revokedWholesaler'
  | 'movedUp'
  | 'movedDown'
  | 'revokedManager';

/** Every actor the matrix signs in or sends anonymously. */
export const ALL_ACTORS: readonly Actor[] = [
  ...ACTORS,
  'applicant',
  'revoked',
  'pendingWholesaler',
  'revokedWholesaler',
  'movedUp',
  'movedDown',
  'revokedManager',
];

/** The companies: each one's id is its founding applicant's uid. */
export const COMPANY = {
  A: 'rules-retailer',
  B: 'rules-another',
  wholesaler: 'rules-wholesaler',
  pending: 'rules-pending',
  rejected: 'rules-rejected',
  revoked: 'rules-revoked',
  pendingWholesaler: 'rules-pending-wholesaler',
  revokedWholesaler: 'rules-revoked-wholesaler',
  movedUp: 'rules-moved-up',
  movedDown: 'rules-moved-down',
} as const;

const PASSWORD = 'rules-matrix-1';

interface ActorAccount {
  uid: string;
  email: string;
  claims: AccessClaims | null;
}

/** A member's claims, as the functions set them: the company's business type and review status. */
function member(
  role: BuyerRole,
  status: ProfileStatus,
  company: string,
  companyRole: CompanyRole,
): AccessClaims {
  return { role, status, company, company_role: companyRole };
}

export const ACCOUNTS: Readonly<Record<Exclude<Actor, 'anonymous'>, ActorAccount>> = {
  pending: {
    uid: 'rules-pending',
    email: 'pending@rules.test',
    claims: member('retailer', 'pending', COMPANY.pending, 'owner'),
  },
  rejected: {
    uid: 'rules-rejected',
    email: 'rejected@rules.test',
    claims: member('wholesaler', 'rejected', COMPANY.rejected, 'owner'),
  },
  retailer: {
    uid: 'rules-retailer',
    email: 'retailer@rules.test',
    claims: member('retailer', 'approved', COMPANY.A, 'owner'),
  },
  wholesaler: {
    uid: 'rules-wholesaler',
    email: 'wholesaler@rules.test',
    claims: member('wholesaler', 'approved', COMPANY.wholesaler, 'owner'),
  },
  manager: {
    uid: 'rules-manager',
    email: 'manager@rules.test',
    claims: { role: 'manager', status: 'approved' },
  },
  another: {
    uid: 'rules-another',
    email: 'another@rules.test',
    claims: member('retailer', 'approved', COMPANY.B, 'owner'),
  },
  buyerA: {
    uid: 'rules-buyer-a',
    email: 'buyer-a@rules.test',
    claims: member('retailer', 'approved', COMPANY.A, 'buyer'),
  },
  viewerA: {
    uid: 'rules-viewer-a',
    email: 'viewer-a@rules.test',
    claims: member('retailer', 'approved', COMPANY.A, 'viewer'),
  },
  // The token issued while they were a buyer in A; their profile names no company since.
  removedA: {
    uid: 'rules-removed-a',
    email: 'removed-a@rules.test',
    claims: member('retailer', 'approved', COMPANY.A, 'buyer'),
  },
  memberB: {
    uid: 'rules-member-b',
    email: 'member-b@rules.test',
    claims: member('retailer', 'approved', COMPANY.B, 'buyer'),
  },
  applicant: { uid: 'rules-applicant', email: 'applicant@rules.test', claims: null },
  revoked: {
    uid: 'rules-revoked',
    email: 'revoked@rules.test',
    claims: member('retailer', 'approved', COMPANY.revoked, 'owner'),
  },
  pendingWholesaler: {
    uid: 'rules-pending-wholesaler',
    email: 'pending-wholesaler@rules.test',
    claims: member('wholesaler', 'pending', COMPANY.pendingWholesaler, 'owner'),
  },
  revokedWholesaler: {
    uid: 'rules-revoked-wholesaler',
    email: 'revoked-wholesaler@rules.test',
    claims: member('wholesaler', 'approved', COMPANY.revokedWholesaler, 'owner'),
  },
  movedUp: {
    uid: 'rules-moved-up',
    email: 'moved-up@rules.test',
    claims: member('retailer', 'approved', COMPANY.movedUp, 'owner'),
  },
  movedDown: {
    uid: 'rules-moved-down',
    email: 'moved-down@rules.test',
    claims: member('wholesaler', 'approved', COMPANY.movedDown, 'owner'),
  },
  revokedManager: {
    uid: 'rules-revoked-manager',
    email: 'revoked-manager@rules.test',
    claims: { role: 'manager', status: 'approved' },
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
  await Promise.all(
    ALL_ACTORS.map(async (actor) => {
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
