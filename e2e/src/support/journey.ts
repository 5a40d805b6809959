/**
 * One journey = one test file = one or more people (browser contexts) walking through the app
 * step by step. Steps run in order; when one fails, the later steps fail at once with the name
 * of the step that broke (no retries), and the failing page is saved to e2e/artifacts/.
 */
import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, test } from 'vitest';
import { journeyBrowser } from './browser';
import { failureContext } from './failure-context';
import { thisStack, type StackInfo } from './provided';

export const E2E_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SCREENSHOTS_DIR = path.join(E2E_ROOT, 'screenshots');
export const ARTIFACTS_DIR = path.join(E2E_ROOT, 'artifacts');

/** How long the UI may take for one thing to appear (the functions emulator starts cold). */
export const UI_TIMEOUT = 20_000;
export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

export interface Person {
  page: Page;
  context: BrowserContext;
}

export type PersonDevice = Pick<
  BrowserContextOptions,
  'viewport' | 'hasTouch' | 'isMobile' | 'reducedMotion'
>;

export interface Journey {
  readonly stack: StackInfo;
  /**
   * A new person: their own browser context (cookies, storage), at 1280x800 unless `device` says
   * otherwise (a phone: `{ viewport: PHONE, hasTouch: true, isMobile: true }`), preferring
   * reduced motion unless the journey keeps motion (JourneyOptions) or `device.reducedMotion`
   * says otherwise.
   */
  person(name: string, device?: PersonDevice): Promise<Person>;
  /** Runs `fn` as the next step of this journey. */
  step(name: string, fn: () => Promise<void>, timeoutMs?: number): void;
}

export interface JourneyOptions {
  /**
   * Whether its people see the motion most people see (antd's zooms and slides, the CSS
   * transitions). By default they prefer reduced motion, which the app honours (antd's motion off,
   * no CSS animation or transition: styles/global.css): dialogs and menus are there at once, and
   * the renderer draws far fewer frames. Four journeys keep motion (keyboard-only,
   * manager-insight, order-book, phone-layout), so the app is still walked through as most people
   * see it: dialogs zooming in under the keyboard's focus, menus sliding, toasts fading.
   * E2E_MOTION=1 gives every journey motion (to chase a failure that only motion shows).
   */
  motion?: boolean;
}

export function journey(slug: string, options: JourneyOptions = {}): Journey {
  const motion = options.motion || process.env.E2E_MOTION === '1' ? 'no-preference' : 'reduce';
  const stack = thisStack();
  const people: { name: string; person: Person }[] = [];
  let broken: string | undefined;

  beforeAll(async () => {
    // Launched (once per worker) before the first step, so no step's time includes it.
    await journeyBrowser();
    await mkdir(ARTIFACTS_DIR, { recursive: true });
    await mkdir(SCREENSHOTS_DIR, { recursive: true });
  });

  afterAll(async () => {
    await Promise.allSettled(people.map(({ person }) => person.context.close()));
  });

  const logFile = path.join(ARTIFACTS_DIR, `${slug}.console.log`);
  const record = (line: string) => void appendFile(logFile, `${line}\n`).catch(() => undefined);

  return {
    stack,
    async person(name, device = {}) {
      const browser = await journeyBrowser();
      const context = await browser.newContext({
        baseURL: stack.urls.web,
        viewport: DESKTOP,
        locale: 'en-US',
        reducedMotion: motion,
        ...device,
      });
      context.setDefaultTimeout(UI_TIMEOUT);
      context.setDefaultNavigationTimeout(UI_TIMEOUT);
      const page = await context.newPage();
      page.on('pageerror', (error) => record(`[${name}] pageerror ${error.message}`));
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        // A failed request's message names no address: its location does.
        const { url } = message.location();
        record(`[${name}] console.error ${message.text()}${url ? ` (${url})` : ''}`);
      });
      const person = { page, context };
      people.push({ name, person });
      return person;
    },
    step(name, fn, timeoutMs = 90_000) {
      test(
        name,
        async () => {
          if (broken) throw new Error(`Not run: the earlier step "${broken}" failed`);
          try {
            await fn();
          } catch (error) {
            broken = name;
            await Promise.allSettled(
              people.map(({ name: who, person }) =>
                person.page.screenshot({
                  path: path.join(ARTIFACTS_DIR, `${slug}--${who}--failed.png`),
                }),
              ),
            );
            // The page as it was (what a screenshot cannot show: roles, names, hidden elements).
            await Promise.allSettled(
              people.map(async ({ name: who, person }) =>
                writeFile(
                  path.join(ARTIFACTS_DIR, `${slug}--${who}--failed.html`),
                  await person.page.content(),
                ),
              ),
            );
            const urls = people
              .map(({ name: who, person }) => `${who} at ${person.page.url()}`)
              .join('; ');
            // Appended after the screenshots and the log lines have been written.
            const context = await failureContext(
              people.map(({ name: who, person }) => ({ name: who, page: person.page })),
              logFile,
              ARTIFACTS_DIR,
            ).catch(() => '');
            if (error instanceof Error) {
              error.message = `${error.message}\n  (${urls}; screenshots in e2e/artifacts/${slug}--*--failed.png)${context}`;
            }
            throw error;
          }
        },
        timeoutMs,
      );
    },
  };
}
