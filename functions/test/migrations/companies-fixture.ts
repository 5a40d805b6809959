import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { Auth } from 'firebase-admin/auth';
import { COLLECTIONS, paths, type ShipTo } from '@portal/domain';

/**
 * The single-buyer data of the releases before companies, at scale: 2,000 profiles as sign-up and
 * the reviews wrote them (retailers and wholesalers, pending, approved and rejected, some with a
 * saved ship-to, one in fifty with a ship-to no longer valid), five managers and three profiles
 * whose role or status is not ours; 300 orders, 100 standing orders and 100 checkouts spread
 * over the buyers, and a few of a manager's, a garbled profile's and a deleted account's. Auth
 * users exist for one buyer in forty (50 of them): the rest are reported as missing from Auth.
 */

export const PASSWORD = 'companies-migration-1';
export const FIXTURE_SIZE = 2000;
export const MANAGERS = 5;
export const GARBLED = ['fx-garbled-role', 'fx-no-role', 'fx-garbled-status'] as const;
const BUYERS = FIXTURE_SIZE - MANAGERS - GARBLED.length;
export const ORDERS = 300;
export const STANDING_ORDERS = 100;
export const CHECKOUTS = 100;
/** The buyer who signs in to read their orders (approved, with several orders). */
export const SIGNER = 'fx-0000';

export const buyerUid = (i: number) => `fx-${String(i).padStart(4, '0')}`;
export const managerUid = (i: number) => `fx-manager-${i}`;
export const emailOf = (uid: string) => `${uid}@migration.test`;
const STATUSES = ['approved', 'pending', 'approved', 'rejected'] as const;

const at = (iso: string) => Timestamp.fromDate(new Date(iso));

export const validShipTo = (name: string): ShipTo => ({
  name,
  phone: '+13105550142',
  address: {
    line1: '1418 Ocean Front Walk',
    line2: '',
    city: 'Venice',
    state: 'CA',
    postal_code: '90291',
    country: 'US',
  },
});

export interface BuyerSpec {
  uid: string;
  role: 'retailer' | 'wholesaler';
  status: (typeof STATUSES)[number];
  /** 'valid': a location is made of it; 'invalid': not (reported); null: none saved. */
  shipTo: 'valid' | 'invalid' | null;
  inAuth: boolean;
}

export const buyers: BuyerSpec[] = Array.from({ length: BUYERS }, (_, i) => ({
  uid: buyerUid(i),
  role: i % 2 === 0 ? 'retailer' : 'wholesaler',
  status: STATUSES[i % STATUSES.length]!,
  shipTo: i % 50 === 7 ? 'invalid' : i % 3 === 0 ? 'valid' : null,
  inAuth: i % 40 === 0,
}));

export function buyerProfile(spec: BuyerSpec, i: number): Record<string, unknown> {
  const reviewed = spec.status !== 'pending';
  return {
    user_id: spec.uid,
    full_name: `Buyer ${i}`,
    store_name: `Store ${i}`,
    seller_permit_id: `SR-MIG-${String(i).padStart(6, '0')}`,
    role: spec.role,
    status: spec.status,
    email_verified: true,
    // One in 97 from before created_at was written: the company gets the migration's time.
    ...(i % 97 === 5 ? {} : { created_at: at('2025-06-01T10:00:00Z') }),
    ...(reviewed ? { reviewed_at: at('2025-06-02T10:00:00Z'), reviewed_by: 'fx-manager-0' } : {}),
    ...(i % 10 === 0 ? { review_round: 2 } : {}),
    ...(spec.shipTo === 'valid' ? { ship_to: validShipTo(`Buyer ${i}`) } : {}),
    ...(spec.shipTo === 'invalid'
      ? { ship_to: { ...validShipTo(`Buyer ${i}`), address: { state: 'ZZ' } } }
      : {}),
    store_name_lower: `store ${i}`,
  };
}

/** Whose order j is: the signer has the first five, the rest are spread over the buyers. */
const ownerOf = (j: number) => (j < 5 ? SIGNER : buyerUid((j * 7) % BUYERS));

function order(uid: string, j: number): Record<string, unknown> {
  return {
    user_id: uid,
    store_name: `Store of ${uid}`,
    items: [
      {
        product_id: 'purple-dream',
        name: 'Purple Dream Syrup',
        description: '',
        image_url: '',
        unit_amount: 3499,
        quantity: 1 + (j % 5),
        line_total: 3499 * (1 + (j % 5)),
      },
    ],
    amount: 3499 * (1 + (j % 5)),
    currency: 'usd',
    payment_type: 'one_time',
    status: 'delivered',
    created_at: at('2025-07-01T10:00:00Z'),
    paid_at: at('2025-07-01T10:01:00Z'),
    status_history: [{ status: 'processing', at: at('2025-07-01T10:01:00Z'), by: 'system' }],
  };
}

/** The documents of the fixture, by path. */
export function fixtureDocuments(): Map<string, Record<string, unknown>> {
  const docs = new Map<string, Record<string, unknown>>();
  buyers.forEach((spec, i) => docs.set(paths.profile(spec.uid), buyerProfile(spec, i)));
  for (let i = 0; i < MANAGERS; i++) {
    const uid = managerUid(i);
    docs.set(paths.profile(uid), {
      user_id: uid,
      full_name: `Manager ${i}`,
      store_name: 'HQ',
      seller_permit_id: 'HQ-1',
      role: 'manager',
      status: 'approved',
      created_at: at('2025-01-01T10:00:00Z'),
    });
  }
  const garbled = (uid: string, fields: Record<string, unknown>) =>
    docs.set(paths.profile(uid), {
      user_id: uid,
      store_name: `Store of ${uid}`,
      seller_permit_id: 'SR-GARBLED',
      status: 'approved',
      created_at: at('2025-01-01T10:00:00Z'),
      ...fields,
    });
  garbled(GARBLED[0], { role: 'superuser' });
  garbled(GARBLED[1], {});
  garbled(GARBLED[2], { role: 'retailer', status: 'on_hold' });
  for (let j = 0; j < ORDERS; j++) docs.set(paths.order(`fx-order-${j}`), order(ownerOf(j), j));
  for (let j = 0; j < STANDING_ORDERS; j++) {
    docs.set(paths.standingOrder(`fx-standing-${j}`), {
      user_id: ownerOf(j * 3 + 1),
      store_name: 'Store',
      interval_weeks: 2,
      status: 'active',
      lines: [],
      created_at: at('2025-07-01T10:00:00Z'),
    });
  }
  for (let j = 0; j < CHECKOUTS; j++) {
    docs.set(paths.checkout(`fx-checkout-${j}`), {
      user_id: ownerOf(j * 5 + 2),
      state: 'expired',
      amount: 3499,
      created_at: at('2025-07-01T10:00:00Z'),
    });
  }
  // Left alone: no migrated buyer's.
  for (const [id, uid] of [
    ['fx-order-manager-a', managerUid(0)],
    ['fx-order-manager-b', managerUid(1)],
    ['fx-order-garbled', GARBLED[0]],
    ['fx-order-gone', 'fx-deleted-account'],
  ] as const) {
    docs.set(paths.order(id), order(uid, 1));
  }
  return docs;
}

/** Orders, standing orders and checkouts no migrated buyer placed (left without company_id). */
export const UNTAGGED = {
  [COLLECTIONS.orders]: 4,
  [COLLECTIONS.standingOrders]: 0,
  [COLLECTIONS.checkouts]: 0,
};

/** Writes the documents, 500 to a batch, a few batches at once. */
export async function writeAll(
  db: Firestore,
  docs: ReadonlyMap<string, Record<string, unknown>>,
): Promise<void> {
  const entries = [...docs];
  const batches: Promise<unknown>[] = [];
  for (let i = 0; i < entries.length; i += 500) {
    const batch = db.batch();
    for (const [path, data] of entries.slice(i, i + 500)) batch.set(db.doc(path), data);
    batches.push(batch.commit());
  }
  await Promise.all(batches);
}

/** The fixture's Auth users (one buyer in forty), with the claims their review gave them. */
export async function createAuthUsers(auth: Auth): Promise<string[]> {
  const sample = buyers.filter((spec) => spec.inAuth);
  await auth.deleteUsers(sample.map((spec) => spec.uid));
  await Promise.all(
    sample.map(async (spec) => {
      await auth.createUser({
        uid: spec.uid,
        email: emailOf(spec.uid),
        password: PASSWORD,
        emailVerified: true,
      });
      await auth.setCustomUserClaims(spec.uid, { role: spec.role, status: spec.status });
    }),
  );
  return sample.map((spec) => spec.uid);
}
