/**
 * What a person does and sees, found by role and visible text. Every wait is Playwright's own
 * auto-waiting or vitest's expect.poll: no fixed sleeps.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { UI_TIMEOUT } from './journey';

export const DEMO_PASSWORD = 'demo1234';

/** Waits until the locator is visible (first match). */
export async function see(locator: Locator, timeout = UI_TIMEOUT): Promise<Locator> {
  const first = locator.first();
  await first.waitFor({ state: 'visible', timeout });
  return first;
}

/**
 * Waits until a dialog is open and its opening zoom is over (antd's Modal; a dialog without that
 * motion passes at once). A click sent while it zooms in can be lost: Save Changes left the
 * product editor open and unsaved, and Send quote sent nothing, each once in a run.
 */
export async function seeDialog(dialog: Locator, timeout = UI_TIMEOUT): Promise<Locator> {
  const first = await see(dialog, timeout);
  await expect
    .poll(async () => (await first.getAttribute('class')) ?? '', { timeout, interval: 50 })
    .not.toMatch(/ant-zoom-(appear|enter)/);
  return first;
}

/**
 * Waits until the locator is visible and wholly inside the window, where a person can see it (a
 * popup placed off the screen is "visible" to the DOM, and Playwright scrolls to what it clicks).
 */
export async function seeInWindow(locator: Locator, timeout = UI_TIMEOUT): Promise<Locator> {
  const first = await see(locator, timeout);
  const page = first.page();
  await expect
    .poll(
      async () => {
        const box = await first.boundingBox();
        const size = page.viewportSize();
        if (!box || !size) return 'no box';
        const inside =
          box.x >= 0 &&
          box.y >= 0 &&
          box.x + box.width <= size.width &&
          box.y + box.height <= size.height;
        return inside ? 'inside' : `at ${Math.round(box.x)},${Math.round(box.y)}`;
      },
      { timeout, interval: 100 },
    )
    .toBe('inside');
  return first;
}

/** Waits until the locator's text matches. */
export async function seeText(
  locator: Locator,
  expected: string | RegExp,
  timeout = UI_TIMEOUT,
): Promise<void> {
  await expect
    .poll(async () => ((await locator.count()) > 0 ? locator.first().innerText() : ''), {
      timeout,
      interval: 100,
    })
    .toMatch(expected);
}

/** Waits until the page is at `pathname` (and optionally a search string). */
export async function at(
  page: Page,
  pathname: string | RegExp,
  timeout = UI_TIMEOUT,
): Promise<void> {
  await page.waitForURL(
    (url) =>
      typeof pathname === 'string' ? url.pathname === pathname : pathname.test(url.pathname),
    { timeout, waitUntil: 'commit' },
  );
}

/**
 * A toast with this title, and optionally this text (components/toast-region.tsx).
 */
export async function seeToast(
  page: Page,
  title: string,
  text?: string,
  timeout = UI_TIMEOUT,
): Promise<Locator> {
  const toast = page.locator('.toast').filter({ hasText: title });
  await see(text ? toast.filter({ hasText: text }) : toast, timeout);
  return toast.first();
}

/** Formats cents as the app shows them: $1,234.56. */
export function usd(cents: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
}

/** Dollars text ($1,234.56) back to cents. */
export function cents(text: string): number {
  const match = /\$([\d,]+\.\d{2})/.exec(text);
  if (!match?.[1]) throw new Error(`No dollar amount in ${JSON.stringify(text)}`);
  return Math.round(Number(match[1].replace(/,/g, '')) * 100);
}

/** Fills the email and password of a sign-in form and submits it. */
export async function submitSignIn(
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  await page.getByLabel(/email/i).first().fill(email);
  await page
    .getByLabel(/password/i)
    .first()
    .fill(password);
  await page
    .getByRole('button', { name: /^(sign in|log in|login|access portal)/i })
    .first()
    .click();
}

/**
 * Opens `url` the way a person moves on inside the app: the router's own navigation, with no new
 * document (history.pushState and a popstate event, which the app's browser router follows as it
 * follows Back and Forward). When the page holds no document of the app (a new person, the Stripe
 * sandbox's page), it loads `url` as `page.goto` does. Steps about a fresh load (a deep link, a
 * reload, a signed-out redirect), or after data was changed behind the app's back (the app keeps
 * what it read for 30 s), use `page.goto` itself (e2e/README.md).
 */
export async function openInApp(page: Page, url: string): Promise<void> {
  const here = page.url().startsWith('http') ? new URL(page.url()) : undefined;
  const target = here ? new URL(url, here) : undefined;
  const inApp =
    here !== undefined &&
    target?.origin === here.origin &&
    (await page.evaluate(() => document.getElementById('root')?.hasChildNodes() === true));
  if (!inApp || !target) {
    await page.goto(url);
    return;
  }
  await page.evaluate((href) => {
    window.history.pushState(null, '', href);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, `${target.pathname}${target.search}${target.hash}`);
}

/** Buyer sign-in at /login, up to the 'Welcome back!' toast. */
export async function signInBuyer(
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  await openInApp(page, '/login');
  await see(page.getByRole('heading', { name: 'Portal Access' }));
  await submitSignIn(page, email, password);
  await seeToast(page, 'Welcome back!');
}

/** Manager sign-in at /admin/login, up to the dashboard. */
export async function signInManager(page: Page, email = 'manager@demo.test'): Promise<void> {
  await openInApp(page, '/admin/login');
  await see(page.getByRole('heading', { name: 'Admin Login' }));
  await submitSignIn(page, email);
  await at(page, '/admin');
  await see(page.getByRole('heading', { name: 'Admin Dashboard' }));
}

/** The product card (article) with this product name. */
export function productCard(page: Page, name: string): Locator {
  return page.getByRole('article', { name, exact: true });
}

/** The Revenue total on the admin dashboard, in cents, once it has loaded. */
export async function revenue(page: Page): Promise<number> {
  const card = page.locator('.admin-stat').filter({ hasText: 'Revenue' });
  await seeText(card, /\$[\d,]+\.\d{2}/);
  return cents(await card.innerText());
}

/** A pattern matching the amount as the app shows it. */
export function usdPattern(amountInCents: number): RegExp {
  return new RegExp(usd(amountInCents).replace(/[$.,]/g, (c) => `\\${c}`));
}

/** Waits until a cart line's typed quantity field (− [n] +) shows `quantity`. */
export async function seeQuantity(
  line: Locator,
  quantity: number,
  timeout = UI_TIMEOUT,
): Promise<void> {
  const field = line.getByRole('textbox', { name: /^Quantity of / });
  await expect.poll(() => field.inputValue(), { timeout }).toBe(String(quantity));
}
