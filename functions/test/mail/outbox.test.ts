import { FieldValue } from 'firebase-admin/firestore';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { COLLECTIONS, MAIL_MAX_ATTEMPTS } from '@portal/domain';
import { firestore } from '../../src/lib/admin';
import { log } from '../../src/lib/log';
import {
  deliverMail,
  mailRef,
  queueMails,
  stageMails,
  sweepOutbox,
  type QueuedMail,
} from '../../src/mail/outbox';
import { freePort } from '../../../scripts/lib/ports';
import { clearOutbox, later, mailDoc, startTestMailDev, testSender } from './support';
import { documentReads, projectDb, resetUsage } from '../insights/rollup-support';

let maildev: Awaited<ReturnType<typeof startTestMailDev>>;

beforeAll(async () => {
  for (const level of ['info', 'warn', 'error'] as const) {
    vi.spyOn(log, level).mockImplementation(() => undefined);
  }
  maildev = await startTestMailDev();
  await clearOutbox();
});
afterAll(async () => {
  await maildev?.stop();
});

function message(to: string, subject = 'Hello from the outbox'): QueuedMail {
  return {
    key: `test.${randomUUID()}`,
    kind: 'test',
    mail: { to: [to], message: { subject, text: 'Plain text body', html: '<p>HTML body</p>' } },
  };
}

const address = () => `${randomUUID().slice(0, 8)}@outbox.test`;

describe('outbox: queueing', () => {
  it('queues the extension shape (to, message, delivery PENDING) under the event key, once', async () => {
    const queued = message(address());
    expect(await queueMails(firestore(), [queued])).toBe(1);
    expect(await queueMails(firestore(), [queued])).toBe(0);
    const doc = await mailDoc(queued.key);
    expect(doc).toMatchObject({
      to: queued.mail.to,
      message: queued.mail.message,
      delivery: { state: 'PENDING', attempts: 0, error: null },
    });
    expect(doc?.retry_at).toBeDefined();
  });

  it('stages mail inside a transaction with the change, and leaves an existing key alone', async () => {
    const db = firestore();
    const first = message(address(), 'First version');
    await queueMails(db, [first]);
    const marker = db.collection('outbox_test').doc(randomUUID());
    await db.runTransaction(async (tx) => {
      const write = await stageMails(tx, db, [
        {
          ...first,
          mail: { ...first.mail, message: { ...first.mail.message, subject: 'Second' } },
        },
        message(address(), 'Brand new'),
      ]);
      tx.set(marker, { changed: true });
      write();
    });
    expect((await mailDoc(first.key))?.message.subject).toBe('First version');
    expect((await marker.get()).exists).toBe(true);
  });

  it('stages fresh keys (state the transaction creates) without reading them', async () => {
    // A project of its own: its read counters count this test only.
    const project = 'outbox-fresh';
    const db = projectDb(project);
    const marker = db.collection('outbox_test').doc(randomUUID());
    const queued = [message(address()), message(address())];
    await resetUsage(project);
    await db.runTransaction(async (tx) => {
      const write = await stageMails(tx, db, queued, { fresh: true });
      tx.create(marker, { made: true });
      write();
    });
    expect(await documentReads(project)).toBe(0);
    for (const { key } of queued) expect((await mailRef(db, key).get()).exists).toBe(true);
    // A key that exists all the same fails the change rather than mail twice.
    const again = db.collection('outbox_test').doc(randomUUID());
    await expect(
      db.runTransaction(async (tx) => {
        const write = await stageMails(tx, db, [queued[0]!], { fresh: true });
        tx.create(again, { made: true });
        write();
      }),
    ).rejects.toThrow();
    expect((await again.get()).exists).toBe(false);
  });

  it('refuses a message with a header injection before anything is written', async () => {
    const db = firestore();
    const bad = message('victim@outbox.test\r\nBcc: evil@outbox.test');
    const marker = db.collection('outbox_test').doc(randomUUID());
    await expect(
      db.runTransaction(async (tx) => {
        const write = await stageMails(tx, db, [bad]);
        tx.set(marker, { changed: true });
        write();
      }),
    ).rejects.toThrow();
    expect(await mailDoc(bad.key)).toBeNull();
    expect((await marker.get()).exists).toBe(false);
  });
});

describe('outbox: delivery', () => {
  it('sends once: SUCCESS with the server answer; a second delivery sends nothing', async () => {
    const to = address();
    const queued = message(to);
    await queueMails(firestore(), [queued]);
    const sender = testSender(maildev.ports.smtp);
    expect(await deliverMail(sender, queued.key)).toBe('sent');
    expect(await deliverMail(sender, queued.key)).toBe('skipped');
    const doc = await mailDoc(queued.key);
    expect(doc?.delivery).toMatchObject({ state: 'SUCCESS', attempts: 1, error: null });
    expect(doc?.delivery.info?.accepted).toEqual([to]);
    expect(doc?.retry_at).toBeUndefined();
    const caught = await maildev.client.waitFor(to);
    expect(caught.subject).toBe('Hello from the outbox');
    expect(caught.text.trim()).toBe('Plain text body');
    expect(await maildev.client.to(to)).toHaveLength(1);
  });

  it('five senders racing for one message send it once (the lease)', async () => {
    const to = address();
    const queued = message(to);
    await queueMails(firestore(), [queued]);
    const sender = testSender(maildev.ports.smtp);
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () => deliverMail(sender, queued.key)),
    );
    expect(outcomes.filter((o) => o === 'sent')).toHaveLength(1);
    await maildev.client.waitFor(to);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await maildev.client.to(to)).toHaveLength(1);
  });

  it('the trigger takes the lease on the message its event carries, reading nothing', async () => {
    const project = 'outbox-created';
    const db = projectDb(project);
    const to = address();
    const queued = message(to);
    await queueMails(db, [queued]);
    const snap = await mailRef(db, queued.key).get();
    const created = { data: snap.data()!, updateTime: snap.updateTime! };
    const sender = { ...testSender(maildev.ports.smtp), db };
    await resetUsage(project);
    expect(await deliverMail(sender, queued.key, created)).toBe('sent');
    expect(await documentReads(project)).toBe(0);
    expect((await mailRef(db, queued.key).get()).get('delivery')).toMatchObject({
      state: 'SUCCESS',
      attempts: 1,
    });
    await maildev.client.waitFor(to);
    // The same event delivered again: the message changed since, so it is read, and left alone.
    expect(await deliverMail(sender, queued.key, created)).toBe('skipped');
    expect(await maildev.client.to(to)).toHaveLength(1);
  });

  it('a message the sweep took after its creation is not taken again by its trigger', async () => {
    const db = firestore();
    const to = address();
    const queued = message(to);
    await queueMails(db, [queued]);
    const snap = await mailRef(db, queued.key).get();
    const sender = testSender(maildev.ports.smtp);
    // The sweep holds it (a lease of its own, still running).
    await mailRef(db, queued.key).update({
      delivery: {
        state: 'PROCESSING',
        attempts: 1,
        error: null,
        leaseExpireTime: later(60_000),
      },
    });
    expect(
      await deliverMail(sender, queued.key, { data: snap.data()!, updateTime: snap.updateTime! }),
    ).toBe('skipped');
    expect((await mailDoc(queued.key))?.delivery).toMatchObject({
      state: 'PROCESSING',
      attempts: 1,
    });
    expect(await maildev.client.to(to)).toHaveLength(0);
  });

  it('backs off while the server is down, then gives up after the last attempt (ERROR)', async () => {
    const queued = message(address());
    await queueMails(firestore(), [queued]);
    const clock = { now: Date.now() };
    const sender = testSender(await freePort(), clock);
    const waits: number[] = [];
    for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
      const outcome = await deliverMail(sender, queued.key);
      const doc = await mailDoc(queued.key);
      expect(doc?.delivery.attempts).toBe(attempt);
      expect(doc?.delivery.error).toMatch(/ECONNREFUSED|connect/i);
      if (attempt < MAIL_MAX_ATTEMPTS) {
        expect(outcome).toBe('retry');
        expect(doc?.delivery.state).toBe('RETRY');
        const wait = doc!.retry_at!.toMillis() - clock.now;
        waits.push(wait);
        // Not due yet: nothing is tried.
        expect(await deliverMail(sender, queued.key)).toBe('skipped');
        clock.now += wait;
      } else {
        expect(outcome).toBe('failed');
        expect(doc?.delivery.state).toBe('ERROR');
        expect(doc?.retry_at).toBeUndefined();
      }
    }
    expect(waits).toEqual([1000, 2000, 3000, 4000, 5000]);
    expect(MAIL_MAX_ATTEMPTS).toBeGreaterThanOrEqual(5);
  });

  it('a stored message that is not valid is marked ERROR and never sent', async () => {
    const key = `test.${randomUUID()}`;
    await mailRef(firestore(), key).set({
      to: ['victim@outbox.test\nBcc: evil@outbox.test'],
      message: { subject: 'x', text: 'x', html: 'x' },
      delivery: { state: 'PENDING', attempts: 0, error: null },
    });
    expect(await deliverMail(testSender(maildev.ports.smtp), key)).toBe('failed');
    expect((await mailDoc(key))?.delivery).toMatchObject({ state: 'ERROR' });
    expect((await mailDoc(key))?.delivery.error).toMatch(/Not a valid message: to/);
    expect(await maildev.client.to('evil@outbox.test')).toHaveLength(0);
  });

  it('the sweep delivers what is due: a retry, a message whose trigger never ran, an expired lease', async () => {
    const db = firestore();
    const clock = { now: Date.now() };
    const sender = testSender(maildev.ports.smtp, clock);
    const [retry, orphan, stale] = [message(address()), message(address()), message(address())];
    await queueMails(db, [retry, orphan, stale], { now: clock.now, graceMs: 500 });
    await mailRef(db, retry.key).update({
      delivery: { state: 'RETRY', attempts: 1, error: 'earlier failure' },
    });
    await mailRef(db, stale.key).update({
      delivery: {
        state: 'PROCESSING',
        attempts: 1,
        error: null,
        leaseExpireTime: FieldValue.serverTimestamp(),
      },
    });
    clock.now += 1_000;
    const counts = await sweepOutbox(sender, 500);
    expect(counts.sent).toBeGreaterThanOrEqual(3);
    for (const queued of [retry, orphan, stale]) {
      expect((await mailDoc(queued.key))?.delivery.state).toBe('SUCCESS');
      await maildev.client.waitFor(queued.mail.to[0]!);
    }
    expect((await mailDoc(retry.key))?.delivery.attempts).toBe(2);
  });

  it('a sent message leaves the sweep alone', async () => {
    const queued = message(address());
    await queueMails(firestore(), [queued]);
    const sender = testSender(maildev.ports.smtp);
    await deliverMail(sender, queued.key);
    const due = await firestore()
      .collection(COLLECTIONS.mail)
      .where('retry_at', '<=', new Date(Date.now() + 10 * 86_400_000))
      .get();
    expect(due.docs.map((doc) => doc.id)).not.toContain(queued.key);
  });
});
