import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StripeSandbox } from '../src/index.js';
import { sessionParams, startTestSandbox, submitPay } from './support.js';

let sandbox: StripeSandbox;
let stripe: Stripe;

beforeAll(async () => {
  ({ sandbox, stripe } = await startTestSandbox());
});
afterAll(async () => {
  await sandbox.stop();
});

async function page(url: string): Promise<{ status: number; html: string }> {
  const response = await fetch(url);
  return { status: response.status, html: await response.text() };
}

describe('hosted checkout page', () => {
  it('lists every line with quantity, unit price and line total, the total, Pay and Cancel', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams());
    const { status, html } = await page(session.url as string);
    expect(status).toBe(200);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('name="viewport"');
    expect(html).toMatch(/Test mode: local Stripe sandbox/);
    expect(html).toMatch(
      /Blue Glaze Mug<span class="desc">Stoneware, 12 oz<\/span><\/th>\s*<td class="num">3<\/td>\s*<td class="num">\$12\.50<\/td>\s*<td class="num">\$37\.50<\/td>/,
    );
    expect(html).toMatch(
      /Teapot<\/th>\s*<td class="num">1<\/td>\s*<td class="num">\$49\.99<\/td>\s*<td class="num">\$49\.99<\/td>/,
    );
    expect(html).toContain('<td class="num" data-testid="total">$87.49</td>');
    expect(html).toContain(`<form method="post" action="/checkout/${session.id}/pay" novalidate>`);
    expect(html).toContain('<button type="submit">Pay $87.49</button>');
    expect(html).toContain('<a href="http://localhost:5173/cart">Cancel</a>');
  });

  it('escapes product names and URLs', async () => {
    const session = await stripe.checkout.sessions.create(
      sessionParams({
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: 1000,
              product_data: { name: '<script>alert("x")</script> & Co' },
            },
          },
        ],
        cancel_url: 'http://localhost:5173/cart?a=1&b="2"',
      }),
    );
    const { html } = await page(session.url as string);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
    expect(html).toContain('href="http://localhost:5173/cart?a=1&amp;b=&quot;2&quot;"');
  });

  it('Pay marks the session paid and redirects (303) to success_url with the session id', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams());
    const response = await submitPay(sandbox.url, session.id);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(
      `http://localhost:5173/payment-success?session_id=${session.id}`,
    );
    const paid = await stripe.checkout.sessions.retrieve(session.id);
    expect(paid).toMatchObject({ status: 'complete', payment_status: 'paid', url: null });
    expect(paid.payment_intent).toMatch(/^pi_[A-Za-z0-9]+$/);
  });

  it('shows an already-paid message instead of paying twice', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams());
    await submitPay(sandbox.url, session.id);
    const firstIntent = (await stripe.checkout.sessions.retrieve(session.id)).payment_intent;
    const again = await submitPay(sandbox.url, session.id);
    expect(again.status).toBe(409);
    const html = await again.text();
    expect(html).toContain('already been paid');
    expect(html).toContain(`href="http://localhost:5173/payment-success?session_id=${session.id}"`);
    expect((await stripe.checkout.sessions.retrieve(session.id)).payment_intent).toBe(firstIntent);
    const view = await page(`${sandbox.url}/checkout/${session.id}`);
    expect(view.html).toContain('Already paid');
    expect(view.html).not.toContain('<button');
  });

  it('shows an expired message and refuses to pay an expired session', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams());
    await stripe.checkout.sessions.expire(session.id);
    const view = await page(`${sandbox.url}/checkout/${session.id}`);
    expect(view.status).toBe(410);
    expect(view.html).toContain('has expired');
    expect(view.html).toContain('href="http://localhost:5173/cart"');
    const pay = await submitPay(sandbox.url, session.id);
    expect(pay.status).toBe(410);
    expect((await stripe.checkout.sessions.retrieve(session.id)).payment_status).toBe('unpaid');
  });

  it('shows a thank-you page when there is no success_url', async () => {
    const session = await stripe.checkout.sessions.create(
      sessionParams({ success_url: undefined, cancel_url: undefined }),
    );
    expect((await page(session.url as string)).html).not.toContain('>Cancel</a>');
    const response = await submitPay(sandbox.url, session.id);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Payment complete');
  });

  it('answers 404 for an unknown session', async () => {
    const view = await page(`${sandbox.url}/checkout/cs_test_unknown`);
    expect(view.status).toBe(404);
    expect(view.html).toContain('Checkout not found');
    expect((await submitPay(sandbox.url, 'cs_test_unknown')).status).toBe(404);
  });
});
