/**
 * Sales tax and resale certificates (docs/tax.md): a company's order to California is taxed (the
 * cart's estimate, the sandbox's checkout, the order, its invoice and PDF, the mail); its owner
 * uploads a California resale certificate, a manager approves it after viewing the file, and the
 * next California order is exempt with the certificate named on its invoice while an order to
 * Nevada is taxed; the company's clock nears the expiry (a reminder mail) and passes it, and the
 * next California order is taxed again, the cart saying why.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import Stripe from 'stripe';
import { expect } from 'vitest';
import { businessDay, formatCertificateDate } from '@portal/domain';
import { advanceBuyerClock } from '../../scripts/lib/test-clocks';
import { mailClient } from '../../scripts/lib/maildev';
import { createApprovedBuyer, type TestBuyer } from './support/accounts';
import { checkA11yBothWidths } from './support/a11y';
import { readDocument, writeCart, writeLocation } from './support/firestore-admin';
import { ARTIFACTS_DIR, journey, type Person } from './support/journey';
import { snap } from './support/screens';
import { onStripePage } from './support/stripe-page';
import {
  at,
  openInApp,
  see,
  seeText,
  seeToast,
  signInBuyer,
  signInManager,
  usd,
} from './support/ui';

const j = journey('tax');
const mails = mailClient(j.stack.urls.mail);
/** Purple Dream Syrup: $34.99 retail by the unit (breaks from 12). */
const PURPLE = { id: 'purple-dream', unit: 3499 };
const UNITS = 3;
const GOODS = UNITS * PURPLE.unit;
/** The sandbox's state base rates: California 7.25 %, Nevada 6.85 % (one line, half up). */
const CA_TAX = Math.round(GOODS * 0.0725);
const NV_TAX = Math.round(GOODS * 0.0685);
const CERTIFICATE = 'SR-CA-448120';
/** A one-page PDF: what the owner scans and uploads. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Count 0/Kids[]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

let company: TestBuyer;
let buyer: Person;
let manager: Person;
/** The certificate's last valid day: ten days after the company's first checkout. */
let expiresOn = '';

function stripe(): Stripe {
  const url = new URL(j.stack.urls.stripe);
  return new Stripe('sk_test_local_sandbox', {
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
  });
}

/**
 * The text a PDF draws: its streams inflated, the hex strings of its text operators decoded. A
 * stream is the /Length bytes its dictionary names: compressed data can end in a carriage return,
 * which a search for the end-of-line before `endstream` would take off (the inflate then failed,
 * for about one PDF in 256).
 */
function pdfText(bytes: Buffer): string {
  const source = bytes.toString('latin1');
  const texts: string[] = [];
  const streams = /\d+ \d+ obj([\s\S]*?)stream\r?\n/g;
  for (let match = streams.exec(source); match; match = streams.exec(source)) {
    const length = /\/Length (\d+)/.exec(match[1]!)?.[1];
    const start = streams.lastIndex;
    const end = length ? start + Number(length) : source.indexOf('endstream', start);
    const data = source.slice(start, end);
    streams.lastIndex = end;
    let content: string;
    try {
      content = inflateSync(Buffer.from(data, 'latin1')).toString('latin1');
    } catch {
      content = data;
    }
    for (const hex of content.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)) {
      texts.push(Buffer.from(hex[1]!, 'hex').toString('latin1'));
    }
    for (const plain of content.matchAll(/\(([^)]*)\)\s*Tj/g)) texts.push(plain[1]!);
  }
  return texts.join('\n');
}

/** Fills the cart and opens it for a location, waiting for the tax row to settle. */
async function cartFor(location: string, taxRow: RegExp) {
  const { page } = buyer;
  await writeCart(j.stack, company.uid, [{ id: PURPLE.id, quantity: UNITS }]);
  await page.goto('/portal/cart');
  const shipTo = page.getByLabel('Ship to');
  await see(shipTo);
  await shipTo.selectOption({ label: location });
  const summary = page.getByRole('complementary').filter({ hasText: 'Order Summary' });
  await seeText(summary, taxRow);
  return summary;
}

/** Proceeds to the sandbox's Checkout and pays by card; returns the order's id. */
async function payAtCheckout(shot: string, total: number, taxRow: RegExp): Promise<string> {
  const { page } = buyer;
  await page.getByRole('button', { name: /Proceed to Checkout/ }).click();
  const sessionId = await onStripePage(page, j.stack);
  await seeText(page.locator('body'), taxRow);
  await snap(page, `tax-checkout-${shot}`);
  await page.getByRole('button', { name: `Pay ${usd(total)}` }).click();
  await see(page.getByText('Payment Successful!').first(), 60_000);
  const session = await stripe().checkout.sessions.retrieve(sessionId);
  expect(session.amount_total).toBe(total);
  return session.client_reference_id!;
}

async function orderOf(orderId: string) {
  await expect
    .poll(async () => (await readDocument(j.stack, `orders/${orderId}`)) !== null)
    .toBe(true);
  return (await readDocument(j.stack, `orders/${orderId}`))!;
}

/** The invoice page's rows, and the text of its PDF. */
async function invoiceOf(orderId: string): Promise<{ rows: string[]; pdf: string }> {
  const { page } = buyer;
  await openInApp(page, `/portal/orders/${orderId}/invoice`);
  const invoice = page.getByRole('article', { name: /^Invoice INV-\d{6}$/ });
  await see(invoice);
  const rows = (await invoice.getByRole('row').allTextContents()).map((row) => row.trim());
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: /Download PDF/ }).click(),
  ]);
  const file = path.join(ARTIFACTS_DIR, `tax-${download.suggestedFilename()}`);
  await download.saveAs(file);
  return { rows, pdf: pdfText(await readFile(file)) };
}

j.step(
  "an order to California is taxed: the cart's estimate, Checkout, the order, its invoice and PDF, the mail",
  async () => {
    company = await createApprovedBuyer(j.stack, 'retailer', 'tax');
    await writeLocation(j.stack, company.uid, 'ca', 'California store', 'CA');
    await writeLocation(j.stack, company.uid, 'nv', 'Nevada store', 'NV');
    buyer = await j.person('buyer');
    const { page } = buyer;
    await signInBuyer(page, company.email, company.password);
    await at(page, '/portal/my-account');
    const summary = await cartFor('California store', /Estimated tax \(CA\)/);
    await seeText(summary, new RegExp(`Total\\s*\\${usd(GOODS + CA_TAX)}`));
    await snap(page, 'cart-tax-estimate');
    await checkA11yBothWidths(page, 'cart-tax-estimate');
    const orderId = await payAtCheckout('taxed', GOODS + CA_TAX, /Tax \(CA, 7\.25%\)/);

    const order = await orderOf(orderId);
    expect(order).toMatchObject({
      amount: GOODS + CA_TAX,
      tax: { amount: CA_TAX, state: 'CA', exemption: null },
    });
    const { rows, pdf } = await invoiceOf(orderId);
    expect(rows).toContain(`Sales tax (CA)${usd(CA_TAX)}`);
    expect(rows).toContain(`Total${usd(GOODS + CA_TAX)}`);
    expect(pdf).toContain('Sales tax (CA)');
    expect(pdf).toContain(usd(CA_TAX));
    const mail = await mails.waitFor(company.email, (m) => m.subject.startsWith('Order confirmed'));
    expect(mail.text).toContain(`Sales tax (CA): ${usd(CA_TAX)}`);
    expect(mail.text).toContain(`Total: ${usd(GOODS + CA_TAX)}`);
  },
);

j.step('the owner uploads a California resale certificate', async () => {
  const { page } = buyer;
  // Valid ten days from the company's day (its test clock, made at the first checkout).
  expiresOn = businessDay(new Date(Date.now() + 10 * 86_400_000));
  await openInApp(page, '/portal/my-account?tab=profile');
  await page.getByRole('button', { name: 'Upload certificate' }).click();
  const form = page.getByRole('form', { name: 'Upload a resale certificate' });
  await see(form);
  await form.getByLabel('Certificate file').setInputFiles({
    name: 'ca-resale-certificate.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await form.getByLabel('Certificate number').fill(CERTIFICATE);
  await form.getByLabel('State').selectOption('CA');
  await form.getByLabel('Expiry date').fill(expiresOn);
  await snap(page, 'account-certificate-upload');
  await form.getByRole('button', { name: 'Upload certificate' }).click();
  await seeToast(page, 'Certificate submitted');
  const item = page.getByRole('listitem', { name: `CA certificate ${CERTIFICATE}` });
  await seeText(item, /Pending review/);
  await snap(page, 'account-certificates');
  await checkA11yBothWidths(page, 'account-certificates');
});

j.step('a manager views the file and approves the certificate', async () => {
  manager = await j.person('manager');
  const { page } = manager;
  await signInManager(page);
  await openInApp(page, '/admin?tab=certificates');
  const row = page.locator('tr, article').filter({ hasText: CERTIFICATE }).first();
  await see(row);
  await row.getByRole('button', { name: /Review/ }).click();
  const drawer = page.getByRole('dialog', { name: new RegExp(`CA certificate ${CERTIFICATE}`) });
  await see(drawer);
  // The file, inline.
  await see(drawer.locator(`iframe[title="File of the CA certificate ${CERTIFICATE}"]`), 30_000);
  await snap(page, 'admin-certificate-review');
  await drawer.getByRole('button', { name: 'Approve' }).click();
  await seeToast(page, 'Certificate approved');
  const approved = await mails.waitFor(
    company.email,
    (m) => /certificate/i.test(m.subject) && /approved/i.test(m.subject),
  );
  expect(approved.text).toContain('CA');
});

j.step(
  'the next California order is exempt and its invoice names the certificate; Nevada is taxed',
  async () => {
    const summary = await cartFor('California store', /Sales tax\s*Exempt/);
    const named = `Exempt: resale certificate ${CERTIFICATE}, CA, valid to ${formatCertificateDate(expiresOn)}`;
    await see(summary.getByText(named));
    await seeText(summary, new RegExp(`Total\\s*\\${usd(GOODS)}`));
    await snap(buyer.page, 'cart-tax-exempt');
    const exemptId = await payAtCheckout('exempt', GOODS, /Tax \(CA\)\s*Exempt/);
    const exempt = await orderOf(exemptId);
    expect(exempt).toMatchObject({
      amount: GOODS,
      tax: {
        amount: 0,
        state: 'CA',
        exemption: { number: CERTIFICATE, state: 'CA', expires_on: expiresOn },
      },
    });
    const { rows, pdf } = await invoiceOf(exemptId);
    expect(rows).toContain(`Sales tax${named}`);
    expect(pdf).toContain(named);

    await cartFor('Nevada store', /Estimated tax \(NV\)/);
    const nevadaId = await payAtCheckout('nevada', GOODS + NV_TAX, /Tax \(NV, 6\.85%\)/);
    expect(await orderOf(nevadaId)).toMatchObject({
      amount: GOODS + NV_TAX,
      tax: { amount: NV_TAX, state: 'NV', exemption: null },
    });
  },
);

j.step(
  'the clock nears the expiry (a reminder mail), then passes it: California is taxed again',
  async () => {
    const customer = await readDocument(j.stack, `stripe_customers/${company.uid}`);
    const customerId = typeof customer?.customer_id === 'string' ? customer.customer_id : null;
    await advanceBuyerClock({ stripe: stripe(), customerId, weeks: 1 });
    const reminder = await mails.waitFor(
      company.email,
      (m) => /resale certificate/i.test(m.subject) && /expires/i.test(m.subject),
      60_000,
    );
    expect(reminder.text).toContain(CERTIFICATE);

    await advanceBuyerClock({ stripe: stripe(), customerId, weeks: 1 });
    const summary = await cartFor('California store', /Estimated tax \(CA\)/);
    await see(
      summary.getByText(
        `Your resale certificate for CA expired on ${formatCertificateDate(expiresOn)}, so this order is taxed. Upload a new one in My Account.`,
      ),
    );
    await snap(buyer.page, 'cart-certificate-expired');
    const orderId = await payAtCheckout('expired', GOODS + CA_TAX, /Tax \(CA, 7\.25%\)/);
    expect(await orderOf(orderId)).toMatchObject({
      amount: GOODS + CA_TAX,
      tax: { amount: CA_TAX, state: 'CA', exemption: null },
    });
  },
);

j.step("the managers' tax report shows the month's taxed and exempt sales per state", async () => {
  const { page } = manager;
  await openInApp(page, '/admin?tab=tax');
  await see(page.getByRole('heading', { name: 'Tax report' }));
  const table = page.getByRole('table');
  // This company's sales are among the month's: at least its two taxed California orders, its
  // exempt one and its Nevada one.
  const month = new Intl.DateTimeFormat('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'America/Los_Angeles',
  }).format(new Date());
  await see(table.getByRole('row').filter({ hasText: month }).filter({ hasText: 'NV' }).first());
  await see(table.getByRole('row').filter({ hasText: month }).filter({ hasText: 'CA' }).first());
  await snap(page, 'admin-tax-report');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const file = path.join(ARTIFACTS_DIR, download.suggestedFilename());
  await download.saveAs(file);
  const csv = await readFile(file, 'utf8');
  expect(csv.split('\r\n')[0]).toBe(
    'Month,State,Orders,Taxable sales (USD),Tax collected (USD),Exempt sales (USD)',
  );
  expect(csv).toMatch(/\r\n\d{4}-\d{2},CA,\d+,/);
  expect(csv).toMatch(/\r\n\d{4}-\d{2},NV,\d+,/);
});
