/**
 * reportClaim (docs/order-lifecycle.md#claims) against the local Auth, Firestore, Storage and
 * Stripe stack: a buyer reports damaged jugs with a photo on a delivered order, and the claim is
 * stored new, valued, on the timeline, with the reporter's and the managers' mails. Every
 * refusal (too many units, past the window, not shipped, a viewer, another company, a removed
 * member, a photo too large, of the wrong type or not really an image, a missing photo, a claim
 * id taken) answers in the domain's words, writes nothing, and deletes the refused claim's
 * photos (but a taken id's photos are the reported claim's, and are kept).
 */
import { randomUUID } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLAIM_MESSAGES,
  CLAIM_WINDOW_DAYS,
  claimValue,
  mailKeys,
  paths,
  REMOVED_FROM_COMPANY,
} from '@portal/domain';
import { reportClaimHandler } from '../../src/handlers/report-claim';
import { firestore } from '../../src/lib/admin';
import { readOrder } from '../../src/orders/order-record';
import { mailDoc } from '../mail/support';
import { createMember, createUser, startPaymentsHarness, type TestUser } from '../payments/support';
import { describeOutcome, settle } from '../support/call-outcome';
import { databaseState, stateChanges } from '../support/database-state';
import {
  claimOf,
  copyOrder,
  deliveredOrder,
  JPEG,
  newClaimId,
  NOT_AN_IMAGE,
  photosOf,
  PNG,
  uploadPhoto,
} from './support';

let harness: Awaited<ReturnType<typeof startPaymentsHarness>>;
let manager: TestUser;
let owner: TestUser;
let viewer: TestUser;
let stranger: TestUser;
/** The delivered order every test copies: 3 jugs of mango, 1 of blue. */
let delivered: string;
const MANGO = 'mango-tango';
const BLUE = 'blue-coast';
const IP = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
const DAY = 24 * 60 * 60 * 1000;
const db = () => firestore();

beforeAll(async () => {
  harness = await startPaymentsHarness();
  [manager, owner, stranger] = await Promise.all([
    createUser('manager'),
    createUser('retailer'),
    createUser('retailer'),
  ]);
  viewer = await createMember(owner.uid, 'viewer');
  delivered = await deliveredOrder(harness, owner, manager, { [MANGO]: 3, [BLUE]: 1 });
}, 120_000);

afterAll(async () => {
  await harness?.stop();
});

function report(user: TestUser, data: Record<string, unknown>) {
  return settle(reportClaimHandler({ ...user.request(data), rawRequest: { ip: IP } }));
}

const claimRequest = (
  claimId: string,
  orderId: string,
  overrides: Record<string, unknown> = {},
) => ({
  claimId,
  orderId,
  kind: 'damaged',
  lines: [{ productId: MANGO, quantity: 2 }],
  note: 'Two jugs arrived cracked and leaking.',
  photos: [{ id: 'photo-1', name: 'leak.jpg' }],
  ...overrides,
});

/** Firestore changes but the rate-limit counters (a refused report is still counted). */
async function changesSince(before: Awaited<ReturnType<typeof databaseState>>) {
  return stateChanges(before, await databaseState()).filter(
    (change) => !change.includes(' rate_limits/'),
  );
}

describe('reportClaim', () => {
  it('keeps a report of 2 damaged jugs with a photo on a delivered order: new, valued, on the timeline, mailed', async () => {
    const orderId = await copyOrder(delivered);
    const order = readOrder(await db().doc(paths.order(orderId)).get())!;
    const claimId = newClaimId();
    await uploadPhoto(owner.uid, claimId, 'photo-1', JPEG, 'image/jpeg');
    // A file uploaded but not named by the report is not kept.
    await uploadPhoto(owner.uid, claimId, 'stray', PNG, 'image/png');

    const outcome = await report(owner, claimRequest(claimId, orderId));
    expect(describeOutcome(outcome)).toBe(`resolved ${JSON.stringify({ claimId, status: 'new' })}`);

    const claim = await claimOf(claimId);
    const mango = order.items.find((item) => item.product_id === MANGO)!;
    const value = claimValue(order, [{ product_id: MANGO, quantity: 2 }]).total;
    // Shipped to Oregon: no sales tax, the two jugs at the price sold.
    expect(value).toBe(2 * mango.unit_amount);
    expect(claim).toMatchObject({
      id: claimId,
      order_id: orderId,
      company_id: owner.uid,
      user_id: owner.uid,
      reporter_name: `Test retailer`,
      store_name: order.store_name,
      invoice_number: order.invoice_number,
      kind: 'damaged',
      lines: [
        {
          product_id: MANGO,
          name: mango.name,
          sku: mango.sku,
          quantity: 2,
          unit_amount: mango.unit_amount,
        },
      ],
      note: 'Two jugs arrived cracked and leaking.',
      photos: [{ id: 'photo-1', content_type: 'image/jpeg', size: JPEG.length, name: 'leak.jpg' }],
      status: 'new',
      value,
      settlement: null,
      rejection_reason: '',
    });
    expect(claim!.timeline).toHaveLength(1);
    expect(claim!.timeline[0]).toMatchObject({
      kind: 'reported',
      by: owner.uid,
      by_role: 'buyer',
      text: 'Two jugs arrived cracked and leaking.',
    });
    expect(Math.abs(claim!.timeline[0]!.at.toMillis() - Date.now())).toBeLessThan(60_000);
    expect(await photosOf(owner.uid, claimId)).toEqual(['photo-1']);

    const buyerMail = await mailDoc(mailKeys.claimReported(claimId));
    expect(buyerMail?.to).toEqual([owner.email]);
    expect(buyerMail?.message.subject).toBe(`We received your claim on ${order.invoice_number}`);
    const managerMail = await mailDoc(mailKeys.claimReportedManager(claimId, manager.uid));
    expect(managerMail?.to).toEqual([manager.email]);
    expect(managerMail?.message.subject).toContain(`New claim from ${order.store_name}`);
    expect(managerMail?.message.text).toContain('Photos attached: 1.');
  });

  it('takes a PNG, a second claim on the same order for the units left, and no photo at all', async () => {
    const orderId = await copyOrder(delivered);
    const first = newClaimId();
    await uploadPhoto(owner.uid, first, 'p', PNG, 'image/png');
    expect(
      describeOutcome(
        await report(
          owner,
          claimRequest(first, orderId, { photos: [{ id: 'p', name: 'box.png' }] }),
        ),
      ),
    ).toMatch(/^resolved /);
    const second = newClaimId();
    const outcome = await report(
      owner,
      claimRequest(second, orderId, {
        kind: 'missing',
        lines: [
          { productId: MANGO, quantity: 1 },
          { productId: BLUE, quantity: 1 },
        ],
        photos: [],
        note: '',
      }),
    );
    expect(describeOutcome(outcome)).toMatch(/^resolved /);
    expect((await claimOf(second))?.photos).toEqual([]);
  });

  /** A refusal: its words, and nothing written (no claim, no mail, the photos gone). */
  async function expectRefused(
    user: TestUser,
    data: Record<string, unknown>,
    expected: string,
    photos: { company: string; claimId: string; kept: string[] },
  ) {
    const before = await databaseState();
    const outcome = await report(user, data);
    expect(describeOutcome(outcome)).toBe(expected);
    expect(await changesSince(before)).toEqual([]);
    expect(await claimOf(String(data.claimId))).toBeNull();
    expect(await photosOf(photos.company, photos.claimId)).toEqual(photos.kept);
  }

  it('refuses more units than were ordered, writing nothing and deleting the photos', async () => {
    const orderId = await copyOrder(delivered);
    const claimId = newClaimId();
    await uploadPhoto(owner.uid, claimId, 'photo-1', JPEG, 'image/jpeg');
    await expectRefused(
      owner,
      claimRequest(claimId, orderId, { lines: [{ productId: MANGO, quantity: 4 }] }),
      `failed-precondition: ${CLAIM_MESSAGES.tooMany('Mango Tango Syrup', 3, 3)}`,
      { company: owner.uid, claimId, kept: [] },
    );
  });

  it('refuses the units another claim already took', async () => {
    const orderId = await copyOrder(delivered);
    const first = newClaimId();
    await uploadPhoto(owner.uid, first, 'photo-1', JPEG, 'image/jpeg');
    expect(describeOutcome(await report(owner, claimRequest(first, orderId)))).toMatch(/^resolved/);
    const claimId = newClaimId();
    await uploadPhoto(owner.uid, claimId, 'photo-1', JPEG, 'image/jpeg');
    await expectRefused(
      owner,
      claimRequest(claimId, orderId),
      `failed-precondition: ${CLAIM_MESSAGES.tooMany('Mango Tango Syrup', 1, 3)}`,
      { company: owner.uid, claimId, kept: [] },
    );
  });

  it(`refuses a report ${CLAIM_WINDOW_DAYS + 1} days after delivery`, async () => {
    const source = readOrder(await db().doc(paths.order(delivered)).get())!;
    const past = Timestamp.fromMillis(Date.now() - (CLAIM_WINDOW_DAYS + 1) * DAY);
    const orderId = await copyOrder(delivered, {
      status_history: source.status_history.map((change) => ({ ...change, at: past })),
      shipments: source.shipments.map((shipment) => ({ ...shipment, shipped_at: past })),
      shipment: { ...source.shipment, shipped_at: past },
    });
    const claimId = newClaimId();
    await uploadPhoto(owner.uid, claimId, 'photo-1', JPEG, 'image/jpeg');
    await expectRefused(
      owner,
      claimRequest(claimId, orderId),
      `failed-precondition: ${CLAIM_MESSAGES.tooLate(CLAIM_WINDOW_DAYS)}`,
      { company: owner.uid, claimId, kept: [] },
    );
  });

  it('takes a report on the last day of the window', async () => {
    const source = readOrder(await db().doc(paths.order(delivered)).get())!;
    const lastDay = Timestamp.fromMillis(Date.now() - CLAIM_WINDOW_DAYS * DAY + 60 * 60 * 1000);
    const orderId = await copyOrder(delivered, {
      status_history: source.status_history.map((change) =>
        change.status === 'delivered' ? { ...change, at: lastDay } : change,
      ),
    });
    const outcome = await report(owner, claimRequest(newClaimId(), orderId, { photos: [] }));
    expect(describeOutcome(outcome)).toMatch(/^resolved /);
  });

  it('refuses a report on an order that has not shipped', async () => {
    const orderId = await copyOrder(delivered, {
      status: 'processing',
      shipments: [],
      shipment: null,
      status_history: [],
    });
    const claimId = newClaimId();
    await uploadPhoto(owner.uid, claimId, 'photo-1', JPEG, 'image/jpeg');
    await expectRefused(
      owner,
      claimRequest(claimId, orderId),
      `failed-precondition: ${CLAIM_MESSAGES.notShipped}`,
      { company: owner.uid, claimId, kept: [] },
    );
  });

  it('refuses a viewer of the company', async () => {
    const orderId = await copyOrder(delivered);
    const claimId = newClaimId();
    await expectRefused(
      viewer,
      claimRequest(claimId, orderId, { photos: [] }),
      `permission-denied: ${CLAIM_MESSAGES.viewer}`,
      { company: owner.uid, claimId, kept: [] },
    );
  });

  it("refuses another company's member, deleting what they uploaded", async () => {
    const orderId = await copyOrder(delivered);
    const claimId = newClaimId();
    await uploadPhoto(stranger.uid, claimId, 'photo-1', JPEG, 'image/jpeg');
    await expectRefused(
      stranger,
      claimRequest(claimId, orderId),
      `permission-denied: ${CLAIM_MESSAGES.notYours}`,
      { company: stranger.uid, claimId, kept: [] },
    );
  });

  it('refuses a member removed from the company since signing in', async () => {
    const orderId = await copyOrder(delivered);
    const removed = await createMember(owner.uid, 'buyer');
    await db()
      .doc(paths.profile(removed.uid))
      .update({ company_id: null, company_role: null, location_ids: [] });
    const claimId = newClaimId();
    await expectRefused(
      removed,
      claimRequest(claimId, orderId, { photos: [] }),
      `permission-denied: ${REMOVED_FROM_COMPANY}`,
      { company: owner.uid, claimId, kept: [] },
    );
  });

  const photoRefusals: Array<{ name: string; file: [Buffer, string] | null; expected: string }> = [
    {
      name: 'a photo over 10 MB',
      file: [Buffer.concat([JPEG, Buffer.alloc(10 * 1024 * 1024)]), 'image/jpeg'],
      expected: `invalid-argument: ${CLAIM_MESSAGES.photoTooLarge}`,
    },
    {
      name: 'a file that is not a JPEG or PNG',
      file: [Buffer.from('%PDF-1.7\n%%EOF\n'), 'application/pdf'],
      expected: `invalid-argument: ${CLAIM_MESSAGES.photoType}`,
    },
    {
      name: 'a text file named .jpg and uploaded as a JPEG',
      file: [NOT_AN_IMAGE, 'image/jpeg'],
      expected: `invalid-argument: ${CLAIM_MESSAGES.photoContent}`,
    },
    {
      name: 'a PNG uploaded as a JPEG',
      file: [PNG, 'image/jpeg'],
      expected: `invalid-argument: ${CLAIM_MESSAGES.photoContent}`,
    },
    {
      name: 'an empty photo',
      file: [Buffer.alloc(0), 'image/jpeg'],
      expected: `invalid-argument: ${CLAIM_MESSAGES.photoEmpty}`,
    },
    {
      name: 'a photo never uploaded',
      file: null,
      expected: `failed-precondition: ${CLAIM_MESSAGES.photoMissing}`,
    },
  ];

  for (const refusal of photoRefusals) {
    it(`refuses ${refusal.name}, writing nothing and deleting the claim's photos`, async () => {
      const orderId = await copyOrder(delivered);
      const claimId = newClaimId();
      // A good photo first: refused with the rest.
      await uploadPhoto(owner.uid, claimId, 'good', JPEG, 'image/jpeg');
      if (refusal.file) await uploadPhoto(owner.uid, claimId, 'bad', ...refusal.file);
      await expectRefused(
        owner,
        claimRequest(claimId, orderId, {
          photos: [
            { id: 'good', name: 'box.jpg' },
            { id: 'bad', name: 'leak.jpg' },
          ],
        }),
        refusal.expected,
        { company: owner.uid, claimId, kept: [] },
      );
    });
  }

  it('refuses the same claim id twice, keeping the first claim and its photos', async () => {
    const orderId = await copyOrder(delivered);
    const claimId = newClaimId();
    await uploadPhoto(owner.uid, claimId, 'photo-1', JPEG, 'image/jpeg');
    expect(describeOutcome(await report(owner, claimRequest(claimId, orderId)))).toMatch(
      /^resolved /,
    );
    const first = await claimOf(claimId);
    const before = await databaseState();
    const again = await report(
      owner,
      claimRequest(claimId, orderId, { lines: [{ productId: BLUE, quantity: 1 }] }),
    );
    expect(describeOutcome(again)).toBe(`failed-precondition: ${CLAIM_MESSAGES.exists}`);
    expect(await changesSince(before)).toEqual([]);
    expect(await claimOf(claimId)).toEqual(first);
    expect(await photosOf(owner.uid, claimId)).toEqual(['photo-1']);
  });

  it('keeps one of two reports of the last units made at once', async () => {
    const orderId = await copyOrder(delivered);
    const ids = [newClaimId(), newClaimId()];
    const outcomes = await Promise.all(
      ids.map((claimId) =>
        report(
          owner,
          claimRequest(claimId, orderId, {
            lines: [{ productId: MANGO, quantity: 3 }],
            photos: [],
          }),
        ),
      ),
    );
    const described = outcomes.map(describeOutcome);
    expect(described.filter((line) => line.startsWith('resolved'))).toHaveLength(1);
    expect(described.find((line) => !line.startsWith('resolved'))).toBe(
      `failed-precondition: ${CLAIM_MESSAGES.tooMany('Mango Tango Syrup', 0, 3)}`,
    );
    const stored = (await Promise.all(ids.map(claimOf))).filter((claim) => claim !== null);
    expect(stored).toHaveLength(1);
  });

  it("counts the window on the company's clock (its Stripe test clock on the local stack)", async () => {
    const company = await createUser('retailer');
    const start = Date.now();
    const clock = await harness.stripe.testHelpers.testClocks.create({
      frozen_time: Math.floor(start / 1000),
    });
    const customer = await harness.stripe.customers.create({
      test_clock: clock.id,
      metadata: { company: company.uid },
    });
    await db().doc(paths.stripeCustomer(company.uid)).set({ customer_id: customer.id });
    // Delivered now (the real time): the company's order.
    const orderId = await copyOrder(delivered, {
      company_id: company.uid,
      user_id: company.uid,
      location_id: null,
    });
    const reportOn = (claimId: string) =>
      report(
        company,
        claimRequest(claimId, orderId, { photos: [], lines: [{ productId: MANGO, quantity: 1 }] }),
      );
    process.env.STRIPE_TEST_CLOCKS = 'per-customer';
    try {
      await harness.sandbox.advanceClock(clock.id, Math.floor((start + 13 * DAY) / 1000));
      const within = newClaimId();
      expect(describeOutcome(await reportOn(within))).toMatch(/^resolved /);
      // Dated by the clock: 13 days on.
      const at = (await claimOf(within))!.timeline[0]!.at.toMillis();
      expect(Math.abs(at - (start + 13 * DAY))).toBeLessThan(60_000);

      await harness.sandbox.advanceClock(clock.id, Math.floor((start + 15 * DAY) / 1000));
      const late = newClaimId();
      expect(describeOutcome(await reportOn(late))).toBe(
        `failed-precondition: ${CLAIM_MESSAGES.tooLate(CLAIM_WINDOW_DAYS)}`,
      );
      expect(await claimOf(late)).toBeNull();
    } finally {
      delete process.env.STRIPE_TEST_CLOCKS;
    }
  });

  it('refuses an order that does not exist', async () => {
    const outcome = await report(
      owner,
      claimRequest(newClaimId(), `no-order-${randomUUID()}`, { photos: [] }),
    );
    expect(describeOutcome(outcome)).toBe('not-found: Order not found.');
  });
});
