import path from 'node:path';
import type { Page } from 'playwright-core';
import { checkA11y, settle } from './a11y';
import { DESKTOP, PHONE, SCREENSHOTS_DIR } from './journey';

/**
 * Saves what the person sees now as e2e/screenshots/<name>-1280x800.png and
 * <name>-390x844.png (the page is laid out again at phone width for the second, then restored),
 * and checks each width with axe (support/a11y.ts): a serious or critical violation at either
 * width fails the step, after both screenshots are saved. `reach`, when given, runs at each width
 * before the shot to bring the page into the state to show, as checkA11yBothWidths' does: a dialog
 * opened from a table row is gone when a phone shows that row as a card, so it opens (and fills)
 * it again there. Back at 1280x800 the page may have lost that state again.
 */
export async function snap(page: Page, name: string, reach?: () => Promise<void>): Promise<void> {
  const problems: string[] = [];
  const shot = async (size: { width: number; height: number }) => {
    await page.setViewportSize(size);
    await settle(page);
    if (reach) {
      await reach();
      await settle(page);
    }
    await page.screenshot({
      path: path.join(SCREENSHOTS_DIR, `${name}-${size.width}x${size.height}.png`),
      animations: 'disabled',
    });
    await checkA11y(page, name).catch((error: unknown) => {
      problems.push(error instanceof Error ? error.message : String(error));
    });
  };
  await shot(DESKTOP);
  await shot(PHONE);
  await page.setViewportSize(DESKTOP);
  await settle(page);
  if (problems.length > 0) throw new Error(problems.join('\n'));
}
