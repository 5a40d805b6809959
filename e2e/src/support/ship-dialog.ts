/** The managers' ship dialog (Orders tab and backorder queue), as a manager fills it in. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { chooseCarrier } from '../../../scripts/lib/browser/select-option';
import { seeDialog, seeToast } from './ui';

export { chooseCarrier };

/**
 * Fills the open "Ship order <label>" dialog and records the shipment with UPS and `tracking`:
 * each product named in `units` ships that many units; any other line still to ship ships none
 * (`lines` names them); with no `units`, the dialog's own counts (everything left) ship. Waits
 * for "Order <label> is now <status>" and the dialog to close.
 */
export async function shipInDialog(
  page: Page,
  label: string,
  shipment: {
    tracking: string;
    status: string;
    units?: ReadonlyMap<string, number>;
    lines?: readonly string[];
  },
  timeout = 60_000,
): Promise<void> {
  const dialog = page.getByRole('dialog', { name: `Ship order ${label}` });
  await seeDialog(dialog, timeout);
  if (shipment.units) {
    for (const name of shipment.lines ?? [...shipment.units.keys()]) {
      const box = dialog.getByRole('textbox', { name: `Units of ${name} to ship` });
      const units = shipment.units.get(name);
      if (units !== undefined) await box.fill(String(units));
      else if ((await box.count()) > 0) await box.fill('0');
    }
  }
  await chooseCarrier(page, dialog, 'UPS');
  await dialog.getByLabel('Tracking number').fill(shipment.tracking);
  await dialog.getByRole('button', { name: 'Mark shipped', exact: true }).click();
  await seeToast(page, 'Success', `Order ${label} is now ${shipment.status}`, timeout);
  await expect.poll(() => dialog.isVisible()).toBe(false);
}
