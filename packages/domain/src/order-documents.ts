/**
 * What the order's paper documents (the invoice and the packing slip) print about a line and the
 * ship-to: the SKU, the quantity as the warehouse counts it ("3 cases × 20 = 60") and the store
 * the goods go to. One home for both documents and the PDF.
 */
import type { ShipTo } from './ship-to';
import { shipToLines } from './ship-to';

/**
 * A line's quantity in cases: "3 cases × 20 = 60", "1 case × 6 = 6", or with loose units left
 * over (a line from before case packs were enforced) "2 cases × 20 + 5 = 45". Null for a line
 * sold by the unit (no case pack, or a pack of 1) or smaller than one case: the quantity alone
 * says it.
 */
export function caseBreakdown(quantity: number, casePack: number | undefined): string | null {
  const pack = casePack ?? 1;
  if (!Number.isInteger(pack) || pack <= 1 || !Number.isInteger(quantity) || quantity < pack) {
    return null;
  }
  const cases = Math.floor(quantity / pack);
  const loose = quantity % pack;
  const casesText = `${cases} ${cases === 1 ? 'case' : 'cases'} × ${pack}`;
  return loose === 0 ? `${casesText} = ${quantity}` : `${casesText} + ${loose} = ${quantity}`;
}

/** The quantity column of a document: the case breakdown, or the bare quantity. */
export function documentQuantity(line: { quantity: number; case_pack?: number }): string {
  return caseBreakdown(line.quantity, line.case_pack) ?? String(line.quantity);
}

/**
 * The ship-to block of a document: the store's name first (the goods go to a shop, and the
 * ship-to name is often a person), then the address as on a label. A store name the ship-to
 * already starts with is not printed twice.
 */
export function documentShipToLines(storeName: string, shipTo: ShipTo): string[] {
  const lines = shipToLines(shipTo);
  const store = storeName.trim();
  if (!store || store.toLowerCase() === shipTo.name.trim().toLowerCase()) return lines;
  return [store, ...lines];
}
