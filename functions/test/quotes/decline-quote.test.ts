import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import { mailKeys, paths, QUOTE_MESSAGES, VIEW_ONLY } from '@portal/domain';
import {
  declineQuoteHandler,
  saveDraftOrderHandler,
  sendDraftOrderHandler,
} from '../../src/handlers/quotes';
import { LOCATION_NOT_YOURS } from '../../src/companies/locations';
import { firestore } from '../../src/lib/admin';
import { NOT_APPROVED } from '../../src/lib/caller';
import { createContext } from '../../src/lib/context';
import { sendDraftOrder, type QuotePayments } from '../../src/quotes/send-draft';
import { writeLocation } from '../company-fixtures';
import { createMember, createUser, startPaymentsHarness, type TestUser } from '../payments/support';
import { describeOutcome, settle } from '../support/call-outcome';
import { databaseState } from '../support/database-state';
import { call, changesSince, mailOf, quoteOf, RUN, writeProduct } from './support';

/**
 * declineQuote (docs/order-lifecycle.md#draft-orders-and-quotes): an owner or buyer of the
 * quote's company declines a sent quote with a reason, and every manager is mailed it. Refused,
 * changing nothing: another company's quote, a viewer, a buyer of another location, a manager, a draft, a quote declined
 * already, a payment link, a quote being paid; one past its expiry on the company's clock is
 * written expired and refused.
 */

const db = () => firestore();
const DAY = 24 * 60 * 60 * 1000;

let harness: Awaited<ReturnType<typeof startPaymentsHarness>>;
let manager: TestUser;
let owner: TestUser;
let buyer: TestUser;
let viewer: TestUser;
/** A buyer of the company's other location, who may not answer for Main St. */
let otherBuyer: TestUser;
let stranger: TestUser;
let location: string;
let product: string;
let requests = 0;
const requestId = () => `decline-${RUN}-${++requests}`;

const decline = (as: TestUser, quoteId: string, reason = 'We found it cheaper elsewhere.') =>
  declineQuoteHandler(call(as, { quoteId, reason }));

/** A draft for the owner's company, saved by the manager. */
async function draftOf(companyId = owner.uid, locationId: string | null = location) {
  const { quoteId } = await saveDraftOrderHandler(
    call(manager, {
      companyId,
      locationId,
      lines: [{ productId: product, quantity: 2, unitAmount: 9_000, overrideReason: 'Regular' }],
      validDays: 7,
    }),
  );
  return quoteId;
}

/** A quote sent to the owner's company. */
async function sentQuote(companyId = owner.uid, locationId: string | null = location) {
  const quoteId = await draftOf(companyId, locationId);
  await sendDraftOrderHandler(
    call(manager, { quoteId, delivery: 'quote', requestId: requestId() }),
  );
  return quoteId;
}

beforeAll(async () => {
  harness = await startPaymentsHarness();
  [manager, owner, stranger] = await Promise.all([
    createUser('manager'),
    createUser('retailer'),
    createUser('retailer'),
  ]);
  location = await writeLocation(db(), owner.uid, 'Main St store');
  const harbor = await writeLocation(db(), owner.uid, 'Harbor store');
  [buyer, viewer, otherBuyer] = await Promise.all([
    createMember(owner.uid, 'buyer', [location]),
    createMember(owner.uid, 'viewer'),
    createMember(owner.uid, 'buyer', [harbor]),
  ]);
  product = await writeProduct('decline');
});

afterAll(async () => {
  await harness?.stop();
});

describe('declineQuote', () => {
  it('declines a sent quote with the reason, in its history, and mails every manager', async () => {
    const quoteId = await sentQuote();
    expect(await decline(buyer, quoteId, '  The price went up since.  ')).toEqual({
      quoteId,
      state: 'declined',
    });
    const quote = await quoteOf(quoteId);
    expect(quote).toMatchObject({ state: 'declined', decline_reason: 'The price went up since.' });
    expect(quote?.history.at(-1)).toMatchObject({
      state: 'declined',
      by: buyer.uid,
      by_name: `Member ${buyer.uid}`,
      text: 'The price went up since.',
    });
    const mail = await mailOf(mailKeys.quoteDeclined(quoteId, manager.uid));
    expect(mail?.to).toEqual([manager.email]);
    expect(mail?.message.subject).toBe(`Store of ${owner.uid} declined quote ${quote!.number}`);
    expect(mail?.message.text).toContain('Their reason: The price went up since.');
    expect(mail?.message.text).toContain(`tab=orders&quote=${quoteId}`);
  });

  it('refuses a second decline, and changes nothing', async () => {
    const quoteId = await sentQuote();
    await decline(owner, quoteId);
    const before = await databaseState();
    expect(describeOutcome(await settle(decline(buyer, quoteId)))).toBe(
      `failed-precondition: ${QUOTE_MESSAGES.declined}`,
    );
    expect(await changesSince(before)).toEqual([]);
  });

  it("refuses another company's quote, a viewer, another location's buyer, a manager and a draft, changing nothing", async () => {
    const quoteId = await sentQuote();
    const draft = await draftOf();
    const before = await databaseState();
    for (const [as, id, expected] of [
      [stranger, quoteId, `permission-denied: ${QUOTE_MESSAGES.notYours}`],
      [viewer, quoteId, `permission-denied: ${VIEW_ONLY}`],
      [otherBuyer, quoteId, `permission-denied: ${LOCATION_NOT_YOURS}`],
      [manager, quoteId, `permission-denied: ${NOT_APPROVED}`],
      // A draft is the managers' alone: to the company it does not exist.
      [owner, draft, `not-found: ${QUOTE_MESSAGES.notFound}`],
      [owner, `no-such-quote-${RUN}`, `not-found: ${QUOTE_MESSAGES.notFound}`],
    ] as const) {
      expect(describeOutcome(await settle(decline(as, id)))).toBe(expected);
    }
    expect(await changesSince(before)).toEqual([]);
    expect((await quoteOf(quoteId))?.state).toBe('sent');
  });

  it('refuses a reason left empty', async () => {
    const quoteId = await sentQuote();
    expect(describeOutcome(await settle(decline(owner, quoteId, '   ')))).toBe(
      `invalid-argument: reason: ${QUOTE_MESSAGES.declineReason}`,
    );
  });

  it('refuses a payment link, and a quote someone is paying', async () => {
    const payments: QuotePayments = {
      startQuoteCheckout: () =>
        Promise.resolve({
          url: `https://checkout.stripe.test/c/pay/cs_test_${RUN}`,
          checkoutId: `checkout-${RUN}`,
          expiresAt: new Date(Date.now() + DAY),
        }),
      placeQuoteOnTerms: () => Promise.reject(new Error('unused')),
    };
    const link = await draftOf();
    await sendDraftOrder(createContext(), payments, manager.uid, {
      quoteId: link,
      delivery: 'payment_link',
      requestId: requestId(),
    });
    const paying = await sentQuote();
    await db()
      .doc(paths.quote(paying))
      .update({
        checkout: {
          checkout_id: `checkout-${RUN}-accept`,
          uid: buyer.uid,
          url: `https://checkout.stripe.test/c/pay/cs_test_${RUN}_accept`,
          expires_at: Timestamp.fromMillis(Date.now() + 60 * 60 * 1000),
        },
      });
    const before = await databaseState();
    expect(describeOutcome(await settle(decline(owner, link)))).toBe(
      `failed-precondition: ${QUOTE_MESSAGES.paymentLinkOnly}`,
    );
    expect(describeOutcome(await settle(decline(owner, paying)))).toBe(
      `failed-precondition: ${QUOTE_MESSAGES.beingPaid}`,
    );
    expect(await changesSince(before)).toEqual([]);
  });

  it("measures expiry on the company's clock: past it, the quote is written expired and refused", async () => {
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
    const previous = process.env.STRIPE_TEST_CLOCKS;
    process.env.STRIPE_TEST_CLOCKS = 'per-customer';
    try {
      // Sent two days on, by the company's clock: valid for 7 days from then.
      await harness.sandbox.advanceClock(clock.id, Math.floor((start + 2 * DAY) / 1000));
      const open = await sentQuote(company.uid, null);
      const late = await sentQuote(company.uid, null);
      const sent = await quoteOf(late);
      expect(Math.abs(sent!.sent_at!.toMillis() - (start + 2 * DAY))).toBeLessThan(60_000);
      expect(sent!.expires_at!.toMillis() - sent!.sent_at!.toMillis()).toBe(7 * DAY);

      // Six days later it is still open.
      await harness.sandbox.advanceClock(clock.id, Math.floor((start + 8 * DAY) / 1000));
      expect(await decline(company, open)).toEqual({ quoteId: open, state: 'declined' });

      // Past its day (the real time has hardly moved): expired, written so, and refused.
      await harness.sandbox.advanceClock(clock.id, Math.floor((start + 9 * DAY + 60_000) / 1000));
      expect(describeOutcome(await settle(decline(company, late)))).toBe(
        `failed-precondition: ${QUOTE_MESSAGES.expired}`,
      );
      const expired = await quoteOf(late);
      expect(expired).toMatchObject({ state: 'expired', decline_reason: '' });
      expect(expired?.history.at(-1)).toMatchObject({ state: 'expired', by: 'system' });
      expect(describeOutcome(await settle(decline(company, late)))).toBe(
        `failed-precondition: ${QUOTE_MESSAGES.expired}`,
      );
      expect(await mailOf(mailKeys.quoteDeclined(late, manager.uid))).toBeNull();
    } finally {
      if (previous === undefined) delete process.env.STRIPE_TEST_CLOCKS;
      else process.env.STRIPE_TEST_CLOCKS = previous;
    }
  });
});
