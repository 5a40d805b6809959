/**
 * Accessibility checks with axe-core (through @axe-core/playwright) on the screen a person is
 * looking at. A serious or critical violation fails the step, with every such violation listed
 * (rule, impact, help, the first elements and their HTML); the whole axe report of a failing check
 * is saved to e2e/artifacts/a11y--<label>-<width>.json. Only pages of the web app are checked:
 * the Stripe sandbox's hosted page and MailDev are other people's pages. With E2E_A11Y_LOG=<file>,
 * every check appends all its findings (moderate and minor too) and its duration to that file.
 */
import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { ARTIFACTS_DIR, DESKTOP, PHONE } from './journey';
import { transitionsDone } from './layout';
import { thisStack } from './provided';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/**
 * axe-core's source as @axe-core/playwright injects it (its own copy, so the rules are the ones
 * that package pins). AxeBuilder evaluates these 650 KB in the page twice on every check (1.2 to
 * 1.6 s a check on the store, against 0.35 to 0.5 s for the run itself); the page keeps it
 * between checks of the same document, so it is injected once per document here.
 */
const AXE_SOURCE = (
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))('axe-core') as {
    source: string;
  }
).source;
type Violation = AxeResults['violations'][number];

/** WCAG 2.0 and 2.1, levels A and AA, plus axe's best practices. */
export const A11Y_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
/**
 * Experimental in axe (so off by default) but WCAG 2.5.3 Label in Name, and one of Lighthouse's
 * audits: a control's accessible name must contain its visible text.
 */
const EXTRA_RULES = ['label-content-name-mismatch'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);
const MAX_TARGETS = 5;

const FREEZE_MOTION = `(() => {
  const style = document.createElement('style');
  style.id = 'a11y-check-no-motion';
  style.textContent = '*, *::before, *::after { animation: none !important; transition: none !important; }';
  document.head.append(style);
})()`;
const THAW_MOTION = `document.getElementById('a11y-check-no-motion')?.remove()`;

/** Waits for two animation frames, so layout that follows a resize has been painted. */
export async function settle(page: Page): Promise<void> {
  // A string expression: it runs in the page, where requestAnimationFrame exists.
  await page.evaluate(
    'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))',
  );
}

function isAppPage(page: Page): boolean {
  try {
    return new URL(page.url()).origin === new URL(thisStack().urls.web).origin;
  } catch {
    return false;
  }
}

function describe(violation: Violation): string {
  const nodes = violation.nodes.slice(0, MAX_TARGETS).map((node) => {
    const html = node.html.replace(/\s+/g, ' ');
    const summary = (node.failureSummary ?? '')
      .split('\n')
      .slice(1)
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
    return `      ${node.target.join(' >>> ')}\n        ${html.length > 160 ? `${html.slice(0, 160)}…` : html}${summary ? `\n        ${summary.length > 200 ? `${summary.slice(0, 200)}…` : summary}` : ''}`;
  });
  const more =
    violation.nodes.length > MAX_TARGETS
      ? `\n      …and ${violation.nodes.length - MAX_TARGETS} more`
      : '';
  return `  ${violation.id} (${violation.impact}, ${violation.nodes.length}x): ${violation.help}\n${nodes.join('\n')}${more}`;
}

function slug(label: string): string {
  return label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const AXE_OPTIONS = {
  runOnly: { type: 'tag', values: A11Y_TAGS },
  rules: Object.fromEntries(EXTRA_RULES.map((id) => [id, { enabled: true }])),
  // Only the violations are read: axe skips detailing the passes and incomplete checks.
  resultTypes: ['violations'],
};

/**
 * axe.run on the whole document, in the page itself (the app draws no iframes of its own), with
 * axe injected first when this document does not have it yet.
 */
async function runAxe(page: Page): Promise<AxeResults> {
  // String expressions: they run in the page, where `window.axe` lives.
  const present = await page.evaluate(
    'typeof window.axe === "object" && typeof window.axe.run === "function"',
  );
  if (!present) await page.evaluate(AXE_SOURCE);
  return (await page.evaluate(
    `window.axe.run(document, ${JSON.stringify(AXE_OPTIONS)})`,
  )) as AxeResults;
}

/**
 * Runs axe on the page as it is now. Resolves with false when the page is not the web app's
 * (nothing checked), true when it passed; rejects listing every serious or critical violation.
 */
export async function checkA11y(page: Page, label: string): Promise<boolean> {
  if (!isAppPage(page)) return false;
  const t0 = performance.now();
  await transitionsDone(page);
  // While axe reads the page (1 to 2 s), nothing animates: a toast that starts to fade out
  // meanwhile is read at its resting colours, not half transparent over the page (a contrast
  // failure of a frame no one reads). Entrances have ended above; the style goes away after.
  await page.evaluate(FREEZE_MOTION);
  const results = await runAxe(page).finally(() =>
    page.evaluate(THAW_MOTION).catch(() => undefined),
  );
  const viewport = page.viewportSize();
  const where = `${label} at ${viewport ? `${viewport.width}x${viewport.height}` : 'an unknown size'} (${page.url()})`;
  const log = process.env.E2E_A11Y_LOG;
  if (log) {
    // Every finding, moderate and minor ones too, one JSON line per check (docs/testing.md).
    const findings = results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' >>> ')),
    }));
    await appendFile(
      log,
      `${JSON.stringify({ where, ms: Math.round(performance.now() - t0), findings })}\n`,
    );
  }
  const failing = results.violations.filter((v) => FAILING_IMPACTS.has(v.impact ?? ''));
  if (failing.length === 0) return true;
  const file = `a11y--${slug(label)}-${viewport?.width ?? 0}.json`;
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  await writeFile(path.join(ARTIFACTS_DIR, file), JSON.stringify(results, null, 2));
  throw new Error(
    `Accessibility: ${failing.length} serious or critical axe violation(s) on ${where}:\n${failing.map(describe).join('\n')}\n  (full report in e2e/artifacts/${file})`,
  );
}

/**
 * checkA11y at 1280x800, then laid out again at 390x844, then back at 1280x800. Both widths are
 * checked before a failure is reported. `reach`, when given, runs at each width before the check
 * to bring the page into the state to check: a dialog or confirmation opened from a table row on
 * desktop is gone when a phone shows that row as a card, so it opens it again (and should do
 * nothing when it is open). Back at 1280x800 the page may have lost such a state again.
 */
export async function checkA11yBothWidths(
  page: Page,
  label: string,
  reach?: () => Promise<void>,
): Promise<void> {
  const errors: string[] = [];
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await settle(page);
    if (reach) await reach();
    await checkA11y(page, label).catch((error: unknown) => {
      errors.push(error instanceof Error ? error.message : String(error));
    });
  }
  await page.setViewportSize(DESKTOP);
  await settle(page);
  if (errors.length > 0) throw new Error(errors.join('\n'));
}
