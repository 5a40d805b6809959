import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { paths } from '@portal/domain';
import { adminAuth, firestore } from '../../src/lib/admin';
import { createContext } from '../../src/lib/context';
import { passwordResetMail } from '../../src/mail/notifications';
import { footerContactLine, renderMail } from '../../src/mail/templates/layout';
import * as messages from '../../src/mail/templates/messages';

/** The visible text of the HTML part (tags stripped, entities kept). */
const visible = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const ctx = { portalUrl: 'https://portal.example.com', contact: 'hello@brand.example' };
const content = messages.passwordReset({ resetUrl: 'https://portal.example.com/auth/action' });

describe("the mail footer's support contact", () => {
  it('names the support email and phone a manager set, in both parts', async () => {
    const mail = await renderMail(content, {
      ...ctx,
      supportContact: { phone: '+1 (562) 555-0147', email: 'help@shop.example' },
    });
    const line = 'Questions? Write to help@shop.example or call +1 (562) 555-0147.';
    expect(mail.text).toContain(line);
    expect(visible(mail.html)).toContain(line);
    expect(mail.text).not.toContain('hello@brand.example');
  });

  it('leaves out what is not set: no empty "call" and the configured address', () => {
    expect(footerContactLine({ ...ctx, supportContact: { phone: '', email: '' } })).toBe(
      'Questions? Write to hello@brand.example.',
    );
    expect(
      footerContactLine({ ...ctx, supportContact: { phone: '562-555-0147', email: '' } }),
    ).toBe('Questions? Write to hello@brand.example or call 562-555-0147.');
    expect(footerContactLine(ctx)).toBe('Questions? Write to hello@brand.example.');
  });
});

describe('queued mails read the support contact from site_settings/support', () => {
  const db = firestore();
  const uids: string[] = [];
  afterAll(async () => {
    await db.doc(paths.supportSettings()).delete();
    await Promise.all(
      uids.map((uid) =>
        adminAuth()
          .deleteUser(uid)
          .catch(() => undefined),
      ),
    );
  });

  it('carries the phone set in the dashboard, and stops when it is cleared', async () => {
    const email = `footer-${randomUUID().slice(0, 8)}@mail.test`;
    const user = await adminAuth().createUser({ email, password: 'footer-test-1' });
    uids.push(user.uid);
    await db.doc(paths.supportSettings()).set({
      phone: '+1 (562) 555-0147',
      email: 'help@shop.example',
      updated_at: new Date(),
    });
    const withPhone = await passwordResetMail(createContext(), { uid: user.uid, email }, 'r1');
    expect(withPhone.mail.message.text).toContain(
      'Questions? Write to help@shop.example or call +1 (562) 555-0147.',
    );
    expect(visible(withPhone.mail.message.html)).toContain('call +1 (562) 555-0147');

    await db.doc(paths.supportSettings()).set({ phone: '', email: '', updated_at: new Date() });
    const without = await passwordResetMail(createContext(), { uid: user.uid, email }, 'r2');
    expect(without.mail.message.text).not.toContain('call');
    expect(without.mail.message.text).toMatch(/Questions\? Write to \S+@\S+\./);
  });
});
