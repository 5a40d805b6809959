/**
 * What a failed step adds to its error message, so that a failure seen only in CI's printed
 * output (where the artifacts are not kept) still says why: what each person's page was telling
 * them (alerts, open dialogs, toasts), the last browser errors of the journey, and the stack's
 * recent warnings and errors (functions, emulators).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { workerIndex } from '../../../test-support/worker-stack';

const MAX_TEXT = 240;
const MAX_LOG_LINES = 8;
/** How far back in the stack's log to look: the last lines written, not the whole run. */
const STACK_LOG_WINDOW = 400;
const STACK_TROUBLE = new RegExp(
  [
    '"severity":"(ERROR|WARNING)"',
    '\\bABORTED\\b',
    '\\bDEADLINE_EXCEEDED\\b',
    'Unhandled',
    '\\bError:',
    // A function that ran 5 s or more (the functions emulator's "Finished ... in 5123.4ms").
    'Finished "[^"]+" in ([5-9]\\d{3}|\\d{5,})(\\.\\d+)?ms',
  ].join('|'),
);

const squeeze = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_TEXT ? `${flat.slice(0, MAX_TEXT)}…` : flat;
};

/** The visible messages on a page: alerts, dialogs and toasts, in document order. */
export async function visibleMessages(page: Page): Promise<string[]> {
  const texts = await page
    // The portal's own toasts (components/toast-region.tsx) have no role: found by their class.
    .locator(
      '[role="alert"], [role="dialog"], [role="alertdialog"], .toast, .ant-message-notice, .ant-notification-notice',
    )
    .evaluateAll((nodes) =>
      nodes
        .filter(
          (node) =>
            (node as HTMLElement).offsetParent !== null ||
            getComputedStyle(node).position === 'fixed',
        )
        .map(
          (node) => `${node.getAttribute('role') ?? 'toast'}: ${(node as HTMLElement).innerText}`,
        ),
    );
  return texts.map(squeeze).filter((text) => !/^\w+:\s*$/.test(text));
}

async function lastLines(
  file: string,
  window: number,
  keep: (line: string) => boolean,
): Promise<string[]> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return text
    .split('\n')
    .slice(-window)
    .filter((line) => line.trim() !== '' && keep(line))
    .slice(-MAX_LOG_LINES)
    .map(squeeze);
}

/** The browser errors this journey recorded (journey.ts writes them to `consoleLog`). */
export const recentBrowserErrors = (consoleLog: string) =>
  lastLines(consoleLog, MAX_LOG_LINES, () => true);

/** The warnings and errors the journey's stack logged lately (global-setup.ts writes the log). */
export function recentStackTrouble(artifactsDir: string): Promise<string[]> {
  const index = workerIndex(inject('stacks').length) + 1;
  return lastLines(path.join(artifactsDir, `stack-${index}.log`), STACK_LOG_WINDOW, (line) =>
    STACK_TROUBLE.test(line),
  );
}

/** The whole addition to the error message, one section per source that has something to say. */
export async function failureContext(
  people: { name: string; page: Page }[],
  consoleLog: string,
  artifactsDir: string,
): Promise<string> {
  const sections: [string, string[]][] = [];
  for (const { name, page } of people) {
    sections.push([`${name}'s page shows`, await visibleMessages(page).catch(() => [])]);
  }
  sections.push(['browser errors', await recentBrowserErrors(consoleLog)]);
  sections.push([
    'stack warnings and errors',
    await recentStackTrouble(artifactsDir).catch(() => []),
  ]);
  return sections
    .filter(([, lines]) => lines.length > 0)
    .map(([title, lines]) => `\n  ${title}:${lines.map((line) => `\n    ${line}`).join('')}`)
    .join('');
}
