import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Timestamp } from 'firebase-admin/firestore';
import { COLLECTIONS, PENDING_NEWSLETTER_TTL_MS, RATE_LIMITS } from '@portal/domain';
import {
  confirmNewsletterHandler,
  subscribeNewsletterHandler,
  unsubscribeNewsletterHandler,
} from '../../src/handlers/newsletter';
import { firestore } from '../../src/lib/admin';
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
