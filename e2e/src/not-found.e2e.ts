/**
 * Any other path shows the 404 page, whose link returns home; /payment-success alone says there
 * is no payment to show; the accessibility check (support/a11y.ts) fails on a page with a real violation. At
 * 390 px the 404 page and the router's error screen (a page whose code fails to load) fit the
 * screen, with their text at 4.5:1 or more. A failed step's message quotes what the page shows.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import { checkA11y } from './support/a11y';
import { journeyBrowser } from './support/browser';
import { failureContext } from './support/failure-context';
import { ARTIFACTS_DIR, journey, PHONE } from './support/journey';
import { horizontalOverflow, textContrast } from './support/layout';
import { snap } from './support/screens';
import { at, see } from './support/ui';

const j = journey('not-found');

j.step("an unknown path shows 'Oops! Page not found' and Return to Home goes to /", async () => {
  const { page } = await j.person('visitor');
  for (const path of ['/no-such-page', '/portal/store/extra/deep']) {
    await page.goto(path);
    await see(page.getByText('Oops! Page not found'));
  }
  await snap(page, 'not-found');
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await at(page, '/');
  await see(page.getByRole('heading', { level: 1, name: "California's Electric Flavor" }));
});

j.step('/payment-success without session_id says there is no payment, never success', async () => {
  const { page } = await j.person('visitor-payment');
  await page.goto('/payment-success');
  await see(page.getByRole('heading', { name: 'No Payment to Show' }));
  expect(await page.getByRole('heading', { name: 'Payment Successful!' }).count()).toBe(0);
  expect(await page.getByText('Amount paid').count()).toBe(0);
  await snap(page, 'payment-success-no-session');
});

j.step(
  'the accessibility check fails on a real violation, names it and saves the report',
  async () => {
    const { page } = await j.person('a11y-probe');
    await page.goto('/no-such-page');
    await see(page.getByText('Oops! Page not found'));
    expect(await checkA11y(page, 'a11y probe')).toBe(true);
    // An image without alt text and grey text on grey: a critical and a serious violation.
    await page.evaluate(`(() => {
    const probe = document.createElement('div');
    probe.id = 'a11y-probe';
    probe.innerHTML = '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="20" height="20">'
      + '<p style="color:#777;background:#888">Hard to read</p>';
    document.body.append(probe);
  })()`);
    const failure = await checkA11y(page, 'a11y probe').then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    const message = (failure as Error).message;
    expect(message).toMatch(/image-alt \(critical, 1x\)/);
    expect(message).toMatch(/color-contrast \(serious, 1x\)/);
    expect(message).toContain('#a11y-probe');
    expect(message).toContain('Hard to read');
    const report = JSON.parse(
      await readFile(path.join(ARTIFACTS_DIR, 'a11y--a11y-probe-1280.json'), 'utf8'),
    );
    expect(report.violations.map((v: { id: string }) => v.id)).toEqual(
      expect.arrayContaining(['image-alt', 'color-contrast']),
    );
    await page.evaluate(`document.getElementById('a11y-probe').remove()`);
    expect(await checkA11y(page, 'a11y probe')).toBe(true);
    // Pages that are not the web app's (MailDev here, the Stripe sandbox's page) are not checked.
    await page.goto(j.stack.urls.mail);
    expect(await checkA11y(page, 'maildev')).toBe(false);
  },
);

j.step("a failed step's message quotes what the page shows, not what it hides", async () => {
  const { page } = await j.person('failure-probe');
  await page.goto('/no-such-page');
  await see(page.getByText('Oops! Page not found'));
  await page.evaluate(`(() => {
    const shown = document.createElement('div');
    shown.setAttribute('role', 'alert');
    shown.textContent = 'Order could not be shipped: try again';
    const hidden = document.createElement('div');
    hidden.setAttribute('role', 'alert');
    hidden.style.display = 'none';
    hidden.textContent = 'A hidden message';
    const toast = document.createElement('div');
    toast.className = 'toast';
    toast.textContent = 'Error Failed to refund: try again';
    document.body.append(shown, hidden, toast);
  })()`);
  const context = await failureContext(
    [{ name: 'probe', page }],
    path.join(ARTIFACTS_DIR, 'none.log'),
    ARTIFACTS_DIR,
  );
  expect(context).toContain("probe's page shows:");
  expect(context).toContain('alert: Order could not be shipped: try again');
  expect(context).toContain('toast: Error Failed to refund: try again');
  expect(context).not.toContain('A hidden message');
});

j.step('at 390 px the 404 page fits the screen and its text reads at 4.5:1 or more', async () => {
  const { page } = await j.person('visitor-phone', { viewport: PHONE });
  await page.goto('/no-such-page');
  const title = page.getByRole('heading', { level: 1, name: 'Oops! Page not found' });
  await see(title);
  const { scrollWidth, clientWidth } = await horizontalOverflow(page);
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  for (const text of [
    page.getByText('404', { exact: true }),
    title,
    page.getByText(/^This page does not exist/),
  ]) {
    expect(await textContrast(text), await text.innerText()).toBeGreaterThanOrEqual(4.5);
  }
  await see(page.getByRole('link', { name: 'Return to Home' }));
});

j.step(
  "a page whose code fails to load shows the router's error screen on brand, within 390 px",
  async () => {
    const { page } = await j.person('visitor-error', { viewport: PHONE });
    // The 404 page's module cannot be fetched (a deploy replaced it, the network dropped): the
    // router's error screen, whose message is the module's long URL. Built chunks are named by
    // their hash alone, so the 404 page's is known by its text.
    let blocked = '';
    await page.route(/\/assets\/[\w-]+\.js(\?.*)?$/, async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (!body.includes('Oops! Page not found')) return route.fulfill({ response, body });
      blocked = new URL(route.request().url()).pathname;
      return route.abort();
    });
    await page.goto('/no-such-page');
    const title = page.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' });
    await see(title);
    const message = page.getByRole('alert').locator('p');
    expect(blocked).not.toBe('');
    expect(await message.innerText()).toContain(blocked);
    const { scrollWidth, clientWidth } = await horizontalOverflow(page);
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    for (const text of [title, message]) {
      expect(await textContrast(text)).toBeGreaterThanOrEqual(4.5);
    }
    await see(page.getByRole('link', { name: 'Return to Home' }));
    await snap(page, 'router-error');
  },
);

j.step('a browser that went away is launched again for the next journey', async () => {
  const gone = await journeyBrowser();
  await gone.close();
  expect(gone.isConnected()).toBe(false);
  const next = await journeyBrowser();
  expect(next).not.toBe(gone);
  expect(next.isConnected()).toBe(true);
  const { page } = await j.person('visitor-after');
  await page.goto('/no-such-page');
  await see(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' }));
});
