import { describe, expect, it } from 'vitest';
import {
  headerSafe,
  mailboxOf,
  MAIL_MAX_ATTEMPTS,
  MAIL_RETRY_DELAYS_MS,
  mailKeys,
  nextMailDelay,
  normalizeEmail,
  outgoingMailSchema,
  parseRetryDelays,
} from './mail';

const mail = (to: string[], subject = 'Hello') => ({
  to,
  message: { subject, text: 'Hi', html: '<p>Hi</p>' },
});

describe('outgoingMailSchema', () => {
  it('accepts plain addresses and a one-line subject', () => {
    expect(outgoingMailSchema.safeParse(mail(['a@b.co', 'c@d.co'])).success).toBe(true);
  });

  it.each([
    ['a line break in an address', ['a@b.co\r\nBcc: evil@x.co']],
    ['a list in one address', ['a@b.co, evil@x.co']],
    ['a display name', ['Evil <evil@x.co>']],
    ['no recipient', []],
    ['51 recipients', Array.from({ length: 51 }, (_, i) => `u${i}@b.co`)],
  ])('refuses %s', (_, to) => {
    expect(outgoingMailSchema.safeParse(mail(to)).success).toBe(false);
  });

  it('refuses a subject that would start a header', () => {
    expect(outgoingMailSchema.safeParse(mail(['a@b.co'], 'Hi\r\nBcc: evil@x.co')).success).toBe(
      false,
    );
    expect(outgoingMailSchema.safeParse(mail(['a@b.co'], 'Hi\nthere')).success).toBe(false);
  });
});

describe('headerSafe', () => {
  it('flattens line breaks and control characters into one line', () => {
    expect(headerSafe('Shop\r\nBcc: evil@x.co\u0000 ')).toBe('Shop Bcc: evil@x.co');
    expect(headerSafe('a\u2028b')).toBe('a b');
  });

  it('drops the bidirectional overrides, isolates and marks and the C1 controls', () => {
    expect(headerSafe('Shop \u202egnp.exe\u202c')).toBe('Shop gnp.exe');
    expect(headerSafe('\u2066a\u2069\u200f\u061c\u0085b')).toBe('a b');
  });

  it('cuts to the limit', () => {
    expect(headerSafe('x'.repeat(500), 10)).toHaveLength(10);
  });
});

describe('retry schedule', () => {
  it('waits after each failed attempt and gives up after the last', () => {
    expect(nextMailDelay(1)).toBe(MAIL_RETRY_DELAYS_MS[0]);
    expect(nextMailDelay(5)).toBe(MAIL_RETRY_DELAYS_MS[4]);
    expect(nextMailDelay(MAIL_MAX_ATTEMPTS)).toBeNull();
    expect(nextMailDelay(0)).toBeNull();
    expect(MAIL_MAX_ATTEMPTS).toBeGreaterThanOrEqual(5);
  });

  it('backs off: every wait is longer than the one before', () => {
    for (let i = 1; i < MAIL_RETRY_DELAYS_MS.length; i++) {
      expect(MAIL_RETRY_DELAYS_MS[i]).toBeGreaterThan(MAIL_RETRY_DELAYS_MS[i - 1]!);
    }
  });

  it('reads MAIL_RETRY_DELAYS_MS, falling back to the default when it is malformed', () => {
    expect(parseRetryDelays('10,20,30,40,50')).toEqual([10, 20, 30, 40, 50]);
    expect(parseRetryDelays(undefined)).toBe(MAIL_RETRY_DELAYS_MS);
    expect(parseRetryDelays('10,x,30,40,50')).toBe(MAIL_RETRY_DELAYS_MS);
    expect(parseRetryDelays('10,20')).toBe(MAIL_RETRY_DELAYS_MS);
    expect(parseRetryDelays('-1,20,30,40,50')).toBe(MAIL_RETRY_DELAYS_MS);
  });
});

describe('mail keys', () => {
  it('are document ids (no slash) and differ per event', () => {
    expect(mailKeys.orderConfirmation('a/b')).toBe('order-confirmation.a_b');
    expect(mailKeys.newOrder('o1', 'm1')).not.toBe(mailKeys.newOrder('o1', 'm2'));
    expect(mailKeys.orderRefunded('o1', 're_1')).not.toBe(mailKeys.orderRefunded('o1', 're_2'));
  });

  it('name each shipment of an order; the first keeps the key of an order shipped whole', () => {
    expect(mailKeys.quoteSent('q/1')).toBe('quote-sent.q_1');
    expect(mailKeys.quotePaymentLink('q1')).not.toBe(mailKeys.quoteSent('q1'));
    expect(mailKeys.quoteDeclined('q1', 'm1')).not.toBe(mailKeys.quoteDeclined('q1', 'm2'));
    expect(mailKeys.orderShipped('o1')).toBe('order-shipped.o1');
    expect(mailKeys.orderShipped('o1', 1)).toBe('order-shipped.o1');
    expect(mailKeys.orderShipped('o1', 2)).toBe('order-shipped.o1.shipment-2');
  });

  it('names a standing order and its write in a repricing, apart from the other changes of that write', () => {
    expect(mailKeys.standingOrderRepriced('so/1', '1767225600000')).toBe(
      'standing-order-repriced.so_1.1767225600000',
    );
    expect(mailKeys.standingOrderRepriced('so1', '1')).not.toBe(
      mailKeys.standingOrderRepriced('so1', '2'),
    );
    expect(mailKeys.standingOrderRepriced('so1', '1')).not.toBe(
      mailKeys.standingOrderChanged('so1', '1'),
    );
  });

  it('gives each review round of a profile its own review mails (a reopened profile mails again)', () => {
    expect(mailKeys.profileApproved('u1')).toBe('profile-approved.u1');
    expect(mailKeys.profileApproved('u1', 0)).toBe('profile-approved.u1');
    expect(mailKeys.profileApproved('u1', 1)).toBe('profile-approved.u1.round-1');
    expect(mailKeys.profileDeclined('u1', 2)).toBe('profile-declined.u1.round-2');
    expect(mailKeys.profileReopened('u1', 1)).not.toBe(mailKeys.profileReopened('u1', 2));
    expect(mailKeys.profileRejected('u1', 1)).not.toBe(mailKeys.profileRejected('u1'));
  });
});

describe('normalizeEmail', () => {
  it('lower-cases and trims', () => {
    expect(normalizeEmail('  Buyer@Shop.COM ')).toBe('buyer@shop.com');
  });
});

describe('mailboxOf', () => {
  it('gives every tagged, dotted or capitalised spelling of one inbox the same key', () => {
    for (const typed of [
      'victim@gmail.com',
      ' Victim@GMAIL.com ',
      'victim+1@gmail.com',
      'victim+news+2@gmail.com',
      'v.i.c.t.i.m@gmail.com',
      'V.ictim+x@googlemail.com',
    ]) {
      expect(mailboxOf(typed), typed).toBe('victim@gmail.com');
    }
    expect(mailboxOf('buyer+orders@shop.test')).toBe('buyer@shop.test');
  });

  it('keeps dots where the provider does not ignore them, and other addresses apart', () => {
    expect(mailboxOf('first.last@shop.test')).toBe('first.last@shop.test');
    expect(mailboxOf('first.last@shop.test')).not.toBe(mailboxOf('firstlast@shop.test'));
    expect(mailboxOf('victim@gmail.com')).not.toBe(mailboxOf('victim@shop.test'));
    // A leading '+' is the whole local part, not a tag.
    expect(mailboxOf('+1@shop.test')).toBe('+1@shop.test');
  });
});
