/**
 * Picking an option of an antd Select from a script or a journey, so that the pick is known to
 * have taken. On a loaded machine a click can land while the dropdown is still opening, or while
 * an answer from the server redraws its list: the click is lost, the field shows nothing chosen,
 * and the step fails later, far from the cause (a dialog that cannot be submitted, a line that is
 * never added). Here the option is clicked until its effect shows, a few times at most.
 */
import type { Locator, Page } from 'playwright-core';

export interface SelectPick {
  /** Opens the dropdown with the option in it (a click on the field, or typing a search). */
  open: () => Promise<void>;
  /** The option to click, once the dropdown shows it. */
  option: Locator;
  /** Resolves once the pick shows its effect, rejects after `timeoutMs` if it does not. */
  taken: (timeoutMs: number) => Promise<void>;
  /** Clicks before giving up (3). */
  attempts?: number;
  /** How long each attempt waits for the option and then for its effect (5 s). */
  timeoutMs?: number;
}

/** Opens, clicks the option and waits for its effect; again when the effect does not show. */
export async function pickSelectOption({
  open,
  option,
  taken,
  attempts = 3,
  timeoutMs = 5_000,
}: SelectPick): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      if (!(await option.isVisible())) await open();
      await option.click({ timeout: timeoutMs });
      await taken(timeoutMs);
      return;
    } catch (error) {
      if (attempt >= attempts) throw error;
    }
  }
}

/**
 * Chooses `carrier` in the Carrier field of a managers' ship dialog and waits until the field
 * shows it.
 */
export async function chooseCarrier(page: Page, dialog: Locator, carrier: string): Promise<void> {
  const title = page.getByTitle(carrier, { exact: true });
  await pickSelectOption({
    open: () => dialog.getByLabel('Carrier').click(),
    option: page.locator('.ant-select-item-option').and(title),
    taken: (timeout) =>
      dialog.getByTitle(carrier, { exact: true }).first().waitFor({ state: 'visible', timeout }),
  });
}
