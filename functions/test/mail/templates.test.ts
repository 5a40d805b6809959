import { describe, expect, it } from 'vitest';
import { BRAND, shipToSchema } from '@portal/domain';
import { portalLinks } from '../../src/mail/links';
import { renderMail, type MailContent } from '../../src/mail/templates/layout';
import { claimSettled } from '../../src/mail/templates/claim-settled';
import * as messages from '../../src/mail/templates/messages';
import { PAY_SHIP_TO } from '../payments/support';

const ORIGIN = 'https://portal.example.com';
const links = portalLinks(ORIGIN);
const ctx = { portalUrl: ORIGIN, contact: 'hello@brand.example' };
const render = (content: MailContent) => renderMail(content, ctx);

/** The visible text of the HTML part (tags stripped, entities kept). */
const visible = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the layout', () => {
  it('carries the brand, the greeting with the store name and the contact in both parts', async () => {
    const mail = await render(
      messages.profileApproved({ storeName: 'Cloud Nine Smokes', signInUrl: links.signIn() }),
    );
    for (const part of [mail.text, visible(mail.html)]) {
      expect(part).toContain(BRAND.name);
      expect(part).toContain('Hello Cloud Nine Smokes,');
      expect(part).toContain('hello@brand.example');
    }
    expect(mail.html).toContain(BRAND.colors.primary);
    expect(mail.html).toContain('<!doctype html>');
  });

  it('escapes markup and flattens line breaks from a store name (no header or recipient can be added)', async () => {
    const storeName = '<script>alert(1)</script>\r\nBcc: evil@x.example';
    const mail = await render(
      messages.newApplication({
        storeName,
        fullName: 'Eve',
        email: 'eve@x.example',
        role: 'retailer',
        companiesUrl: links.adminCompanies(),
      }),
    );
    expect(mail.subject).toBe('New application: <script>alert(1)</script> Bcc: evil@x.example');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
  });

  it('refuses a link that is not http(s)', async () => {
    await expect(
      render(messages.passwordReset({ resetUrl: 'javascript:alert(1)' })),
    ).rejects.toThrow(/http/);
  });
});

describe('each mail says what matters', () => {
  it('application received: the verify link to the portal action page', async () => {
    const verifyUrl = links.authAction(
      'https://x.firebaseapp.com/__/auth/action?mode=verifyEmail&oobCode=CODE123&apiKey=k&lang=en',
    );
    expect(verifyUrl).toBe(`${ORIGIN}/auth/action?mode=verifyEmail&oobCode=CODE123`);
    const mail = await render(messages.applicationReceived({ verifyUrl }));
    expect(mail.subject).toBe('We received your application');
    // The address is not proven yet: a fixed greeting, none of the applicant's words.
    expect(mail.text).toContain('Hello,');
    expect(mail.text).toContain(`Verify email address: ${verifyUrl}`);
    expect(mail.html).toContain(`href="${verifyUrl.replace(/&/g, '&amp;')}"`);
    expect(mail.text).toContain("We'll review your application and notify you when approved.");
  });

  it('new application (managers): who applied and a link to the Users tab', async () => {
    const mail = await render(
      messages.newApplication({
        storeName: 'Cloud Nine',
        fullName: 'Ana Diaz',
        email: 'ana@cloud9.example',
        role: 'wholesaler',
        companiesUrl: links.adminCompanies(),
      }),
    );
    expect(mail.text).toContain('Email: ana@cloud9.example');
    expect(mail.text).toContain('Business type: wholesaler');
    expect(mail.text).toContain(`${ORIGIN}/admin?tab=companies`);
  });

  it('new application: control and bidi characters in the names are stripped, subject and body', async () => {
    const mail = await render(
      messages.newApplication({
        storeName: 'Cloud \u202eenin\u202c Nine',
        fullName: 'Ana\u2066 Diaz\u2069\r\n',
        email: 'ana@cloud9.example',
        role: 'wholesaler',
        companiesUrl: links.adminCompanies(),
      }),
    );
    expect(mail.subject).toBe('New application: Cloud enin Nine');
    expect(mail.text).toContain('Store: Cloud enin Nine');
    expect(mail.text).toContain('Contact: Ana Diaz\n');
    expect(mail.html).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
  });

  it('the greeting loses control and bidi characters (a store name written before the rules refused them)', async () => {
    const mail = await render(
      messages.profileApproved({ storeName: 'Shop\u202e evil', signInUrl: links.signIn() }),
    );
    expect(mail.text).toContain('Hello Shop evil,');
  });

  it('approved: a sign-in link; rejected: polite, with the contact address', async () => {
    const approved = await render(
      messages.profileApproved({ storeName: 'S', signInUrl: links.signIn() }),
    );
    expect(approved.subject).toBe('Your wholesale account is approved');
    expect(approved.text).toContain(`Sign in: ${ORIGIN}/login`);
    const rejected = await render(
      messages.profileRejected({ storeName: 'S', contact: 'hello@brand.example' }),
    );
    expect(rejected.text).toContain('Thank you for your interest');
    expect(rejected.text).toContain('write to hello@brand.example');
  });

  it('order confirmation: lines, total, ship-to, the invoice link and the order in My Account', async () => {
    const mail = await render(
      messages.orderConfirmation({
        storeName: 'Cloud Nine',
        orderId: 'ord123456789',
        invoiceNumber: 'INV-000042',
        items: [
          { name: 'Purple Dream', quantity: 2, line_total: 5998 },
          { name: 'Blue Coast', quantity: 1, line_total: 2999 },
        ],
        amount: 8997,
        shipTo: shipToSchema.parse(PAY_SHIP_TO),
        invoiceUrl: links.invoice('ord123456789'),
        orderUrl: links.accountOrder('ord123456789'),
      }),
    );
    expect(mail.subject).toBe('Order confirmed: INV-000042');
    expect(mail.text).toContain(`${ORIGIN}/portal/my-account?order=ord123456789`);
    expect(visible(mail.html)).toContain('Open the order');
    expect(mail.text).toContain('2 x Purple Dream  $59.98');
    expect(mail.text).toContain('1 x Blue Coast  $29.99');
    expect(mail.text).toContain('Total: $89.97');
    expect(mail.text).toContain('1120 SW 5th Ave');
    expect(mail.text).toContain('Portland, OR 97204');
    expect(mail.text).toContain(`${ORIGIN}/portal/orders/ord123456789/invoice`);
    expect(visible(mail.html)).toContain('$89.97');
  });

  it('order confirmation with sales tax: the subtotal, the tax for the state, or the certificate', async () => {
    const order = {
      storeName: 'Cloud Nine',
      orderId: 'ord123456789',
      invoiceNumber: 'INV-000043',
      items: [{ name: 'Purple Dream', quantity: 2, line_total: 5998 }],
      shipTo: shipToSchema.parse(PAY_SHIP_TO),
      invoiceUrl: links.invoice('ord123456789'),
      orderUrl: links.accountOrder('ord123456789'),
    };
    const taxed = await render(
      messages.orderConfirmation({
        ...order,
        amount: 6433,
        tax: { amount: 435, state: 'CA', exemption: null },
      }),
    );
    expect(taxed.text).toContain('Subtotal: $59.98');
    expect(taxed.text).toContain('Sales tax (CA): $4.35');
    expect(taxed.text).toContain('Total: $64.33');
    expect(visible(taxed.html)).toContain('Sales tax (CA)');
    const exempt = await render(
      messages.orderConfirmation({
        ...order,
        amount: 5998,
        tax: {
          amount: 0,
          state: 'CA',
          exemption: {
            certificate_id: 'c1',
            number: 'SR-123',
            state: 'CA',
            expires_on: '2027-03-05',
          },
        },
      }),
    );
    expect(exempt.text).toContain(
      'Sales tax: Exempt: resale certificate SR-123, CA, valid to Mar 5, 2027',
    );
    expect(exempt.text).toContain('Total: $59.98');
  });

  it("order confirmation with a quote's shipping and store credit: rows that add up to the total charged", async () => {
    // $100.00 of goods, $25.00 shipping, $40.00 of store credit, $6.80 tax on the rest: $91.80.
    const mail = await render(
      messages.orderConfirmation({
        storeName: 'Cloud Nine',
        orderId: 'ord123456789',
        invoiceNumber: 'INV-000044',
        items: [{ name: 'Purple Dream', quantity: 4, line_total: 10_000 }],
        shipTo: shipToSchema.parse(PAY_SHIP_TO),
        invoiceUrl: links.invoice('ord123456789'),
        orderUrl: links.accountOrder('ord123456789'),
        amount: 9180,
        shippingCharge: 2500,
        storeCredit: 4000,
        tax: { amount: 680, state: 'CA', exemption: null },
      }),
    );
    const rows = ['Subtotal: $100.00', 'Shipping: $25.00', 'Sales tax (CA): $6.80'];
    for (const row of rows) expect(mail.text).toContain(row);
    expect(mail.text).toContain('Store credit: -$40.00');
    expect(mail.text).toContain('Total: $91.80');
    expect(visible(mail.html)).toContain('Store credit');
  });

  it('new order (managers): store, total, units and a link to the order', async () => {
    const mail = await render(
      messages.newOrder({
        storeName: 'Cloud Nine',
        orderId: 'o1',
        invoiceNumber: 'INV-000042',
        amount: 8997,
        items: [{ line_total: 8997 }],
        units: 3,
        orderUrl: links.adminOrder('o1'),
      }),
    );
    expect(mail.subject).toBe('New order from Cloud Nine: $89.97');
    expect(mail.text).toContain('Units: 3');
    expect(mail.text).not.toContain('Subtotal');

    // With tax and store credit: the goods, the tax, the credit off, the total charged.
    const credited = await render(
      messages.newOrder({
        storeName: 'Cloud Nine',
        orderId: 'o2',
        invoiceNumber: 'INV-000045',
        amount: 6480,
        items: [{ line_total: 10_000 }],
        tax: { amount: 480, state: 'CA', exemption: null },
        storeCredit: 4000,
        units: 4,
        orderUrl: links.adminOrder('o2'),
      }),
    );
    expect(credited.text).toContain('Subtotal: $100.00');
    expect(credited.text).toContain('Sales tax (CA): $4.80');
    expect(credited.text).toContain('Store credit: -$40.00');
    expect(credited.text).toContain('Total: $64.80');
    expect(mail.text).toContain(`${ORIGIN}/admin?tab=orders&order=o1`);
  });

  it('dispute opened (managers): the amount, reason, deadline, not to ship, and the order link', async () => {
    const mail = await render(
      messages.disputeOpened({
        storeName: 'Cloud Nine',
        orderId: 'o1',
        invoiceNumber: 'INV-000042',
        amount: 8997,
        reason: 'product_not_received',
        status: 'needs_response',
        respondBy: new Date('2026-03-14T23:59:59Z'),
        orderUrl: links.adminOrder('o1'),
      }),
    );
    expect(mail.subject).toBe('Payment disputed: INV-000042 from Cloud Nine');
    expect(mail.text).toContain('will not let it be shipped');
    expect(mail.text).toContain('Disputed: $89.97');
    expect(mail.text).toContain('Reason: product not received');
    expect(mail.text).toContain('Status: needs response');
    expect(mail.text).toContain('Respond by: Mar 14, 2026');
    expect(mail.text).toContain(`${ORIGIN}/admin?tab=orders&order=o1`);
    expect(visible(mail.html)).toContain('Payment disputed');
  });

  it('shipped: carrier, tracking number and the carrier tracking link', async () => {
    const mail = await render(
      messages.orderShipped({
        storeName: 'S',
        orderId: 'o1',
        invoiceNumber: 'INV-000042',
        carrier: 'ups',
        trackingNumber: '1Z999AA10123456784',
        trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
        ordersUrl: links.orders(),
        shipmentNumber: 1,
        lines: [{ name: 'Mango Tango', quantity: 2 }],
        stillToShip: [],
      }),
    );
    expect(mail.subject).toBe('Your order has shipped: INV-000042');
    expect(mail.text).toContain('Shipment 1 of INV-000042: 2 × Mango Tango.');
    expect(mail.text).toContain('Carrier: UPS');
    expect(mail.text).toContain('Tracking number: 1Z999AA10123456784');
    expect(mail.text).toContain(
      'Track your package: https://www.ups.com/track?tracknum=1Z999AA10123456784',
    );
    expect(mail.text).not.toContain('Still to ship');
  });

  it('a shipment of part of the order: what it carries, then what is still to ship and when', async () => {
    const shipment = {
      storeName: 'S',
      orderId: 'o1',
      invoiceNumber: 'INV-000042',
      carrier: 'usps',
      trackingNumber: '9400111899223100012345',
      trackingUrl: null,
      ordersUrl: links.orders(),
    } as const;
    const first = await render(
      messages.orderShipped({
        ...shipment,
        shipmentNumber: 1,
        lines: [{ name: 'Dome Lids', quantity: 24 }],
        stillToShip: [
          { name: 'Blue Coast', quantity: 12, mark: 'Backordered · Expected Dec 10, 2026' },
          { name: 'Mango Tango', quantity: 3, mark: null },
        ],
      }),
    );
    expect(first.subject).toBe('Part of your order has shipped: INV-000042');
    expect(first.text).toContain('Shipment 1 of INV-000042: 24 × Dome Lids.');
    expect(first.text).toContain(
      'Still to ship: 12 × Blue Coast (Backordered · Expected Dec 10, 2026), 3 × Mango Tango.',
    );
    expect(first.text).toContain(`View your orders: ${links.orders()}`);

    const rest = await render(
      messages.orderShipped({
        ...shipment,
        shipmentNumber: 2,
        lines: [
          { name: 'Blue Coast', quantity: 12 },
          { name: 'Mango Tango', quantity: 3 },
        ],
        stillToShip: [],
      }),
    );
    expect(rest.subject).toBe('The rest of your order has shipped: INV-000042');
    expect(rest.text).toContain('Shipment 2 of INV-000042: 12 × Blue Coast, 3 × Mango Tango.');
    expect(rest.text).not.toContain('Still to ship');
  });

  it('refunded and cancelled: the amounts', async () => {
    const refunded = await render(
      messages.orderRefunded({
        storeName: 'S',
        orderId: 'o1',
        invoiceNumber: null,
        refunded: 1500,
        totalRefunded: 2500,
        amount: 8997,
        ordersUrl: links.orders(),
        note: '',
      }),
    );
    expect(refunded.subject).toBe('Refund of $15.00 for order o1');
    expect(refunded.text).toContain('Refunded in total: $25.00');
    expect(refunded.text).not.toContain('Note:');
    const withNote = await render(
      messages.orderRefunded({
        storeName: 'S',
        orderId: 'o1',
        invoiceNumber: null,
        refunded: 1500,
        totalRefunded: 1500,
        amount: 8997,
        ordersUrl: links.orders(),
        note: 'Sorry about the dented jug.',
      }),
    );
    expect(withNote.text).toContain('Note: Sorry about the dented jug.');
    const cancelled = await render(
      messages.orderCancelled({
        storeName: 'S',
        orderId: 'o1',
        invoiceNumber: 'INV-000042',
        amount: 8997,
        refunded: 8997,
        ordersUrl: links.orders(),
      }),
    );
    expect(cancelled.text).toContain('Your order of $89.97 was cancelled and $89.97 was refunded');
  });

  it('standing order repriced: each new unit price with its list, the new and old total, from when', async () => {
    const terms = {
      storeName: 'Cloud Nine',
      intervalWeeks: 2,
      cycleAmount: 4 * 428 + 10 * 100,
      // 6 pm in California on Dec 1: the business's day, not UTC's (Dec 2).
      nextChargeAt: new Date('2026-12-02T02:00:00Z'),
      standingOrdersUrl: links.standingOrders(),
      contact: 'hello@brand.example',
      lines: [
        { name: 'Blue Coast Syrup', quantity: 4, unit_amount: 428, paused_reason: null },
        { name: 'Paper Cups', quantity: 10, unit_amount: 100, paused_reason: null },
        { name: 'Red Rush', quantity: 2, unit_amount: 900, paused_reason: 'out_of_stock' as const },
      ],
      repriced: [
        {
          name: 'Blue Coast Syrup',
          unitAmount: 428,
          priceList: 'Chain 5% <syrups>\u202e',
          previousUnitAmount: 450,
          previousPriceList: null,
        },
        {
          name: 'Paper Cups',
          unitAmount: 100,
          priceList: null,
          previousUnitAmount: 120,
          previousPriceList: 'Cups deal',
        },
      ],
      previousAmount: 4 * 450 + 10 * 120,
      paused: false,
    };
    const mail = await render(messages.standingOrderRepriced(terms));
    expect(mail.subject).toBe('New prices for your standing order: $27.12 every 2 weeks');
    expect(mail.text).toContain('Hello Cloud Nine,');
    expect(mail.text).toContain(
      'Your prices changed. From your next delivery, on Dec 1, 2026, each delivery costs $27.12 (it was $30.00). Deliveries already paid keep their price.',
    );
    expect(mail.text).toContain('Blue Coast Syrup: $4.28 (Chain 5% <syrups>), was $4.50');
    expect(mail.text).toContain('Paper Cups: $1.00, was $1.20 (Cups deal)');
    // The lines delivered, with their new totals (a paused line is not charged).
    expect(mail.text).toContain('4 x Blue Coast Syrup  $17.12');
    expect(mail.text).not.toContain('x Red Rush');
    expect(mail.text).toContain('Total: $27.12');
    expect(mail.text).toContain('Next charge: Dec 1, 2026');
    expect(mail.text).toContain('"Cancel standing order"');
    expect(mail.html).not.toContain('<syrups>');
    expect(visible(mail.html)).toContain('$4.28 (Chain 5% &lt;syrups&gt;), was $4.50');
    expect(mail.html).not.toMatch(/\u202e/);

    const same = await render(
      messages.standingOrderRepriced({ ...terms, previousAmount: terms.cycleAmount }),
    );
    expect(same.text).toContain('each delivery still costs $27.12.');
    const paused = await render(
      messages.standingOrderRepriced({ ...terms, nextChargeAt: null, paused: true }),
    );
    expect(paused.text).toContain(
      'Your standing order is paused; from the first delivery after it resumes, each delivery costs $27.12 (it was $30.00).',
    );
    expect(paused.text).toContain('Next charge: shown in My Account > Standing orders');
  });

  it('password reset and newsletter confirmation (with a working unsubscribe link)', async () => {
    const reset = await render(
      messages.passwordReset({ resetUrl: `${ORIGIN}/auth/action?mode=resetPassword&oobCode=C` }),
    );
    expect(reset.text).toContain(
      `Choose a new password: ${ORIGIN}/auth/action?mode=resetPassword&oobCode=C`,
    );
    const news = await render(
      messages.newsletterConfirm({
        confirmUrl: links.newsletter('confirm', 'T'.repeat(43)),
        unsubscribeUrl: links.newsletter('unsubscribe', 'T'.repeat(43)),
      }),
    );
    expect(news.text).toContain(
      `Confirm subscription: ${ORIGIN}/newsletter/confirm?token=${'T'.repeat(43)}`,
    );
    expect(news.text).toContain(
      `Unsubscribe: ${ORIGIN}/newsletter/unsubscribe?token=${'T'.repeat(43)}`,
    );
    expect(news.html).toContain(`/newsletter/unsubscribe?token=${'T'.repeat(43)}`);
  });

  it('member invitation: company, inviter, role and what it allows, the link and its life; no greeting by name', async () => {
    const token = 'T'.repeat(43);
    const mail = await render(
      messages.memberInvitation({
        companyName: 'Cloud Nine Smokes',
        inviterName: 'Ana\u202e Diaz',
        role: 'buyer',
        joinUrl: links.join(token),
        validDays: 7,
      }),
    );
    expect(links.join(token)).toBe(`${ORIGIN}/join?token=${token}`);
    expect(mail.subject).toBe('Join Cloud Nine Smokes on our wholesale portal');
    for (const part of [mail.text, visible(mail.html)]) {
      expect(part).toContain('Hello,');
      expect(part).toContain(
        'Ana Diaz invited you to join Cloud Nine Smokes on our wholesale portal as Buyer: you will order for the locations assigned to you, and see those orders.',
      );
      expect(part).toContain('The link works once, for 7 days.');
    }
    expect(mail.text).toContain(`Accept the invitation: ${ORIGIN}/join?token=${token}`);
    expect(mail.html).toContain(`href="${ORIGIN}/join?token=${token}"`);
    expect(mail.html).not.toMatch(/[\u202a-\u202e]/);
  });

  it('invitation accepted (owners), role changed and removed (the member)', async () => {
    const accepted = await render(
      messages.invitationAccepted({
        companyName: 'Cloud Nine',
        memberName: 'Jo Joiner',
        email: 'jo@cloud9.example',
        role: 'viewer',
        membersUrl: links.accountMembers(),
      }),
    );
    expect(accepted.subject).toBe('Jo Joiner joined Cloud Nine');
    expect(accepted.text).toContain('Hello Cloud Nine,');
    expect(accepted.text).toContain('Email: jo@cloud9.example');
    expect(accepted.text).toContain('Role: Viewer: read-only: orders, invoices and tracking');
    expect(accepted.text).toContain(`${ORIGIN}/portal/my-account?tab=profile`);

    const changed = await render(
      messages.memberRoleChanged({
        companyName: 'Cloud Nine',
        role: 'buyer',
        locationNames: ['Main St', 'North'],
        accountUrl: links.orders(),
      }),
    );
    expect(changed.subject).toBe('Your role in Cloud Nine: Buyer');
    expect(changed.text).toContain('Your locations: Main St, North');
    const owner = await render(
      messages.memberRoleChanged({
        companyName: 'Cloud Nine',
        role: 'owner',
        locationNames: [],
        accountUrl: links.orders(),
      }),
    );
    expect(owner.text).toContain('manage the members and locations');
    expect(owner.text).not.toContain('Your locations');

    const removed = await render(
      messages.memberRemoved({
        companyName: 'Cloud Nine',
        left: false,
        contact: 'hello@brand.example',
      }),
    );
    expect(removed.subject).toBe('You were removed from Cloud Nine');
    expect(removed.text).toContain('Its orders stay with the company.');
    expect(removed.text).toContain('write to hello@brand.example');
    const left = await render(
      messages.memberRemoved({ companyName: 'Cloud Nine', left: true, contact: 'x@y.example' }),
    );
    expect(left.subject).toBe('You left Cloud Nine');
  });

  it('claim settled: how, for how much, the note, and the order', async () => {
    const facts = {
      storeName: 'Cloud Nine Smokes',
      claimId: 'claimabcdef123',
      orderId: 'order12345678',
      note: 'Sorry about the leak.',
      orderUrl: links.accountOrder('order12345678'),
    };
    const credit = await render(
      claimSettled({
        ...facts,
        remedy: 'store_credit',
        amount: 5000,
        replacementOrderId: null,
        creditNoteNumber: null,
      }),
    );
    expect(credit.subject).toBe('Your claim on order #order123 is settled');
    expect(credit.text).toContain('We added $50.00 of store credit');
    expect(credit.text).toContain('Sorry about the leak.');
    expect(credit.text).toContain(facts.orderUrl);
    const replacement = await render(
      claimSettled({
        ...facts,
        note: '',
        remedy: 'replacement',
        amount: 0,
        replacementOrderId: 'claimabcdef123-replacement',
        creditNoteNumber: null,
      }),
    );
    expect(replacement.text).toContain('a replacement at no charge (order #claimabc)');
    const note = await render(
      claimSettled({
        ...facts,
        remedy: 'credit_note',
        amount: 2500,
        replacementOrderId: null,
        creditNoteNumber: 'CN-0001',
      }),
    );
    expect(note.text).toContain('credit note of $25.00');
    expect(note.text).toContain('CN-0001');
  });
});
