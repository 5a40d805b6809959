import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_MESSAGES, mailKeys, paths } from '@portal/domain';
import { refundOrderHandler } from '../../src/handlers/refund-order';
import { settleClaimHandler } from '../../src/handlers/settle-claim';
import { shipOrderHandler } from '../../src/handlers/ship-order';
import { updateOrderStatusHandler } from '../../src/handlers/update-order-status';
import { createUser, startPaymentsHarness, type TestUser } from '../payments/support';
import {
  call,
  claimDoc,
  db,
  giveTerms,
  openBalanceOf,
  onHand,
  orderRecord,
  paidOrder,
  product,
  refusal,
  RUN,
  seedClaim,
  setStock,
  shipAll,
  storeCreditOf,
  stripeCustomerOf,
  termsOrder,
  UPS,
} from './settle-support';

/**
 * settleClaim (docs/order-lifecycle.md#settling-a-claim) against the Stripe sandbox: each remedy
 * end to end, exactly once under concurrent calls, and every refusal writing nothing.
 */

let harness: Awaited<ReturnType<typeof startPaymentsHarness>>;
let manager: TestUser;

const JUG = `t-claim-jug-${RUN}`;
const LIDS = `t-claim-lids-${RUN}`;
const PRICE = 2_500; // $25.00 a jug

beforeAll(async () => {
  harness = await startPaymentsHarness();
  manager = await createUser('manager');
  await Promise.all([
    product(JUG, { name: `Syrup Jug ${RUN}`, price: PRICE, stock: 500 }),
    product(LIDS, { name: `Dome Lids ${RUN}`, price: 800, stock: 500 }),
  ]);
});

afterAll(async () => {
  await Promise.all(
    [JUG, LIDS].flatMap((id) => [
      db().doc(paths.product(id)).delete(),
      db().doc(paths.wholesalePrice(id)).delete(),
    ]),
  );
  await harness?.stop();
});

const settle = (claimId: string, fields: Record<string, unknown> = {}) =>
  settleClaimHandler(
    call(manager, { claimId, requestId: randomUUID(), remedy: 'store_credit', ...fields }),
  );

/** A shipped card order of 4 jugs and 2 lids, and a claim of 2 damaged jugs on it. */
async function claimOnShippedOrder() {
  const buyer = await createUser('retailer');
  const orderId = await paidOrder(harness.sandbox, buyer, { [JUG]: 4, [LIDS]: 2 });
  await shipAll(manager, orderId);
  const { claimId, value } = await seedClaim(orderId, { [JUG]: 2 });
  return { buyer, orderId, claimId, value, companyId: buyer.uid };
}

async function mailExists(key: string) {
  return (await db().doc(paths.mail(key)).get()).exists;
}

async function balanceTransactions(companyId: string) {
  const customer = await stripeCustomerOf(companyId);
  return (await harness.stripe.customers.listBalanceTransactions(customer, { limit: 100 })).data;
}

describe('settleClaim: the remedies', () => {
  it('store credit: the Stripe customer balance and the mirror grow by the claim, once; the buyer is mailed', async () => {
    const { claimId, value, companyId, orderId } = await claimOnShippedOrder();
    expect(value).toBe(2 * PRICE);
    const answer = await settle(claimId, { note: 'Sorry about the leak.' });
    expect(answer).toEqual({
      claimId,
      status: 'settled',
      remedy: 'store_credit',
      amount: value,
      replacementOrderId: null,
      creditNoteNumber: null,
    });
    const claim = await claimDoc(claimId);
    expect(claim.status).toBe('settled');
    expect(claim.settling).toBeUndefined();
    expect(claim.settlement).toMatchObject({
      remedy: 'store_credit',
      amount: value,
      by: manager.uid,
      credit_entry_id: `claim-${claimId}`,
      note: 'Sorry about the leak.',
    });
    expect(claim.timeline.map((e: { kind: string }) => e.kind)).toEqual(['reported', 'settled']);

    const credit = await storeCreditOf(companyId);
    expect(credit.balance).toBe(value);
    expect(credit.entries[`claim-${claimId}`]).toMatchObject({ kind: 'claim', amount: value });
    const customer = await harness.stripe.customers.retrieve(await stripeCustomerOf(companyId));
    expect(!customer.deleted && customer.balance).toBe(-value);
    expect(await mailExists(mailKeys.claimSettled(claimId))).toBe(true);
    expect((await orderRecord(orderId)).claim_credits).toMatchObject([
      { claim_id: claimId, kind: 'store_credit', to: 'balance', amount: value },
    ]);
  });

  it('refund: a refund by lines of the claimed units as shipped ones, naming the claim, and the units back on hand when asked', async () => {
    const { claimId, value, orderId } = await claimOnShippedOrder();
    const stockBefore = await onHand(JUG);
    const answer = await settle(claimId, { remedy: 'refund', restock: true });
    expect(answer).toMatchObject({ remedy: 'refund', amount: value });
    const order = await orderRecord(orderId);
    expect(order.refunded_amount).toBe(value);
    expect(order.refunds).toHaveLength(1);
    expect(order.refunds[0]).toMatchObject({
      claim_id: claimId,
      amount: value,
      lines: [{ product_id: JUG, quantity: 2, unshipped: 0, restocked: 2 }],
    });
    const refunds = await harness.stripe.refunds.list({
      payment_intent: order.stripe_payment_intent_id!,
    });
    expect(refunds.data.map((r) => r.amount)).toEqual([value]);
    expect((await claimDoc(claimId)).settlement).toMatchObject({
      remedy: 'refund',
      refund_id: refunds.data[0]!.id,
      restocked: { [JUG]: 2 },
    });
    expect(await onHand(JUG)).toBe(stockBefore + 2);
  });

  it('replacement: a $0 order of the claimed units that takes stock and ships like any order', async () => {
    const { claimId, orderId, buyer } = await claimOnShippedOrder();
    const stockBefore = await onHand(JUG);
    const answer = await settle(claimId, { remedy: 'replacement' });
    const replacementId = `${claimId}-replacement`;
    expect(answer).toMatchObject({
      remedy: 'replacement',
      amount: 0,
      replacementOrderId: replacementId,
    });
    const replacement = await orderRecord(replacementId);
    expect(replacement).toMatchObject({
      user_id: buyer.uid,
      company_id: buyer.uid,
      amount: 0,
      status: 'processing',
      source: 'replacement',
      replacement_for: { claim_id: claimId, order_id: orderId, value: 2 * PRICE },
      stock_taken: { [JUG]: 2 },
    });
    expect(replacement.items).toMatchObject([
      { product_id: JUG, quantity: 2, unit_amount: 0, line_total: 0 },
    ]);
    expect(await onHand(JUG)).toBe(stockBefore - 2);
    const shipped = await shipOrderHandler(
      call(manager, {
        orderId: replacementId,
        requestId: randomUUID(),
        lines: [{ productId: JUG, quantity: 2 }],
        shipment: UPS,
      }),
    );
    expect(shipped.status).toBe('shipped');
  });

  it('replacement cancelled: nothing to refund, the order is cancelled and its units go back on hand', async () => {
    const { claimId } = await claimOnShippedOrder();
    await settle(claimId, { remedy: 'replacement' });
    const replacementId = `${claimId}-replacement`;
    const before = await onHand(JUG);
    const answer = await updateOrderStatusHandler(
      call(manager, { orderId: replacementId, status: 'cancelled', restock: true }),
    );
    expect(answer).toEqual({ orderId: replacementId, status: 'cancelled' });
    const cancelled = await orderRecord(replacementId);
    expect(cancelled).toMatchObject({ status: 'cancelled', refunds: [], refunded_amount: 0 });
    expect(await onHand(JUG)).toBe(before + 2);
  });

  it('restock: the claimed units back on hand with store credit, and with a replacement that takes as many', async () => {
    const credited = await claimOnShippedOrder();
    const before = await onHand(JUG);
    await settle(credited.claimId, { restock: true });
    expect(await onHand(JUG)).toBe(before + 2);
    expect((await claimDoc(credited.claimId)).settlement.restocked).toEqual({ [JUG]: 2 });

    const replaced = await claimOnShippedOrder();
    const was = await onHand(JUG);
    await settle(replaced.claimId, { remedy: 'replacement', restock: true });
    expect(await onHand(JUG)).toBe(was);
    expect((await orderRecord(`${replaced.claimId}-replacement`)).stock_taken).toEqual({
      [JUG]: 2,
    });
  });

  it('units refunded by lines since the claim was reported are not paid again: the settlement is refused', async () => {
    const { claimId, orderId, companyId } = await claimOnShippedOrder();
    // Of the 4 jugs, a manager refunds 3 by lines before settling the claim of 2: at most 1 of
    // the claimed jugs is still unpaid.
    await refundOrderHandler(
      call(manager, {
        orderId,
        requestId: randomUUID(),
        lines: [{ productId: JUG, quantity: 3, restock: 0 }],
        internalNote: '',
        customerNote: 'Damaged jugs',
      }),
    );
    for (const remedy of ['refund', 'store_credit', 'replacement'] as const) {
      const refused = await refusal(settle(claimId, { remedy }));
      expect(refused.code).toBe('failed-precondition');
      expect(refused.message).toBe(CLAIM_MESSAGES.refundedSince(`Syrup Jug ${RUN}`, 1));
    }
    expect((await claimDoc(claimId)).status).toBe('new');
    expect((await storeCreditOf(companyId)).balance).toBe(0);
  });

  it('units a claim settled with store credit cannot be refunded again by lines', async () => {
    const { claimId, orderId } = await claimOnShippedOrder();
    await settle(claimId, { remedy: 'store_credit' });
    const refused = await refusal(
      refundOrderHandler(
        call(manager, {
          orderId,
          requestId: randomUUID(),
          lines: [{ productId: JUG, quantity: 3, restock: 0 }],
          internalNote: '',
          customerNote: '',
        }),
      ),
    );
    expect(refused.code).toBe('failed-precondition');
    expect(refused.message).toMatch(/Syrup Jug/);
    // The 2 jugs not claimed are refundable.
    const refunded = await refundOrderHandler(
      call(manager, {
        orderId,
        requestId: randomUUID(),
        lines: [{ productId: JUG, quantity: 2, restock: 0 }],
        internalNote: '',
        customerNote: '',
      }),
    );
    expect(refunded.amount).toBeGreaterThan(0);
  });

  it('replacement out of stock: refused with the product named, writing nothing', async () => {
    const { claimId } = await claimOnShippedOrder();
    const before = await claimDoc(claimId);
    await setStock(JUG, 1);
    try {
      const error = await refusal(settle(claimId, { remedy: 'replacement' }));
      expect(error.code).toBe('failed-precondition');
      expect(error.message).toBe(`Only 1 left of Syrup Jug ${RUN}.`);
      await setStock(JUG, 0);
      expect((await refusal(settle(claimId, { remedy: 'replacement' }))).message).toBe(
        `Syrup Jug ${RUN} is out of stock.`,
      );
      expect(await claimDoc(claimId)).toEqual(before);
      expect(
        (
          await db()
            .doc(paths.order(`${claimId}-replacement`))
            .get()
        ).exists,
      ).toBe(false);
      expect(await onHand(JUG)).toBe(0);
    } finally {
      await setStock(JUG, 500);
    }
  });
});

describe('settleClaim: a credit note on the terms invoice', () => {
  it('an open invoice: the credit note lowers what it asks for, the order and the open balance follow', async () => {
    const buyer = await createUser('retailer');
    await giveTerms(manager, buyer.uid);
    const placed = await termsOrder(buyer, { [JUG]: 4 });
    await shipAll(manager, placed.orderId);
    const { claimId, value } = await seedClaim(placed.orderId, { [JUG]: 1 });
    expect(await openBalanceOf(buyer.uid)).toBe(4 * PRICE);

    const answer = await settle(claimId, { remedy: 'credit_note' });
    expect(answer).toMatchObject({ remedy: 'credit_note', amount: value });
    expect(answer.creditNoteNumber).toBeTruthy();
    const order = await orderRecord(placed.orderId);
    const invoice = await harness.stripe.invoices.retrieve(order.terms!.invoice_id!);
    expect(invoice.amount_remaining).toBe(4 * PRICE - value);
    const notes = await harness.stripe.creditNotes.list({ invoice: invoice.id! });
    expect(notes.data.map((note) => note.total)).toEqual([value]);
    expect(order.amount).toBe(4 * PRICE - value);
    expect(order.claim_credits).toMatchObject([
      { claim_id: claimId, kind: 'credit_note', to: 'invoice', amount: value },
    ]);
    expect(await openBalanceOf(buyer.uid)).toBe(4 * PRICE - value);
    expect((await storeCreditOf(buyer.uid)).balance).toBe(0);

    // Paid, the invoice leaves the open balance at 0 (it asked for the order's amount).
    await harness.sandbox.payInvoice(invoice.id!, { method: 'card' });
    await harness.sandbox.whenWebhooksIdle();
    expect((await orderRecord(placed.orderId)).terms?.state).toBe('paid');
    expect(await openBalanceOf(buyer.uid)).toBe(0);
  });

  it("a paid invoice: the credit goes to the company's balance, its store credit", async () => {
    const buyer = await createUser('retailer');
    await giveTerms(manager, buyer.uid);
    const placed = await termsOrder(buyer, { [JUG]: 2 });
    const invoiceId = (await orderRecord(placed.orderId)).terms!.invoice_id!;
    await harness.sandbox.payInvoice(invoiceId, { method: 'card' });
    await harness.sandbox.whenWebhooksIdle();
    const { claimId, value } = await seedClaim(placed.orderId, { [JUG]: 2 });

    await settle(claimId, { remedy: 'credit_note' });
    const customer = await harness.stripe.customers.retrieve(await stripeCustomerOf(buyer.uid));
    expect(!customer.deleted && customer.balance).toBe(-value);
    const credit = await storeCreditOf(buyer.uid);
    expect(credit.balance).toBe(value);
    expect(credit.entries[`credit-note-${claimId}`]).toMatchObject({
      kind: 'credit_note',
      amount: value,
    });
    const order = await orderRecord(placed.orderId);
    expect(order.amount).toBe(2 * PRICE);
    expect(order.claim_credits).toMatchObject([{ kind: 'credit_note', to: 'balance' }]);
  });
});

describe('settleClaim: exactly once', () => {
  it('three managers settling at once, each their own way: one settlement, one effect', async () => {
    const { claimId, value, companyId, orderId } = await claimOnShippedOrder();
    const results = await Promise.allSettled([
      settle(claimId),
      settle(claimId, { remedy: 'refund' }),
      settle(claimId, { remedy: 'replacement' }),
    ]);
    const settled = results.filter((r) => r.status === 'fulfilled');
    expect(settled).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'fulfilled') continue;
      expect([CLAIM_MESSAGES.alreadySettled, CLAIM_MESSAGES.busy]).toContain(
        (result.reason as Error).message,
      );
    }
    const claim = await claimDoc(claimId);
    expect(claim.status).toBe('settled');
    expect(claim.settling).toBeUndefined();
    // Exactly one effect of the three, the settled one's.
    const customer = await db().doc(paths.stripeCustomer(companyId)).get();
    const credits = customer.exists ? (await balanceTransactions(companyId)).length : 0;
    const refunds = (await orderRecord(orderId)).refunds.length;
    const replacements = (
      await db()
        .doc(paths.order(`${claimId}-replacement`))
        .get()
    ).exists
      ? 1
      : 0;
    expect({ credits, refunds, replacements }).toEqual({
      credits: claim.settlement.remedy === 'store_credit' ? 1 : 0,
      refunds: claim.settlement.remedy === 'refund' ? 1 : 0,
      replacements: claim.settlement.remedy === 'replacement' ? 1 : 0,
    });
    expect((await storeCreditOf(companyId)).balance).toBe(
      claim.settlement.remedy === 'store_credit' ? value : 0,
    );
  });

  it('settling again is refused and writes nothing; the same request again answers the same settlement', async () => {
    const { claimId, companyId } = await claimOnShippedOrder();
    const requestId = randomUUID();
    const first = await settle(claimId, { requestId });
    const after = await claimDoc(claimId);
    const credit = await storeCreditOf(companyId);

    expect(await settle(claimId, { requestId })).toEqual(first);
    const again = await refusal(settle(claimId, { remedy: 'replacement' }));
    expect(again.code).toBe('failed-precondition');
    expect(again.message).toBe(CLAIM_MESSAGES.alreadySettled);

    expect(await claimDoc(claimId)).toEqual(after);
    expect(await storeCreditOf(companyId)).toEqual(credit);
    expect(await balanceTransactions(companyId)).toHaveLength(1);
    expect(
      (
        await db()
          .doc(paths.order(`${claimId}-replacement`))
          .get()
      ).exists,
    ).toBe(false);
  });

  it('a live lock of another settlement refuses a second one as busy; an expired one is taken over', async () => {
    const { claimId } = await claimOnShippedOrder();
    const ref = db().doc(paths.claim(claimId));
    const { Timestamp } = await import('firebase-admin/firestore');
    await ref.update({
      settling: { request_id: randomUUID(), until: Timestamp.fromMillis(Date.now() + 60_000) },
    });
    const busy = await refusal(settle(claimId));
    expect(busy.code).toBe('aborted');
    expect(busy.message).toBe(CLAIM_MESSAGES.busy);
    await ref.update({
      settling: { request_id: randomUUID(), until: Timestamp.fromMillis(Date.now() - 1_000) },
    });
    expect((await settle(claimId)).status).toBe('settled');
  });
});

describe('settleClaim: refusals', () => {
  it('a remedy the order does not allow (a credit note on a card order) is refused, writing nothing', async () => {
    const { claimId } = await claimOnShippedOrder();
    const before = await claimDoc(claimId);
    const error = await refusal(settle(claimId, { remedy: 'credit_note' }));
    expect(error.code).toBe('failed-precondition');
    expect(error.message).toBe(CLAIM_MESSAGES.remedyNotAllowed('credit_note'));
    expect(await claimDoc(claimId)).toEqual(before);
  });

  it('a rejected claim, a missing claim, and a buyer are refused', async () => {
    const { orderId, buyer } = await claimOnShippedOrder();
    const { claimId } = await seedClaim(orderId, { [LIDS]: 1 }, 'rejected');
    expect((await refusal(settle(claimId))).message).toBe(CLAIM_MESSAGES.alreadyRejected);
    const missing = await refusal(settle(`claim-missing-${RUN}`));
    expect(missing.code).toBe('not-found');
    expect(missing.message).toBe(CLAIM_MESSAGES.notFound);
    const open = await seedClaim(orderId, { [LIDS]: 1 });
    const notManager = await refusal(
      settleClaimHandler(
        call(buyer, { claimId: open.claimId, requestId: randomUUID(), remedy: 'store_credit' }),
      ),
    );
    expect(notManager.code).toBe('permission-denied');
    expect((await claimDoc(open.claimId)).status).toBe('new');
  });
});
