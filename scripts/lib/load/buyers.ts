/**
 * The buyers of a scenario: approved retailers, each the owner of a one-member company, made as
 * the function tests make them (functions/test/company-fixtures.ts: the Auth user with the
 * claims the functions give, the company and profile documents), then signed in over the Auth
 * emulator's REST API, as a browser signs in.
 */
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { buyerClaims, writeBuyer } from '../../../functions/test/company-fixtures';
import type { RunningStack } from '../stack';
import { buyerIp, signIn, type SignedInBuyer } from './buyer-client';
import { mapLimit } from './pool';

export const LOAD_PASSWORD = 'load-test-pass-1234';

/** How many buyers are created at a time (setup, not measured). */
const SETUP_LANES = 8;

export interface LoadBuyer {
  uid: string;
  email: string;
  ip: string;
}

/** `count` approved retailers `load-<scenario>-<n>`, with their own addresses (scenario number). */
export async function createBuyers(
  admin: { auth: Auth; db: Firestore },
  scenario: { name: string; number: number },
  count: number,
): Promise<LoadBuyer[]> {
  const indexes = Array.from({ length: count }, (_, i) => i);
  return mapLimit(indexes, SETUP_LANES, async (i) => {
    const uid = `load-${scenario.name}-${String(i + 1).padStart(4, '0')}`;
    const email = `${uid}@load.test`;
    await admin.auth.createUser({ uid, email, password: LOAD_PASSWORD, emailVerified: true });
    await admin.auth.setCustomUserClaims(uid, buyerClaims(uid, 'retailer', 'approved'));
    await writeBuyer(admin.db, uid, {
      role: 'retailer',
      status: 'approved',
      fullName: `Buyer ${i + 1}`,
      storeName: `Load ${scenario.name} store ${i + 1}`,
    });
    return { uid, email, ip: buyerIp(scenario.number, i) };
  });
}

export async function signInBuyer(
  urls: RunningStack['urls'],
  buyer: LoadBuyer,
  signal: AbortSignal,
): Promise<SignedInBuyer> {
  const { uid, idToken } = await signIn(urls, buyer.email, LOAD_PASSWORD, signal);
  if (uid !== buyer.uid) throw new Error(`signed in as ${uid}, not ${buyer.uid}`);
  return { uid, idToken, ip: buyer.ip };
}
