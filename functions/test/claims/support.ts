import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { claimPhotoPath, CLAIM_PHOTOS_DIR, paths } from '@portal/domain';
import { createCheckoutSessionHandler } from '../../src/handlers/create-checkout-session';
import { updateOrderStatusHandler } from '../../src/handlers/update-order-status';
import { defaultBucket, firestore } from '../../src/lib/admin';
import { readClaim } from '../../src/claims/claim-record';
import {
  checkoutOf,
  payWithShipTo,
  setCart,
  type startPaymentsHarness,
  type TestUser,
} from '../payments/support';

/** The tests of claims (docs/order-lifecycle.md#claims): orders, photos and stored claims. */

export const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]),
  Buffer.alloc(200, 7),
]);
export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  Buffer.alloc(200, 3),
]);
/** Not an image at all: what a text file renamed .jpg holds. */
export const NOT_AN_IMAGE = Buffer.from('These bytes are a note, not a photo of a leaking jug.\n');

export const newClaimId = () => `claim-${randomUUID().slice(0, 12)}`;

const db = () => firestore();
const bucket = () => defaultBucket(process.env);

/** Uploads a photo as the buyer's browser would leave it (the Admin SDK: rules are tested apart). */
export async function uploadPhoto(
  companyId: string,
  claimId: string,
  photoId: string,
  data: Buffer,
  contentType: string,
) {
  await bucket()
    .file(claimPhotoPath(companyId, claimId, photoId))
    .save(data, { contentType, resumable: false });
}

/** The names of the files under the claim's folder. */
export async function photosOf(companyId: string, claimId: string): Promise<string[]> {
  const [files] = await bucket().getFiles({
    prefix: `${CLAIM_PHOTOS_DIR}/${companyId}/${claimId}/`,
  });
  return files.map((file) => file.name.split('/').at(-1)!).sort();
}

export async function claimOf(claimId: string) {
  return readClaim(await db().doc(paths.claim(claimId)).get());
}

/** An order of `buyer` paid through the sandbox, shipped whole and delivered by `manager`. */
export async function deliveredOrder(
  harness: Awaited<ReturnType<typeof startPaymentsHarness>>,
  buyer: TestUser,
  manager: TestUser,
  cart: Record<string, number>,
): Promise<string> {
  await setCart(buyer.uid, cart);
  const { orderId } = await createCheckoutSessionHandler(buyer.request({}));
  await payWithShipTo(harness.sandbox, (await checkoutOf(orderId)).stripe_session_id!);
  await harness.sandbox.whenWebhooksIdle();
  await updateOrderStatusHandler(
    manager.request({
      orderId,
      status: 'shipped',
      shipment: { carrier: 'ups', trackingNumber: '1Z999AA10123456784' },
    }),
  );
  await updateOrderStatusHandler(manager.request({ orderId, status: 'delivered' }));
  const order = (await db().doc(paths.order(orderId)).get()).data();
  expect(order?.status).toBe('delivered');
  return orderId;
}

/**
 * A copy of a stored order under a new id, with `changes` over it: each test gets an order of its
 * own to claim on, as a real checkout would have left it.
 */
export async function copyOrder(
  orderId: string,
  changes: Record<string, unknown> = {},
): Promise<string> {
  const data = (await db().doc(paths.order(orderId)).get()).data();
  if (!data) throw new Error(`order ${orderId} missing`);
  const copyId = `${orderId}-${randomUUID().slice(0, 6)}`;
  await db()
    .doc(paths.order(copyId))
    .set({ ...data, ...changes });
  return copyId;
}
