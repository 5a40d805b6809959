import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Timestamp } from 'firebase-admin/firestore';
import { COLLECTIONS, PENDING_NEWSLETTER_TTL_MS, RATE_LIMITS } from '@portal/domain';
import {
  confirmNewsletterHandler,
  subscribeNewsletterHandler,
  unsubscribeNewsletterHandler,
} from '../../src/handlers/newsletter';
import { firestore } from '../../src/lib/admin';
import { ANONYMOUS_ANSWER_MS } from '../../src/lib/fixed-time';
import { log } from '../../src/lib/log';
import { deliverMail } from '../../src/mail/outbox';
import { subscriberId } from '../../src/newsletter/subscriptions';
import { linkIn } from '../../../scripts/lib/maildev';
import { mailDoc, mailKeysStartingWith, startTestMailDev, testSender } from './support';

let maildev: Awaited<ReturnType<typeof startTestMailDev>>;
let ipCounter = 0;
const freshIp = () => `10.9.${Math.floor(Math.random() * 250)}.${++ipCounter}`;
const call = (data: unknown, ip = freshIp()) => ({ data, rawRequest: { ip } });

beforeAll(async () => {
  for (const level of ['info', 'warn', 'error'] as const) {
    vi.spyOn(log, level).mockImplementation(() => undefined);
  }
  maildev = await startTestMailDev();
});
afterAll(async () => {
  await maildev?.stop();
});

async function subscriber(email: string) {
  return (
    await firestore().collection(COLLECTIONS.newsletterSubscribers).doc(subscriberId(email)).get()
  ).data();
}

describe('newsletter double opt-in', () => {
  it('subscribing sends a confirmation mail; confirming counts the address; the unsubscribe link works signed out', async () => {
    const email = `fan-${Date.now()}@news.test`;
    expect(await subscribeNewsletterHandler(call({ email }))).toEqual({ accepted: true });
    expect(await subscriber(email)).toMatchObject({ email, state: 'pending' });

    const [key] = await mailKeysStartingWith(`newsletter-confirm.${subscriberId(email)}.`);
    expect(await deliverMail(testSender(maildev.ports.smtp), key!)).toBe('sent');
    const mail = await maildev.client.waitFor(email);
    expect(mail.subject).toBe('Confirm your subscription');
    const confirm = new URL(
      linkIn(mail.text, `${process.env.WEB_ORIGIN}/newsletter/confirm?token=`),
    );
    const unsubscribe = new URL(
      linkIn(mail.text, `${process.env.WEB_ORIGIN}/newsletter/unsubscribe?token=`),
    );

    const token = confirm.searchParams.get('token')!;
    expect(await confirmNewsletterHandler(call({ token }))).toEqual({ state: 'confirmed' });
    expect(await subscriber(email)).toMatchObject({ state: 'confirmed' });
    // Subscribing a confirmed address again sends nothing.
    await subscribeNewsletterHandler(call({ email }));
    expect(await mailKeysStartingWith(`newsletter-confirm.${subscriberId(email)}.`)).toHaveLength(
      1,
    );

    expect(
      await unsubscribeNewsletterHandler(call({ token: unsubscribe.searchParams.get('token') })),
    ).toEqual({ state: 'unsubscribed' });
    expect(await subscriber(email)).toMatchObject({ state: 'unsubscribed' });
    // An old confirm link does not subscribe again.
    expect(await confirmNewsletterHandler(call({ token }))).toEqual({ state: 'unsubscribed' });
  });

  it('a sign-up nobody confirms expires (TTL field on the subscriber and its mail); confirming keeps it', async () => {
    const email = `expiring-${Date.now()}@news.test`;
    const before = Date.now();
    await subscribeNewsletterHandler(call({ email }));
    const pending = await subscriber(email);
    const expires = (pending?.expires_at as Timestamp).toMillis();
    expect(expires).toBeGreaterThanOrEqual(before + PENDING_NEWSLETTER_TTL_MS);
    expect(expires).toBeLessThanOrEqual(Date.now() + PENDING_NEWSLETTER_TTL_MS);
    const [key] = await mailKeysStartingWith(`newsletter-confirm.${subscriberId(email)}.`);
    expect((await mailDoc(key!)) as unknown).toHaveProperty('expires_at');

    await confirmNewsletterHandler(call({ token: pending?.token }));
    expect(await subscriber(email)).not.toHaveProperty('expires_at');
  });

  it('keeps one document per normalized address however it is typed', async () => {
    const base = `Repeat-${Date.now()}@News.Test`;
    for (const typed of [base, base.toLowerCase(), `  ${base.toUpperCase()}  `]) {
      await subscribeNewsletterHandler(call({ email: typed }));
    }
    const docs = await firestore()
      .collection(COLLECTIONS.newsletterSubscribers)
      .where('email', '==', base.toLowerCase())
      .get();
    expect(docs.size).toBe(1);
    // An address typed over and over gets a few mails, not one per click.
    for (let i = 0; i < 3; i++) await subscribeNewsletterHandler(call({ email: base }));
    expect(await mailKeysStartingWith(`newsletter-confirm.${subscriberId(base)}.`)).toHaveLength(
      RATE_LIMITS.newsletterPerEmail.max,
    );
  });

  it('limits mails per inbox however the address is spelled, keeping the address as typed', async () => {
    const run = Date.now();
    const spellings = [
      `Fan${run}+1@gmail.com`,
      `fan${run}+2@gmail.com`,
      `f.a.n${run}@gmail.com`,
      `fan${run}+x@googlemail.com`,
      `fan${run}+3@gmail.com`,
    ];
    for (const email of spellings) await subscribeNewsletterHandler(call({ email }));
    let mails = 0;
    for (const email of spellings) {
      mails += (await mailKeysStartingWith(`newsletter-confirm.${subscriberId(email)}.`)).length;
    }
    expect(mails).toBe(RATE_LIMITS.newsletterPerEmail.max);
    // The first spellings got their mails, each to the address as it was typed.
    expect(await subscriber(spellings[0]!)).toMatchObject({ email: spellings[0]!.toLowerCase() });
    const [key] = await mailKeysStartingWith(`newsletter-confirm.${subscriberId(spellings[0]!)}.`);
    expect((await firestore().collection(COLLECTIONS.mail).doc(key!).get()).get('to')).toEqual([
      spellings[0]!.toLowerCase(),
    ]);
  });

  it('answers a confirmed and a new address the same, after the same time', async () => {
    const confirmed = `steady-${Date.now()}@news.test`;
    await subscribeNewsletterHandler(call({ email: confirmed }));
    await firestore()
      .collection(COLLECTIONS.newsletterSubscribers)
      .doc(subscriberId(confirmed))
      .update({ state: 'confirmed' });
    const ms = { confirmed: [] as number[], fresh: [] as number[] };
    for (let i = 0; i < 3; i++) {
      for (const which of ['confirmed', 'fresh'] as const) {
        const email = which === 'confirmed' ? confirmed : `new-${i}-${Date.now()}@news.test`;
        const started = performance.now();
        expect(await subscribeNewsletterHandler(call({ email }))).toEqual({ accepted: true });
        ms[which].push(performance.now() - started);
      }
    }
    // Each kind's fastest answer: a busy machine only ever adds time to a call (the other suites
    // run beside this one), so the fastest of three is the one nearest the handler's own time,
    // where a median took a stall of the machine for a difference. A confirmed address answered
    // sooner would still show here, and the floor below holds every call to the fixed time.
    expect(Math.abs(Math.min(...ms.confirmed) - Math.min(...ms.fresh))).toBeLessThan(15);
    expect(Math.min(...ms.confirmed, ...ms.fresh)).toBeGreaterThanOrEqual(ANONYMOUS_ANSWER_MS - 2);
  });

  it('limits sign-ups per IP with a clear message', async () => {
    const ip = freshIp();
    for (let i = 0; i < RATE_LIMITS.newsletterPerIp.max; i++) {
      await subscribeNewsletterHandler(call({ email: `burst${i}-${Date.now()}@news.test` }, ip));
    }
    const last = `burst-last-${Date.now()}@news.test`;
    await expect(subscribeNewsletterHandler(call({ email: last }, ip))).rejects.toMatchObject({
      code: 'resource-exhausted',
      message: 'Too many sign-ups from here. Please try again later.',
    });
    expect(await subscriber(last)).toBeUndefined();
  });

  it.each([
    ['an unknown token', { token: 'x'.repeat(43) }, 'not-found'],
    ['a short token', { token: 'abc' }, 'invalid-argument'],
    ['a token with a slash', { token: `${'a'.repeat(40)}/b` }, 'invalid-argument'],
    ['no token', {}, 'invalid-argument'],
  ])('refuses %s', async (_, data, code) => {
    await expect(confirmNewsletterHandler(call(data))).rejects.toMatchObject({ code });
    await expect(unsubscribeNewsletterHandler(call(data))).rejects.toMatchObject({ code });
  });

  it.each([[{ email: 'nope' }], [{ email: ['a@b.test'] }], [{}], [{ email: 'a@b.test', x: 1 }]])(
    'refuses bad sign-up input %j and writes nothing',
    async (data) => {
      await expect(subscribeNewsletterHandler(call(data))).rejects.toMatchObject({
        code: 'invalid-argument',
      });
    },
  );
});
