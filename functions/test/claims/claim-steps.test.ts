/**
 * The steps of a reported claim (docs/order-lifecycle.md#claims): a manager asks the buyer a
 * question (awaiting buyer), the buyer answers (new again), a manager rejects it with a reason
 * (rejected, final). Each step is on the timeline and mailed to the other side; a step the
 * claim's state or the caller does not allow answers in the domain's words and writes nothing.
 */
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_MESSAGES, mailKeys, paths } from '@portal/domain';
import {
  answerClaimHandler,
  askClaimQuestionHandler,
  rejectClaimHandler,
} from '../../src/handlers/claim-steps';
import { reportClaimHandler } from '../../src/handlers/report-claim';
import { firestore } from '../../src/lib/admin';
import { mailDoc } from '../mail/support';
import { createMember, createUser, startPaymentsHarness, type TestUser } from '../payments/support';
import { describeOutcome, settle } from '../support/call-outcome';
import { databaseState, stateChanges } from '../support/database-state';
import { claimOf, copyOrder, deliveredOrder, newClaimId } from './support';

let harness: Awaited<ReturnType<typeof startPaymentsHarness>>;
let manager: TestUser;
let owner: TestUser;
let buyer: TestUser;
let viewer: TestUser;
let stranger: TestUser;
let delivered: string;
const MANGO = 'mango-tango';
const IP = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;

beforeAll(async () => {
  harness = await startPaymentsHarness();
  [manager, owner, stranger] = await Promise.all([
    createUser('manager'),
    createUser('retailer'),
    createUser('retailer'),
  ]);
  [buyer, viewer] = await Promise.all([
    createMember(owner.uid, 'buyer'),
    createMember(owner.uid, 'viewer'),
  ]);
  delivered = await deliveredOrder(harness, owner, manager, { [MANGO]: 3 });
}, 120_000);

afterAll(async () => {
  await harness?.stop();
});

const as = (user: TestUser, data: Record<string, unknown>) => ({
  ...user.request(data),
  rawRequest: { ip: IP },
});
const ask = (user: TestUser, claimId: string, text: string) =>
  settle(askClaimQuestionHandler(as(user, { claimId, text })));
const answer = (user: TestUser, claimId: string, text: string) =>
  settle(answerClaimHandler(as(user, { claimId, text })));
const reject = (user: TestUser, claimId: string, reason: string) =>
  settle(rejectClaimHandler(as(user, { claimId, reason })));

/** A new claim of 2 damaged jugs, reported by the owner on an order of its own. */
async function reported(): Promise<string> {
  const orderId = await copyOrder(delivered);
  const claimId = newClaimId();
  await reportClaimHandler(
    as(owner, {
      claimId,
      orderId,
      kind: 'damaged',
      lines: [{ productId: MANGO, quantity: 2 }],
      note: 'Cracked',
    }),
  );
  return claimId;
}

async function expectRefused(call: () => Promise<unknown>, expected: string) {
  const before = await databaseState();
  expect(describeOutcome(await settle(call()))).toBe(expected);
  expect(
    stateChanges(before, await databaseState()).filter((c) => !c.includes(' rate_limits/')),
  ).toEqual([]);
}

const resolved = (claimId: string, status: string) =>
  `resolved ${JSON.stringify({ claimId, status })}`;

// Each refusal reads the whole shared database twice to prove nothing changed: slow under load.
const REFUSALS = { timeout: 60_000 };

describe('askClaimQuestion and answerClaim', REFUSALS, () => {
  it('moves new -> awaiting buyer -> new, each step on the timeline and mailed to the other side', async () => {
    const claimId = await reported();

    expect(describeOutcome(await ask(manager, claimId, 'Was the outer box wet?'))).toBe(
      resolved(claimId, 'awaiting_buyer'),
    );
    let claim = await claimOf(claimId);
    expect(claim?.status).toBe('awaiting_buyer');
    expect(claim?.timeline.map((event) => [event.kind, event.by_role, event.text])).toEqual([
      ['reported', 'buyer', 'Cracked'],
      ['question', 'manager', 'Was the outer box wet?'],
    ]);
    expect(claim?.timeline[1]).toMatchObject({ by: manager.uid, by_name: 'Test manager' });
    const question = await mailDoc(mailKeys.claimQuestion(claimId, 1));
    expect(question?.to).toEqual([owner.email]);
    expect(question?.message.text).toContain('Was the outer box wet?');

    // A buyer of the company (not the reporter) answers.
    expect(describeOutcome(await answer(buyer, claimId, 'Yes, soaked through.'))).toBe(
      resolved(claimId, 'new'),
    );
    claim = await claimOf(claimId);
    expect(claim?.status).toBe('new');
    expect(claim?.timeline.at(-1)).toMatchObject({
      kind: 'answer',
      by: buyer.uid,
      by_role: 'buyer',
      text: 'Yes, soaked through.',
    });
    const answered = await mailDoc(mailKeys.claimAnswered(claimId, 1, manager.uid));
    expect(answered?.to).toEqual([manager.email]);
    expect(answered?.message.text).toContain('Yes, soaked through.');

    // A second round: its own mails.
    expect(describeOutcome(await ask(manager, claimId, 'A photo of the label?'))).toBe(
      resolved(claimId, 'awaiting_buyer'),
    );
    expect(await mailDoc(mailKeys.claimQuestion(claimId, 2))).not.toBeNull();
    expect(describeOutcome(await answer(owner, claimId, 'Attached to the next claim.'))).toBe(
      resolved(claimId, 'new'),
    );
    expect(await mailDoc(mailKeys.claimAnswered(claimId, 2, manager.uid))).not.toBeNull();
    expect((await claimOf(claimId))?.timeline).toHaveLength(5);
  });

  it('refuses an answer when no question waits, writing nothing', async () => {
    const claimId = await reported();
    await expectRefused(
      () => answerClaimHandler(as(owner, { claimId, text: 'Hello?' })),
      `failed-precondition: ${CLAIM_MESSAGES.notAwaiting}`,
    );
  });

  it("refuses a viewer's answer, another company's, and a buyer asking", async () => {
    const claimId = await reported();
    await ask(manager, claimId, 'Which jugs?');
    await expectRefused(
      () => answerClaimHandler(as(viewer, { claimId, text: 'The mango ones.' })),
      `permission-denied: ${CLAIM_MESSAGES.viewer}`,
    );
    await expectRefused(
      () => answerClaimHandler(as(stranger, { claimId, text: 'The mango ones.' })),
      `not-found: ${CLAIM_MESSAGES.notFound}`,
    );
    await expectRefused(
      () => askClaimQuestionHandler(as(owner, { claimId, text: 'Any news?' })),
      'permission-denied: Only managers can do this.',
    );
    await expectRefused(
      () => answerClaimHandler(as(manager, { claimId, text: 'The mango ones.' })),
      'permission-denied: Your account is not approved for ordering.',
    );
  });

  it('refuses a claim that does not exist', async () => {
    await expectRefused(
      () => askClaimQuestionHandler(as(manager, { claimId: newClaimId(), text: 'Which?' })),
      `not-found: ${CLAIM_MESSAGES.notFound}`,
    );
  });
});

describe('rejectClaim', REFUSALS, () => {
  it('rejects with the reason, mails the reporter, then refuses answering, asking and rejecting again', async () => {
    const claimId = await reported();
    await ask(manager, claimId, 'A photo, please?');

    expect(describeOutcome(await reject(manager, claimId, 'No photo of the damage.'))).toBe(
      resolved(claimId, 'rejected'),
    );
    const claim = await claimOf(claimId);
    expect(claim).toMatchObject({
      status: 'rejected',
      rejection_reason: 'No photo of the damage.',
    });
    expect(claim?.timeline.at(-1)).toMatchObject({
      kind: 'rejected',
      by: manager.uid,
      by_role: 'manager',
      text: 'No photo of the damage.',
    });
    const mail = await mailDoc(mailKeys.claimRejected(claimId));
    expect(mail?.to).toEqual([owner.email]);
    expect(mail?.message.text).toContain('No photo of the damage.');

    await expectRefused(
      () => answerClaimHandler(as(owner, { claimId, text: 'Here it is.' })),
      `failed-precondition: ${CLAIM_MESSAGES.alreadyRejected}`,
    );
    await expectRefused(
      () => rejectClaimHandler(as(manager, { claimId, reason: 'Again.' })),
      `failed-precondition: ${CLAIM_MESSAGES.alreadyRejected}`,
    );
    await expectRefused(
      () => askClaimQuestionHandler(as(manager, { claimId, text: 'Still there?' })),
      `failed-precondition: ${CLAIM_MESSAGES.alreadyRejected}`,
    );
  });

  it('refuses a settled claim, and one being settled by another manager', async () => {
    const settled = await reported();
    const now = Timestamp.now();
    await firestore()
      .doc(paths.claim(settled))
      .update({
        status: 'settled',
        settlement: { remedy: 'store_credit', amount: 100, at: now, by: manager.uid },
      });
    await expectRefused(
      () => rejectClaimHandler(as(manager, { claimId: settled, reason: 'Late.' })),
      `failed-precondition: ${CLAIM_MESSAGES.alreadySettled}`,
    );
    await expectRefused(
      () => answerClaimHandler(as(owner, { claimId: settled, text: 'Thanks.' })),
      `failed-precondition: ${CLAIM_MESSAGES.alreadySettled}`,
    );

    const settling = await reported();
    await firestore()
      .doc(paths.claim(settling))
      .update({
        settling: {
          request_id: '0b7e3c1d-5a2f-4e8b-9d61-3c4a5b6c7d8e',
          until: Timestamp.fromMillis(Date.now() + 60_000),
        },
      });
    await expectRefused(
      () => rejectClaimHandler(as(manager, { claimId: settling, reason: 'No.' })),
      `failed-precondition: ${CLAIM_MESSAGES.busy}`,
    );
  });

  it('lets the rejected units be claimed again', async () => {
    const claimId = await reported();
    const orderId = (await claimOf(claimId))!.order_id;
    await reject(manager, claimId, 'Wrong lines chosen.');
    const again = newClaimId();
    const outcome = await settle(
      reportClaimHandler(
        as(owner, {
          claimId: again,
          orderId,
          kind: 'damaged',
          lines: [{ productId: MANGO, quantity: 3 }],
        }),
      ),
    );
    expect(describeOutcome(outcome)).toBe(resolved(again, 'new'));
  });
});
