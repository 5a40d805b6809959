/**
 * A production build made with no env file works the way Firebase Hosting serves it: it reads the
 * project's web config from /__/firebase/init.json and talks to that project, never to the
 * emulators. The built app is served by `vite preview` with an init.json beside it; calls to
 * Google's Auth API are answered here (this machine is offline) and recorded, as is App Check's
 * reCAPTCHA Enterprise script.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { routePath } from '@portal/domain';
import { freePort, waitForPort } from '../../scripts/lib/ports';
import type { ManagedProcess } from '../../scripts/lib/processes';
import { buildWeb, startWebPreview } from '../../scripts/lib/web-build';
import { readManifest } from '../../web/build/route-chunks';
import { journeyBrowser } from './support/browser';
import { DESKTOP, PHONE, UI_TIMEOUT } from './support/journey';
import { see, seeToast } from './support/ui';

const HOSTING_CONFIG = {
  apiKey: 'AIza-e2e-hosting-key',
  authDomain: 'acme-wholesale.firebaseapp.com',
  projectId: 'acme-wholesale',
  appId: '1:123456789:web:e2e',
  storageBucket: 'acme-wholesale.firebasestorage.app',
  messagingSenderId: '123456789',
};

const SITE_KEY = '6Lc-e2e-app-check-site-key';
const APP_CHECK_TOKEN = 'e2e-app-check-token';

/**
 * Just enough of grecaptcha.enterprise for App Check: ready, an invisible widget whose execute
 * reports success and answers a token.
 */
const RECAPTCHA_STAND_IN = `
  window.grecaptcha = { enterprise: {
    ready: (callback) => setTimeout(callback, 0),
    render: (container, params) => { window.__recaptchaWidget = params; return 1; },
    execute: () => { window.__recaptchaWidget.callback('ok'); return Promise.resolve('e2e-recaptcha-answer'); },
  } };
`;

const outDir = mkdtempSync(path.join(tmpdir(), 'portal-prod-e2e-'));
let preview: ManagedProcess | undefined;
let origin = '';

beforeAll(async () => {
  const built = buildWeb(outDir, { vars: { VITE_APP_CHECK_SITE_KEY: SITE_KEY } });
  if (!built.ok) throw new Error(`vite build failed:\n${built.output}`);
  mkdirSync(path.join(outDir, '__/firebase'), { recursive: true });
  writeFileSync(path.join(outDir, '__/firebase/init.json'), JSON.stringify(HOSTING_CONFIG));

  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  preview = startWebPreview(outDir, port);
  await waitForPort(port, 30_000);
});

afterAll(async () => {
  await preview?.stop();
  rmSync(outDir, { recursive: true, force: true });
});

/** A phone's browser: the Firebase Auth SDK treats mobile browsers differently (see below). */
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

test.each([
  { device: 'desktop', viewport: DESKTOP, userAgent: undefined },
  // With getAuth()'s popup/redirect helper a phone would load Google's sign-in iframe and script
  // at once (blocked by the Content-Security-Policy); the app never loads them.
  { device: 'phone', viewport: PHONE, userAgent: IPHONE_UA },
])(
  'signing in from a production build ($device) goes to the project named by Hosting, not to an emulator',
  async ({ viewport, userAgent }) => {
    const browser = await journeyBrowser();
    const context = await browser.newContext({
      baseURL: origin,
      viewport,
      locale: 'en-US',
      ...(userAgent ? { userAgent } : {}),
    });
    context.setDefaultTimeout(UI_TIMEOUT);
    const elsewhere: string[] = [];
    const authCalls: URL[] = [];
    const recaptcha: URL[] = [];
    const appCheckCalls: URL[] = [];
    const authHeaders: Array<Record<string, string>> = [];
    await context.route('**/*', async (route) => {
      const url = new URL(route.request().url());
      if (url.origin === origin) return route.continue();
      if (url.hostname === 'www.google.com' && url.pathname === '/recaptcha/enterprise.js') {
        // App Check's reCAPTCHA Enterprise script, stood in for here (offline): recorded.
        recaptcha.push(url);
        return route.fulfill({ contentType: 'text/javascript', body: RECAPTCHA_STAND_IN });
      }
      if (url.hostname === 'content-firebaseappcheck.googleapis.com') {
        // App Check's exchange of the reCAPTCHA answer for an App Check token.
        const cors = { 'access-control-allow-origin': origin, 'access-control-allow-headers': '*' };
        if (route.request().method() === 'OPTIONS')
          return route.fulfill({ status: 204, headers: cors });
        appCheckCalls.push(url);
        return route.fulfill({
          status: 200,
          headers: cors,
          contentType: 'application/json',
          body: JSON.stringify({ token: APP_CHECK_TOKEN, ttl: '3600s' }),
        });
      }
      if (url.hostname === 'identitytoolkit.googleapis.com') {
        authCalls.push(url);
        authHeaders.push(route.request().headers());
        return route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 400, message: 'INVALID_LOGIN_CREDENTIALS' } }),
        });
      }
      elsewhere.push(url.href);
      return route.abort();
    });
    try {
      const page = await context.newPage();
      const initJson = page.waitForResponse((r) => r.url() === `${origin}/__/firebase/init.json`);
      const firebaseRequests: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname === '/__/firebase/init.json' || url.origin !== origin)
          firebaseRequests.push(url.href);
      });
      await page.goto('/login');
      await see(page.getByRole('heading', { name: 'Portal Access' }));
      // The sign-in page loads no Firebase until the form is used (the public shell): once the
      // page has settled, neither the Hosting config nor any Google host has been asked.
      await page.waitForLoadState('networkidle');
      expect(firebaseRequests).toEqual([]);
      await page.getByLabel('Email').fill('buyer@acme.test');
      await page.getByLabel('Password').fill('not-the-password');
      await page.getByRole('button', { name: 'Sign In' }).click();
      expect((await initJson).status()).toBe(200);
      await see(page.getByText('Login Failed'));

      expect(authCalls.map((u) => u.pathname)).toContain('/v1/accounts:signInWithPassword');
      expect(authCalls.every((u) => u.searchParams.get('key') === HOSTING_CONFIG.apiKey)).toBe(
        true,
      );
      // App Check started with reCAPTCHA Enterprise and the build's site key, and exchanged its
      // answer with the project and app named by Hosting.
      expect(recaptcha).toHaveLength(1);
      expect(
        await page.evaluate(
          () =>
            (globalThis as unknown as { __recaptchaWidget?: { sitekey?: string } })
              .__recaptchaWidget?.sitekey,
        ),
      ).toBe(SITE_KEY);
      expect(appCheckCalls.map((u) => decodeURIComponent(u.pathname))).toContain(
        `/v1/projects/${HOSTING_CONFIG.projectId}/apps/${HOSTING_CONFIG.appId}:exchangeRecaptchaEnterpriseToken`,
      );
      // ...and the Firebase SDKs send that token with their requests (here: signing in).
      expect(authHeaders.map((h) => h['x-firebase-appcheck'])).toContain(APP_CHECK_TOKEN);
      // Nothing went to an emulator port or any other host.
      expect(elsewhere).toEqual([]);
    } finally {
      await context.close();
    }
  },
);

test('without Hosting config a production build says so instead of starting against anything', async () => {
  const browser = await journeyBrowser();
  rmSync(path.join(outDir, '__'), { recursive: true, force: true });
  const context = await browser.newContext({ baseURL: origin, viewport: DESKTOP, locale: 'en-US' });
  context.setDefaultTimeout(UI_TIMEOUT);
  const elsewhere: string[] = [];
  await context.route('**/*', async (route) => {
    if (new URL(route.request().url()).origin === origin) return route.continue();
    elsewhere.push(route.request().url());
    return route.abort();
  });
  try {
    const page = await context.newPage();
    // A page in the Firebase layout needs the config to show at all.
    await page.goto('/portal');
    // vite preview answers the missing file with the SPA's index.html, as a plain static host would.
    await see(page.getByRole('heading', { name: 'Unexpected Application Error!' }));
    await see(page.getByText('/__/firebase/init.json is not a Firebase web config'));
    await see(page.getByText('Is the app served by Firebase Hosting?'));
    // The sign-in page shows without Firebase, and a sign-in that cannot start says so.
    await page.goto('/login');
    await see(page.getByRole('heading', { name: 'Portal Access' }));
    await page.getByLabel('Email').fill('buyer@acme.test');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await seeToast(page, 'Login Error', 'Something went wrong. Please try again.');
    expect(elsewhere).toEqual([]);
  } finally {
    await context.close();
  }
});

test("each URL gets its route's document, as Hosting's rewrites serve it, with the route's code preloaded", async () => {
  const manifest = readManifest(outDir);
  const chunk = (module: string) => manifest[`src/app/routes/${module}.tsx`]!.file;
  const html = async (url: string) => {
    const response = await fetch(`${origin}${url}`);
    expect(response.status, url).toBe(200);
    return response.text();
  };
  const cases = [
    { url: '/', module: 'landing' },
    { url: '/login?next=%2Fportal%2Fcart', module: 'login' },
    { url: routePath('product', { productId: 'purple-dream' }), module: 'product' },
    { url: '/admin', module: 'admin' },
    { url: '/no/such/page', module: 'not-found' },
  ];
  for (const { url, module } of cases) {
    const document = await html(url);
    expect(document, url).toContain(
      `<link rel="modulepreload" crossorigin href="/${chunk(module)}">`,
    );
    for (const other of cases.filter((c) => c.module !== module)) {
      expect(document, `${url} preloads ${other.module}`).not.toContain(chunk(other.module));
    }
  }
  // An address that is no valid encoding is a page nobody has, not a server error.
  expect(await html('/portal/%E0%A4%A')).toContain(chunk('not-found'));
  // Files are served as they are, never a document.
  expect(await html('/favicon.svg')).toContain('<svg');
});
