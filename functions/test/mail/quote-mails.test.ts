import { describe, expect, it } from 'vitest';
import { portalLinks } from '../../src/mail/links';
import { renderMail, type MailContent } from '../../src/mail/templates/layout';
import * as messages from '../../src/mail/templates/quote-messages';

/** The quote mails (docs/order-lifecycle.md#draft-orders-and-quotes) as they are rendered. */

const ORIGIN = 'https://portal.example.com';
const links = portalLinks(ORIGIN);
const render = (content: MailContent) =>
  renderMail(content, { portalUrl: ORIGIN, contact: 'hello@brand.example' });

const facts: messages.QuoteFacts = {
  number: 'Q-000042',
  companyName: 'Cloud Nine Smokes',
  locationName: 'Main St store',
  lines: [
    { name: 'Mango Syrup', quantity: 12, line_total: 10_800 },
    { name: 'Blue Coast Jug', quantity: 2, line_total: 9_998 },
  ],
  shippingAmount: 2_500,
  amount: 23_298,
  noteToBuyer: 'As discussed on the phone.',
};
// Thursday Dec 10, 2026, 10:00 AM in Los Angeles.
const expiresAt = new Date('2026-12-10T18:00:00Z');

describe('quote mails', () => {
  it('a quote: number, lines at the quoted prices, shipping, total, validity, terms and the Quotes tab', async () => {
    const url = links.accountQuote('quote-1');
    expect(url).toBe(`${ORIGIN}/portal/my-account?tab=quotes&quote=quote-1`);
    const mail = await render(messages.quoteSent({ ...facts, expiresAt, netDays: 30, url }));
    expect(mail.subject).toBe('Quote Q-000042: $232.98, valid until Dec 10, 2026');
    for (const line of [
      'Hello Cloud Nine Smokes,',
      'Quote: Q-000042',
      'Ships to: Main St store',
      'Valid until: Dec 10, 2026',
      'Payment: Net 30: invoiced when accepted, due in 30 days.',
      '12 x Mango Syrup  $108.00',
      '2 x Blue Coast Jug  $99.98',
      'Subtotal: $207.98',
      'Shipping: $25.00',
      'Total: $232.98',
      'Our note: As discussed on the phone.',
      `View the quote: ${url}`,
    ]) {
      expect(mail.text).toContain(line);
    }
    expect(mail.html).toContain(`href="${url.replace(/&/g, '&amp;')}"`);
  });

  it('a payment link: the Checkout URL and when it stops working', async () => {
    const payUrl = 'https://checkout.stripe.com/c/pay/cs_test_a1';
    const mail = await render(
      messages.quotePaymentLink({
        ...facts,
        noteToBuyer: '',
        expiresAt,
        payUrl,
        quoteUrl: links.accountQuote('quote-1'),
      }),
    );
    expect(mail.subject).toBe('Pay your order Q-000042: $232.98');
    expect(mail.text).toContain(`Pay now: ${payUrl}`);
    expect(mail.text).toContain('The link works until Dec 10, 2026, 10:00 AM PST');
    expect(mail.text).not.toContain('Our note');
  });

  it('declined, to the managers: who, why, and the quote in the Orders tab', async () => {
    const url = links.adminQuote('quote-1');
    expect(url).toBe(`${ORIGIN}/admin?tab=orders&quote=quote-1`);
    const mail = await render(
      messages.quoteDeclined({
        ...facts,
        reason: 'Found it cheaper.',
        declinedBy: 'Ana Diaz',
        url,
      }),
    );
    expect(mail.subject).toBe('Cloud Nine Smokes declined quote Q-000042');
    expect(mail.text).toContain('Ana Diaz at Cloud Nine Smokes declined quote Q-000042 ($232.98).');
    expect(mail.text).toContain('Their reason: Found it cheaper.');
    expect(mail.text).toContain(`Open the quote: ${url}`);
  });

  it('escapes what the buyer and the manager typed', async () => {
    const mail = await render(
      messages.quoteDeclined({
        ...facts,
        companyName: '<b>Evil</b>\r\nBcc: x@evil.example',
        reason: '<script>alert(1)</script>',
        declinedBy: 'Eve',
        url: links.adminQuote('quote-1'),
      }),
    );
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
  });
});
