import path from 'node:path';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, SCREENSHOTS_DIR } from './journey';

/** Waits for two animation frames, so layout that follows a resize has been painted. */
async function settle(page: Page): Promise<void> {
  // A string expression: it runs in the page, where requestAnimationFrame exists.
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
}

/**
 * Saves what the person sees now as e2e/screenshots/<name>-1280x800.png and
 * <name>-390x844.png (the page is laid out again at phone width for the second, then restored).
 */
export async function snap(page: Page, name: string): Promise<void> {
  const shot = async (size: { width: number; height: number }) => {
    await page.setViewportSize(size);
    await settle(page);
    await page.screenshot({
      path: path.join(SCREENSHOTS_DIR, `${name}-${size.width}x${size.height}.png`),
      animations: 'disabled',
    });
  };
  await shot(DESKTOP);
  await shot(PHONE);
  await page.setViewportSize(DESKTOP);
  await settle(page);
}
