import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { HttpsError } from 'firebase-functions/v2/https';
import {
  mailKeys,
  paths,
  QUOTE_MESSAGES,
  type QuoteDelivery,
  type SaveDraftOrderRequest,
  type SendDraftOrderResponse,
} from '@portal/domain';
import { COMPANY_NOT_FOUND } from '../../src/companies/members';
import { LOCATION_ARCHIVED } from '../../src/companies/locations';
import {
  deleteDraftOrderHandler,
  saveDraftOrderHandler,
  sendDraftOrderHandler,
} from '../../src/handlers/quotes';
import { savePriceListHandler } from '../../src/handlers/price-lists';
import { firestore } from '../../src/lib/admin';
import { createContext } from '../../src/lib/context';
import { PaymentServiceError, PreconditionError } from '../../src/lib/errors';
import { log } from '../../src/lib/log';
import { sendDraftOrder, type QuotePayments } from '../../src/quotes/send-draft';
import { writeLocation } from '../company-fixtures';
import { createMember, createUser, type TestUser } from '../payments/support';
import { describeOutcome, settle } from '../support/call-outcome';
import { databaseState } from '../support/database-state';
import {
  call,
  changesSince,
  mailOf,
  overridesOf,
  quoteCounter,
  quoteOf,
  RUN,
  storedQuote,
  writeProduct,
} from './support';

/**
 * Draft orders (docs/order-lifecycle.md#draft-orders-and-quotes), through the callables: a
 * manager saves, edits and deletes drafts for an approved company at its prices, with overrides
 * and their reasons in audit_log; sends one as a quote (numbered without gaps, mailed to the
 * company's owners and buyers), and every refusal (a rejected company, an override without a
 * reason, a conflict at send, a sent quote edited) changes nothing.
 */

const db = () => firestore();

let manager: TestUser;
let owner: TestUser;
let buyer: TestUser;
let viewer: TestUser;
let wholesaler: TestUser;
let rejected: TestUser;
let location: string;
let archived: string;
let otherLocation: string;
const products = {} as Record<'plain' | 'cased' | 'low' | 'inactive' | 'listed', string>;

const save = (data: SaveDraftOrderRequest, as: TestUser = manager) =>
  saveDraftOrderHandler(call(as, data));
const send = (data: unknown, as: TestUser = manager) => sendDraftOrderHandler(call(as, data));
const remove = (data: unknown, as: TestUser = manager) => deleteDraftOrderHandler(call(as, data));
let requests = 0;
const requestId = () => `send-${RUN}-${++requests}`;

/** A draft of the owner's company: one line of the plain product at its price. */
function draftFor(overrides: Partial<SaveDraftOrderRequest> = {}): SaveDraftOrderRequest {
  return {
    companyId: owner.uid,
    locationId: location,
    lines: [{ productId: products.plain, quantity: 4 }],
    ...overrides,
  };
}

beforeAll(async () => {
  for (const level of ['info', 'warn', 'error'] as const) {
    vi.spyOn(log, level).mockImplementation(() => undefined);
  }
  [manager, owner, wholesaler, rejected] = await Promise.all([
    createUser('manager'),
    createUser('retailer'),
    createUser('wholesaler'),
    createUser('retailer', 'rejected'),
  ]);
  [buyer, viewer] = await Promise.all([
    createMember(owner.uid, 'buyer'),
    createMember(owner.uid, 'viewer'),
  ]);
  [location, archived, otherLocation] = await Promise.all([
    writeLocation(db(), owner.uid, 'Main St store'),
    writeLocation(db(), owner.uid, 'Old store', { archived: true }),
    writeLocation(db(), wholesaler.uid, 'Wholesale dock'),
  ]);
  products.plain = await writeProduct('plain');
  products.cased = await writeProduct('cased', { case_pack: 6 });
  products.low = await writeProduct('low', { stock_on_hand: 5 });
  products.inactive = await writeProduct('inactive', { is_active: false });
  products.listed = await writeProduct('listed');
  // The wholesaler's company buys the listed product 10% under its tier price.
  await savePriceListHandler(
    call(manager, {
      name: `Quote tests ${RUN}`,
      valid_from: null,
      valid_to: null,
      company_ids: [wholesaler.uid],
      entries: { [products.listed]: { kind: 'percent', percent_off_bps: 1000 } },
    }),
  );
});

afterAll(() => {
  vi.restoreAllMocks();
});

describe('saveDraftOrder', () => {
  it("prices each line at the company's prices: its tier and price lists", async () => {
    const { quoteId } = await save(
      draftFor({
        companyId: wholesaler.uid,
        locationId: otherLocation,
        lines: [
          { productId: products.plain, quantity: 2 },
          { productId: products.listed, quantity: 3 },
        ],
        shippingAmount: 2_500,
        noteToBuyer: 'Delivered before the weekend.',
        validDays: 14,
      }),
    );
    const quote = await quoteOf(quoteId);
    expect(quote).toMatchObject({
      state: 'draft',
      delivery: null,
      number: null,
      company_id: wholesaler.uid,
      location_id: otherLocation,
      location_name: 'Wholesale dock',
      shipping_amount: 2_500,
      goods_amount: 2 * 8_000 + 3 * 7_200,
      amount: 2 * 8_000 + 3 * 7_200 + 2_500,
      note_to_buyer: 'Delivered before the weekend.',
      valid_days: 14,
      created_by: manager.uid,
      created_by_name: 'Test manager',
    });
    expect(quote?.ship_to?.name).toBe('Receiving at Wholesale dock');
    expect(quote?.lines).toMatchObject([
      { product_id: products.plain, catalog_unit_amount: 8_000, unit_amount: 8_000 },
      {
        product_id: products.listed,
        catalog_unit_amount: 7_200,
        unit_amount: 7_200,
        line_total: 21_600,
        tier_unit_amount: 8_000,
        price_list: { name: `Quote tests ${RUN}` },
      },
    ]);
    expect(quote?.history).toMatchObject([{ state: 'draft', by: manager.uid }]);
    // No override, no audit entry.
    expect(await overridesOf(quoteId)).toEqual([]);
  });

  it('records every override with its reason in audit_log, once', async () => {
    const lines = [
      { productId: products.plain, quantity: 10, unitAmount: 9_000, overrideReason: 'Trade show' },
      { productId: products.listed, quantity: 1 },
    ];
    const { quoteId } = await save(draftFor({ lines }));
    const quote = await quoteOf(quoteId);
    expect(quote?.lines).toMatchObject([
      {
        catalog_unit_amount: 10_000,
        unit_amount: 9_000,
        override_reason: 'Trade show',
        line_total: 90_000,
      },
      { catalog_unit_amount: 10_000, unit_amount: 10_000, override_reason: '' },
    ]);
    expect(quote?.amount).toBe(100_000);
    const entries = await overridesOf(quoteId);
    expect(entries).toEqual([
      {
        kind: 'quote_price_override',
        quote_id: quoteId,
        company_id: owner.uid,
        product_id: products.plain,
        catalog_unit_amount: 10_000,
        unit_amount: 9_000,
        reason: 'Trade show',
        by: manager.uid,
        at: expect.anything(),
      },
    ]);

    // Saved again as it is: nothing new to record. Another price: recorded.
    await save(draftFor({ quoteId, lines }));
    expect(await overridesOf(quoteId)).toHaveLength(1);
    await save(
      draftFor({
        quoteId,
        lines: [{ ...lines[0]!, unitAmount: 8_500, overrideReason: 'Trade show, 2 pallets' }],
      }),
    );
    expect((await overridesOf(quoteId)).map((entry) => entry.unit_amount).sort()).toEqual([
      8_500, 9_000,
    ]);
  });

  it('refuses an override without a reason, and writes nothing', async () => {
    const before = await databaseState();
    const outcome = await settle(
      save(
        draftFor({
          lines: [
            { productId: products.plain, quantity: 2 },
            { productId: products.listed, quantity: 2, unitAmount: 5_000, overrideReason: '  ' },
          ],
        }),
      ),
    );
    expect(describeOutcome(outcome)).toBe(
      `invalid-argument: ${QUOTE_MESSAGES.overrideReason(`Quote listed syrup`)}`,
    );
    expect(await changesSince(before)).toEqual([]);
  });

  it('refuses a draft for a rejected company, and writes nothing', async () => {
    const before = await databaseState();
    const outcome = await settle(save(draftFor({ companyId: rejected.uid, locationId: null })));
    expect(describeOutcome(outcome)).toBe(
      `failed-precondition: ${QUOTE_MESSAGES.companyNotApproved}`,
    );
    expect(describeOutcome(await settle(save(draftFor({ companyId: `no-such-${RUN}` }))))).toBe(
      `not-found: ${COMPANY_NOT_FOUND}`,
    );
    expect(await changesSince(before)).toEqual([]);
  });

  it("ships only to one of the company's active locations", async () => {
    const refused = [
      [draftFor({ locationId: otherLocation }), `invalid-argument: ${QUOTE_MESSAGES.location}`],
      [draftFor({ locationId: `nowhere-${RUN}` }), `invalid-argument: ${QUOTE_MESSAGES.location}`],
      // The company has locations: the draft must name one.
      [draftFor({ locationId: null }), `invalid-argument: ${QUOTE_MESSAGES.location}`],
      [draftFor({ locationId: archived }), `failed-precondition: ${LOCATION_ARCHIVED}`],
    ] as const;
    for (const [data, expected] of refused) {
      expect(describeOutcome(await settle(save(data)))).toBe(expected);
    }
  });

  it('refuses a product that is not in the catalog, but saves quantities to fix at send', async () => {
    for (const productId of [products.inactive, `no-such-product-${RUN}`]) {
      const outcome = await settle(save(draftFor({ lines: [{ productId, quantity: 1 }] })));
      expect(outcome).toMatchObject({ rejected: { code: 'failed-precondition' } });
      expect(describeOutcome(outcome)).toContain('is not in the catalog');
    }
    // 7 of a case of 6, and more than the 5 in stock: a draft holds no stock and is checked
    // when sent.
    const { quoteId } = await save(
      draftFor({
        lines: [
          { productId: products.cased, quantity: 7 },
          { productId: products.low, quantity: 50 },
        ],
      }),
    );
    expect((await quoteOf(quoteId))?.lines.map((line) => line.quantity)).toEqual([7, 50]);
    const product = (await db().doc(paths.product(products.low)).get()).data();
    expect(product?.stock_reserved).toBe(0);
  });

  it('is for managers only', async () => {
    for (const member of [owner, buyer]) {
      const outcome = await settle(save(draftFor(), member));
      expect(outcome).toMatchObject({ rejected: { code: 'permission-denied' } });
    }
  });

  it('edits a draft: its creator and creation stay, one history entry per run of edits', async () => {
    const { quoteId } = await save(draftFor());
    const created = await quoteOf(quoteId);
    const colleague = await createUser('manager');
    await save(draftFor({ quoteId, lines: [{ productId: products.plain, quantity: 8 }] }));
    await save(draftFor({ quoteId, lines: [{ productId: products.plain, quantity: 9 }] }));
    await save(
      draftFor({ quoteId, lines: [{ productId: products.plain, quantity: 10 }] }),
      colleague,
    );
    const edited = await quoteOf(quoteId);
    expect(edited).toMatchObject({
      created_by: manager.uid,
      created_by_name: 'Test manager',
      lines: [{ quantity: 10 }],
    });
    expect(edited?.created_at.isEqual(created!.created_at)).toBe(true);
    expect(edited?.history.map((event) => [event.by, event.text])).toEqual([
      [manager.uid, 'Draft created.'],
      [manager.uid, 'Draft edited.'],
      [colleague.uid, 'Draft edited.'],
    ]);
    expect(describeOutcome(await settle(save(draftFor({ quoteId: `nope-${RUN}` }))))).toBe(
      `not-found: ${QUOTE_MESSAGES.draftNotFound}`,
    );
  });
});

describe('deleteDraftOrder', () => {
  it('deletes a draft', async () => {
    const { quoteId } = await save(draftFor());
    expect(await remove({ quoteId })).toEqual({ quoteId, state: 'draft' });
    expect(await quoteOf(quoteId)).toBeNull();
    expect(describeOutcome(await settle(remove({ quoteId })))).toBe(
      `not-found: ${QUOTE_MESSAGES.draftNotFound}`,
    );
  });

  it('is for managers only', async () => {
    const { quoteId } = await save(draftFor());
    const outcome = await settle(remove({ quoteId }, owner));
    expect(outcome).toMatchObject({ rejected: { code: 'permission-denied' } });
    expect(await quoteOf(quoteId)).not.toBeNull();
  });
});

describe('sendDraftOrder as a quote', () => {
  it('reports each conflicting line and changes nothing', async () => {
    const { quoteId } = await save(
      draftFor({
        lines: [
          { productId: products.plain, quantity: 2 },
          { productId: products.cased, quantity: 7 },
          { productId: products.low, quantity: 50 },
        ],
      }),
    );
    // Made inactive since it was saved.
    const gone = await writeProduct('gone');
    const withGone = await save(
      draftFor({
        lines: [
          { productId: gone, quantity: 1 },
          { productId: products.low, quantity: 3 },
        ],
      }),
    );
    await db().doc(paths.product(gone)).update({ is_active: false });

    const before = await databaseState();
    const outcome = await settle(send({ quoteId, delivery: 'quote', requestId: requestId() }));
    expect(outcome).toMatchObject({ rejected: { code: 'failed-precondition' } });
    const error = (outcome as { rejected: HttpsError }).rejected;
    expect(error.message).toBe(
      `${QUOTE_MESSAGES.conflicts} Quote cased syrup is sold in cases of 6: order a multiple of 6. Only 5 left of Quote low syrup.`,
    );
    expect(error.details).toEqual({
      conflicts: [
        {
          productId: products.cased,
          message: 'Quote cased syrup is sold in cases of 6: order a multiple of 6.',
        },
        { productId: products.low, message: 'Only 5 left of Quote low syrup.' },
      ],
    });
    const goneOutcome = await settle(
      send({ quoteId: withGone.quoteId, delivery: 'quote', requestId: requestId() }),
    );
    expect((goneOutcome as { rejected: HttpsError }).rejected.details).toEqual({
      conflicts: [{ productId: gone, message: 'Quote gone syrup is no longer in the catalog.' }],
    });
    expect(await changesSince(before)).toEqual([]);
  });

  it('numbers quotes Q-000001, Q-000002 without gaps: a refused send takes no number', async () => {
    await db().doc(paths.quoteCounter()).delete();
    const first = await save(draftFor());
    const conflicting = await save(
      draftFor({ lines: [{ productId: products.cased, quantity: 1 }] }),
    );
    const noTerms = await save(draftFor());
    const second = await save(draftFor());

    const sentFirst = await send({
      quoteId: first.quoteId,
      delivery: 'quote',
      requestId: requestId(),
    });
    expect(sentFirst).toMatchObject({ state: 'sent', number: 'Q-000001' });
    // Refused sends: a conflict, a company without terms (a failed Stripe call: below).
    for (const [quoteId, delivery] of [
      [conflicting.quoteId, 'quote'],
      [noTerms.quoteId, 'terms'],
    ] as const) {
      const outcome = await settle(send({ quoteId, delivery, requestId: requestId() }));
      expect(outcome, describeOutcome(outcome)).toMatchObject({
        rejected: { code: 'failed-precondition' },
      });
      expect(await quoteOf(quoteId)).toMatchObject({ state: 'draft', number: null });
    }
    expect(await quoteCounter()).toBe(2);
    const sentSecond = await send({
      quoteId: second.quoteId,
      delivery: 'quote',
      requestId: requestId(),
    });
    expect(sentSecond).toMatchObject({ state: 'sent', number: 'Q-000002' });
    expect(await quoteCounter()).toBe(3);
  });

  it('sends it once: sent_at, expires_at, net_days, history, and the mail to owners and buyers', async () => {
    const { quoteId } = await save(
      draftFor({
        lines: [
          { productId: products.plain, quantity: 3, unitAmount: 9_500, overrideReason: 'Loyalty' },
        ],
        shippingAmount: 1_500,
        noteToBuyer: 'Thanks for the call today.',
        validDays: 10,
      }),
    );
    const id = requestId();
    const before = Date.now();
    const answer = await send({ quoteId, delivery: 'quote', requestId: id });
    const quote = await quoteOf(quoteId);
    expect(answer).toEqual<SendDraftOrderResponse>({
      quoteId,
      state: 'sent',
      delivery: 'quote',
      number: quote!.number!,
      url: null,
      orderId: null,
    });
    expect(quote).toMatchObject({ state: 'sent', delivery: 'quote', net_days: null });
    const sentAt = quote!.sent_at!.toMillis();
    expect(sentAt).toBeGreaterThanOrEqual(before - 1000);
    expect(quote!.expires_at!.toMillis() - sentAt).toBe(10 * 24 * 60 * 60 * 1000);
    expect(quote?.history.at(-1)).toMatchObject({
      state: 'sent',
      by: manager.uid,
      by_name: 'Test manager',
      text: 'Sent as a quote.',
    });

    const mail = await mailOf(mailKeys.quoteSent(quoteId));
    expect(mail?.to.sort()).toEqual([owner.email, buyer.email].sort());
    expect(mail?.to).not.toContain(viewer.email);
    expect(mail?.message.subject).toContain(`Quote ${quote!.number}: $300.00`);
    expect(mail?.message.text).toContain('3 x Quote plain syrup  $285.00');
    expect(mail?.message.text).toContain('Shipping: $15.00');
    expect(mail?.message.text).toContain('Total: $300.00');
    expect(mail?.message.text).toContain('Our note: Thanks for the call today.');
    expect(mail?.message.text).toContain(`tab=quotes&quote=${quoteId}`);

    // A retry answers the same send; another send, an edit or a deletion is refused.
    expect(await send({ quoteId, delivery: 'quote', requestId: id })).toEqual(answer);
    const before2 = await databaseState();
    for (const [outcome, expected] of [
      [
        await settle(send({ quoteId, delivery: 'quote', requestId: requestId() })),
        QUOTE_MESSAGES.notDraft,
      ],
      [await settle(save(draftFor({ quoteId }))), QUOTE_MESSAGES.notDraft],
      [await settle(remove({ quoteId })), QUOTE_MESSAGES.notDraft],
    ] as const) {
      expect(describeOutcome(outcome)).toBe(`failed-precondition: ${expected}`);
    }
    expect(await changesSince(before2)).toEqual([]);
  });

  it("states the company's terms on a quote to a company that has them", async () => {
    await db()
      .doc(paths.companyCredit(owner.uid))
      .set({ net_days: 30, credit_limit: 1_000_000, open_balance: 0, overdue_orders: [] });
    try {
      const { quoteId } = await save(draftFor());
      await send({ quoteId, delivery: 'quote', requestId: requestId() });
      expect((await quoteOf(quoteId))?.net_days).toBe(30);
      const mail = await mailOf(mailKeys.quoteSent(quoteId));
      expect(mail?.message.text).toContain('Net 30: invoiced when accepted, due in 30 days.');
    } finally {
      await db().doc(paths.companyCredit(owner.uid)).delete();
    }
  });

  it('refuses a company without terms, a company rejected since, and a draft that does not exist', async () => {
    const { quoteId } = await save(draftFor());
    expect(
      describeOutcome(await settle(send({ quoteId, delivery: 'terms', requestId: requestId() }))),
    ).toBe(`failed-precondition: ${QUOTE_MESSAGES.companyNoTerms}`);

    const later = await createUser('retailer');
    const forLater = await save(draftFor({ companyId: later.uid, locationId: null }));
    await db().doc(paths.company(later.uid)).update({ status: 'rejected' });
    const before = await databaseState();
    expect(
      describeOutcome(
        await settle(
          send({ quoteId: forLater.quoteId, delivery: 'quote', requestId: requestId() }),
        ),
      ),
    ).toBe(`failed-precondition: ${QUOTE_MESSAGES.companyNotApproved}`);
    expect(
      describeOutcome(
        await settle(send({ quoteId: `nope-${RUN}`, delivery: 'quote', requestId: requestId() })),
      ),
    ).toBe(`not-found: ${QUOTE_MESSAGES.draftNotFound}`);
    expect(await changesSince(before)).toEqual([]);
  });

  it('is for managers only', async () => {
    const { quoteId } = await save(draftFor());
    const outcome = await settle(
      send({ quoteId, delivery: 'quote', requestId: requestId() }, owner),
    );
    expect(outcome).toMatchObject({ rejected: { code: 'permission-denied' } });
    expect((await quoteOf(quoteId))?.state).toBe('draft');
  });

  it('sends one of two racing sends of the same draft, with one number', async () => {
    const { quoteId } = await save(draftFor());
    const counter = await quoteCounter();
    const outcomes = await Promise.all(
      [requestId(), requestId()].map((id) =>
        settle(send({ quoteId, delivery: 'quote', requestId: id })),
      ),
    );
    expect(outcomes.filter((outcome) => 'resolved' in outcome)).toHaveLength(1);
    expect(outcomes.filter((outcome) => 'rejected' in outcome).map(describeOutcome)).toEqual([
      `failed-precondition: ${QUOTE_MESSAGES.notDraft}`,
    ]);
    expect(await quoteCounter()).toBe(counter + 1);
    expect(await mailOf(mailKeys.quoteSent(quoteId))).not.toBeNull();
  });
});

/** A promise settled from outside: holds a fake Stripe call open while the test acts. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * Paying a quote is quote-checkout.ts's and quote-terms.ts's (sendDraftOrder takes them as
 * QuotePayments): here fakes of them, so the send's own part is tested: the lock, the number
 * taken only once the payment step succeeded, what is recorded and mailed.
 */
describe('sendDraftOrder as a payment link or on terms (fake payments)', () => {
  const ctx = () => createContext();
  const sendWith = (
    payments: QuotePayments,
    quoteId: string,
    delivery: QuoteDelivery,
    id: string,
  ) => sendDraftOrder(ctx(), payments, manager.uid, { quoteId, delivery, requestId: id });
  const unused: QuotePayments['placeQuoteOnTerms'] = () => Promise.reject(new Error('unused'));
  const unusedCheckout: QuotePayments['startQuoteCheckout'] = () =>
    Promise.reject(new Error('unused'));

  it('a payment link: numbered and sent, then the session, then the mail', async () => {
    const { quoteId } = await save(draftFor());
    const session = deferred<{ url: string; checkoutId: string; expiresAt: Date }>();
    const startQuoteCheckout = vi.fn<QuotePayments['startQuoteCheckout']>(() => session.promise);
    const payments: QuotePayments = { startQuoteCheckout, placeQuoteOnTerms: unused };
    const id = requestId();
    const counter = await quoteCounter();
    const sending = sendWith(payments, quoteId, 'payment_link', id);
    await vi.waitFor(() => expect(startQuoteCheckout).toHaveBeenCalledTimes(1));

    // Called with the quote sent and numbered (the session carries its number to the order),
    // for the company's owner.
    const [, sent, payer, purpose] = startQuoteCheckout.mock.calls[0]!;
    expect(sent).toMatchObject({ id: quoteId, state: 'sent', delivery: 'payment_link' });
    expect(sent.number).toMatch(/^Q-\d{6}$/);
    expect(payer).toEqual({ uid: owner.uid, email: owner.email });
    expect(purpose).toBe('payment_link');
    expect(await quoteCounter()).toBe(counter + 1);
    // Meanwhile it is no draft: no edit, deletion or other send.
    for (const outcome of [
      await settle(save(draftFor({ quoteId }))),
      await settle(remove({ quoteId })),
      await settle(send({ quoteId, delivery: 'quote', requestId: requestId() })),
    ]) {
      expect(describeOutcome(outcome)).toMatch(/notDraft|no longer be changed|already been sent/);
    }

    const expiresAt = new Date(Date.now() + 23 * 60 * 60 * 1000);
    const url = `https://checkout.stripe.test/c/pay/cs_test_${RUN}`;
    session.resolve({ url, checkoutId: `checkout-${RUN}`, expiresAt });
    const answer = await sending;
    expect(answer).toMatchObject({
      state: 'sent',
      delivery: 'payment_link',
      number: sent.number,
      url,
      orderId: null,
    });
    expect(await quoteCounter()).toBe(counter + 1);
    const quote = await quoteOf(quoteId);
    expect(quote).toMatchObject({
      state: 'sent',
      delivery: 'payment_link',
      number: answer.number,
      net_days: null,
      checkout: { checkout_id: `checkout-${RUN}`, uid: owner.uid, url },
    });
    expect(quote!.expires_at!.toMillis() - quote!.sent_at!.toMillis()).toBe(24 * 60 * 60 * 1000);
    expect(quote?.history.at(-1)?.text).toBe('Sent as a payment link.');
    const mail = await mailOf(mailKeys.quotePaymentLink(quoteId));
    expect(mail?.to.sort()).toEqual([owner.email, buyer.email].sort());
    expect(mail?.message.text).toContain(`Pay now: ${url}`);

    // A retry answers the same, without a second session.
    expect(await sendWith(payments, quoteId, 'payment_link', id)).toEqual(answer);
    expect(startQuoteCheckout).toHaveBeenCalledTimes(1);
  });

  it('a payment link Stripe cannot make gives the draft back with its number, used next', async () => {
    const { quoteId } = await save(draftFor());
    const payments: QuotePayments = {
      startQuoteCheckout: () =>
        Promise.reject(new PaymentServiceError('Stripe is not answering.', true)),
      placeQuoteOnTerms: unused,
    };
    const counter = await quoteCounter();
    const outcome = await settle(sendWith(payments, quoteId, 'payment_link', requestId()));
    expect(describeOutcome(outcome)).toBe('threw PaymentServiceError: Stripe is not answering.');
    // A draft again, keeping the number it was given: no other send may take it.
    const back = await quoteOf(quoteId);
    expect(back).toMatchObject({ state: 'draft', delivery: null, sent_at: null, expires_at: null });
    expect(back!.number).toMatch(/^Q-\d{6}$/);
    expect(await quoteCounter()).toBe(counter + 1);
    // Edited meanwhile, it keeps it too.
    await save({ ...draftFor(), quoteId, noteToBuyer: 'Edited after the failed send.' });
    expect((await quoteOf(quoteId))!.number).toBe(back!.number);
    // Sent again, it keeps that number and takes no other: no gap in the sequence.
    expect(await send({ quoteId, delivery: 'quote', requestId: requestId() })).toMatchObject({
      state: 'sent',
      number: back!.number,
    });
    expect(await quoteCounter()).toBe(counter + 1);
  });

  describe('placed on terms', () => {
    beforeAll(async () => {
      await db()
        .doc(paths.companyCredit(owner.uid))
        .set({ net_days: 30, credit_limit: 1_000_000, open_balance: 0, overdue_orders: [] });
    });
    afterAll(async () => {
      await db().doc(paths.companyCredit(owner.uid)).delete();
    });

    it('the order first, then the quote accepted with its number', async () => {
      const { quoteId } = await save(draftFor());
      const placeQuoteOnTerms = vi.fn<QuotePayments['placeQuoteOnTerms']>(() =>
        Promise.resolve({ orderId: `order-${RUN}-1`, invoiceUrl: null }),
      );
      const payments: QuotePayments = {
        startQuoteCheckout: unusedCheckout,
        placeQuoteOnTerms,
      };
      const id = requestId();
      const counter = await quoteCounter();
      const answer = await sendWith(payments, quoteId, 'terms', id);
      const [, locked, payer, request] = placeQuoteOnTerms.mock.calls[0]!;
      expect(locked).toMatchObject({
        state: 'draft',
        number: null,
        delivery: 'terms',
        net_days: 30,
      });
      expect(payer.uid).toBe(owner.uid);
      expect(request).toEqual({
        requestId: id,
        poNumber: '',
        placedBy: { uid: manager.uid, name: expect.any(String) as string },
      });
      expect(answer).toMatchObject({
        state: 'accepted',
        delivery: 'terms',
        orderId: `order-${RUN}-1`,
        url: null,
      });
      expect(await quoteCounter()).toBe(counter + 1);
      expect(await quoteOf(quoteId)).toMatchObject({
        state: 'accepted',
        number: answer.number,
        order_id: `order-${RUN}-1`,
        accepted_by: owner.uid,
        net_days: 30,
        expires_at: null,
      });
      expect((await quoteOf(quoteId))?.history.at(-1)).toMatchObject({
        state: 'accepted',
        by: manager.uid,
        text: `Placed on Net 30 terms: order order-${RUN}-1.`,
      });
      // Accepted at once: no quote mail.
      expect(await mailOf(mailKeys.quoteSent(quoteId))).toBeNull();
      expect(await sendWith(payments, quoteId, 'terms', id)).toEqual(answer);
    });

    it('completes what the order on terms left out when it marked the quote accepted itself', async () => {
      const { quoteId } = await save(draftFor());
      const orderId = `order-${RUN}-2`;
      const payments: QuotePayments = {
        startQuoteCheckout: unusedCheckout,
        placeQuoteOnTerms: async (_ctx, quote) => {
          await db()
            .doc(paths.quote(quote.id))
            .update({
              state: 'accepted',
              order_id: orderId,
              accepted_by: owner.uid,
              history: [
                ...quote.history,
                { state: 'accepted', at: quote.updated_at, by: owner.uid, by_name: '', text: '' },
              ],
            });
          return { orderId, invoiceUrl: 'https://invoice.stripe.test/i/1' };
        },
      };
      const counter = await quoteCounter();
      const answer = await sendWith(payments, quoteId, 'terms', requestId());
      expect(answer).toMatchObject({ state: 'accepted', orderId });
      expect(await quoteCounter()).toBe(counter + 1);
      const quote = await quoteOf(quoteId);
      expect(quote).toMatchObject({ delivery: 'terms', number: answer.number, net_days: 30 });
      expect(quote?.history.filter((event) => event.state === 'accepted')).toHaveLength(1);
    });

    it('an order on terms that is refused takes no number and gives the draft back', async () => {
      const { quoteId } = await save(draftFor());
      const payments: QuotePayments = {
        startQuoteCheckout: unusedCheckout,
        placeQuoteOnTerms: () => Promise.reject(new PreconditionError('Over the credit limit.')),
      };
      const [before, stored] = await Promise.all([databaseState(), storedQuote(quoteId)]);
      const outcome = await settle(sendWith(payments, quoteId, 'terms', requestId()));
      expect(describeOutcome(outcome)).toBe('threw PreconditionError: Over the credit limit.');
      expect(await changesSince(before)).toEqual([`firestore: wrote ${paths.quote(quoteId)}`]);
      expect(await storedQuote(quoteId)).toEqual(stored);
    });
  });
});
