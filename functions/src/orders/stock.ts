import type { DocumentSnapshot, Firestore, Transaction } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  heldUnitsCapMessage,
  holdCapMessage,
  MAX_HELD_UNITS_PER_BUYER,
  MAX_STOCK_UNITS,
  maxHeldUnits,
  stockShortMessage,
  type QuantityRule,
} from '@portal/domain';
import { PreconditionError } from '../lib/errors';
import { log } from '../lib/log';

/**
 * Stock on the product documents (products/{id}.stock_on_hand and .stock_reserved), moved only
 * inside the transactions that move checkouts and orders, so each move happens exactly once:
 *
 * - reserve: a new checkout holds its units (stock_reserved += q), refused when fewer are
 *   available (on hand less reserved) than a line asks for;
 * - release: a checkout that leaves 'open' without becoming an order gives them back
 *   (stock_reserved -= q);
 * - commit: a checkout that becomes an order takes them (stock_on_hand -= q, stock_reserved -= q);
 * - restock: a cancelled order puts its units back on hand (stock_on_hand += q), when asked.
 *
 * A product whose stock_on_hand is null (or not a number) does not track stock: it is never
 * reserved and its stock_on_hand is never changed. A product deleted meanwhile is skipped.
 * Every function here only writes: the caller reads the products first (readStock), with its
 * other reads, because a transaction reads everything before it writes anything.
 */

/** Units per product id: what a checkout holds (only tracked products) or an order took. */
export type StockHold = Record<string, number>;

/** One checkout line as stock sees it. */
export interface StockLine {
  product_id: string;
  name: string;
  quantity: number;
}

/** The product documents a transaction read for a stock move, by product id. */
export type StockRead = ReadonlyMap<string, DocumentSnapshot>;

interface Levels {
  onHand: number | null;
  reserved: number;
}

const wholeOrNull = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) ? value : null;

function levelsOf(snap: DocumentSnapshot): Levels {
  return {
    onHand: wholeOrNull(snap.get('stock_on_hand')),
    reserved: Math.max(0, wholeOrNull(snap.get('stock_reserved')) ?? 0),
  };
}

/** The product's case pack and minimum as stored (1 when absent or malformed). */
function ruleOf(snap: DocumentSnapshot): QuantityRule {
  const whole = (value: unknown) =>
    typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : 1;
  return { case_pack: whole(snap.get('case_pack')), min_quantity: whole(snap.get('min_quantity')) };
}

/** Reads the product documents of `productIds` in the transaction (none: no read at all). */
export async function readStock(
  tx: Transaction,
  db: Firestore,
  productIds: Iterable<string>,
): Promise<StockRead> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return new Map();
  const snaps = await tx.getAll(...ids.map((id) => db.collection(COLLECTIONS.products).doc(id)));
  return new Map(snaps.map((snap) => [snap.id, snap]));
}

/** The product ids a hold names. */
export const holdProducts = (hold: StockHold | null | undefined): string[] =>
  Object.keys(hold ?? {});

/** Units per product of some lines (a product on two lines counts once, with both quantities). */
export function unitsOf(lines: ReadonlyArray<Pick<StockLine, 'product_id' | 'quantity'>>) {
  const units: StockHold = {};
  for (const line of lines) units[line.product_id] = (units[line.product_id] ?? 0) + line.quantity;
  return units;
}

/** A reservation refused: fewer units available than a line asks for. */
export class StockShortError extends PreconditionError {
  override name = 'StockShortError';
  constructor(
    readonly productId: string,
    readonly available: number,
    name: string,
    rule?: QuantityRule,
  ) {
    super(`${stockShortMessage(name, available, rule)}.`, { productId, available });
  }
}

/**
 * A reservation refused because the buyer would hold more than one buyer may at a time
 * (maxHeldUnits of a product, MAX_HELD_UNITS_PER_BUYER in all: packages/domain/src/stock-holds.ts).
 */
export class HoldCapError extends PreconditionError {
  override name = 'HoldCapError';
}

/** Why a reservation was refused: too little stock, or more than one buyer may hold. */
export type StockRefusal = StockShortError | HoldCapError;

/**
 * What reserving the lines would hold, or the first refusal: the units of each tracked product
 * the lines ask for, checked against what is available and against what one buyer may hold.
 * `own` is what the buyer's previous open checkout holds (it is about to be replaced): those
 * units count as the buyer's. A shortage they cover is `retire` (release that hold first, then
 * reserve); else the refusal names what the buyer could have. `others` is what the buyer's other
 * holds (a delayed payment settling) already take: they count toward the buyer's caps. Writes
 * nothing.
 */
export function planReservation(
  read: StockRead,
  lines: readonly StockLine[],
  own: StockHold = {},
  others: StockHold = {},
): { hold: StockHold } | { short: StockRefusal; retire: boolean } {
  const wanted = unitsOf(lines);
  const nameOf = (productId: string) =>
    lines.find((line) => line.product_id === productId)?.name ?? productId;
  const hold: StockHold = {};
  let retire: StockShortError | null = null;
  for (const [productId, quantity] of Object.entries(wanted)) {
    const snap = read.get(productId);
    // Pricing found the product a moment ago; deleted since, it is not for sale.
    if (!snap?.exists) {
      return { short: new StockShortError(productId, 0, nameOf(productId)), retire: false };
    }
    const { onHand, reserved } = levelsOf(snap);
    if (onHand === null) continue;
    const available = Math.max(0, onHand - reserved);
    const rule = ruleOf(snap);
    if (available < quantity) {
      const mine = Math.min(available + (own[productId] ?? 0), onHand);
      const short = new StockShortError(productId, mine, nameOf(productId), rule);
      if (mine < quantity) return { short, retire: false };
      retire ??= short;
    }
    // One buyer never holds more than their share of a product, whatever is available.
    const cap = maxHeldUnits(onHand, rule);
    const heldElsewhere = others[productId] ?? 0;
    if (heldElsewhere + quantity > cap) {
      const message = holdCapMessage(nameOf(productId), cap, heldElsewhere, rule);
      return {
        short: new HoldCapError(`${message}.`, { productId, cap, held: heldElsewhere }),
        retire: false,
      };
    }
    hold[productId] = quantity;
  }
  const asked = Object.values(hold).reduce((sum, q) => sum + q, 0);
  const held = Object.values(others).reduce((sum, q) => sum + q, 0);
  if (asked > 0 && asked + held > MAX_HELD_UNITS_PER_BUYER) {
    return {
      short: new HoldCapError(`${heldUnitsCapMessage(asked, held)}.`, {
        cap: MAX_HELD_UNITS_PER_BUYER,
      }),
      retire: false,
    };
  }
  return retire ? { short: retire, retire: true } : { hold };
}

/** Holds the planned units: stock_reserved += q on each product of the hold. */
export function reserveStock(tx: Transaction, read: StockRead, hold: StockHold): void {
  for (const [productId, quantity] of Object.entries(hold)) {
    const snap = read.get(productId);
    if (!snap?.exists) continue;
    tx.update(snap.ref, { stock_reserved: levelsOf(snap).reserved + quantity });
  }
}

/** Gives a hold back: stock_reserved -= q (never below 0). */
export function releaseStock(tx: Transaction, read: StockRead, hold: StockHold): void {
  for (const [productId, quantity] of Object.entries(hold)) {
    const snap = read.get(productId);
    if (!snap?.exists) continue;
    const { reserved } = levelsOf(snap);
    if (reserved > 0) tx.update(snap.ref, { stock_reserved: Math.max(0, reserved - quantity) });
  }
}

/**
 * A checkout became an order: its units leave the shelf (stock_on_hand -= q, never below 0) and,
 * when it still `held` them, its hold ends (stock_reserved -= q). One whose hold was already
 * released (closed on our side, then paid at Stripe all the same) still takes the units: the
 * buyer paid, the goods are owed. Returns what was taken from stock_on_hand.
 */
export function commitStock(
  tx: Transaction,
  read: StockRead,
  hold: StockHold,
  held: boolean,
  orderId: string,
): StockHold {
  const taken: StockHold = {};
  for (const [productId, quantity] of Object.entries(hold)) {
    const snap = read.get(productId);
    if (!snap?.exists) continue;
    const { onHand, reserved } = levelsOf(snap);
    const update: Record<string, number> = {};
    if (held && reserved > 0) update.stock_reserved = Math.max(0, reserved - quantity);
    if (onHand !== null) {
      if (!held && onHand - reserved < quantity) {
        log.warn('stock_oversold', { orderId, productId, quantity, onHand, reserved });
      }
      update.stock_on_hand = Math.max(0, onHand - quantity);
      taken[productId] = quantity;
    }
    if (Object.keys(update).length > 0) tx.update(snap.ref, update);
  }
  return taken;
}

/** Puts units back on hand (stock_on_hand += q) for the products that track stock. */
export function restockStock(tx: Transaction, read: StockRead, units: StockHold): StockHold {
  const restocked: StockHold = {};
  for (const [productId, quantity] of Object.entries(units)) {
    const snap = read.get(productId);
    if (!snap?.exists || quantity <= 0) continue;
    const { onHand } = levelsOf(snap);
    if (onHand === null) continue;
    tx.update(snap.ref, { stock_on_hand: Math.min(MAX_STOCK_UNITS, onHand + quantity) });
    restocked[productId] = quantity;
  }
  return restocked;
}

/** Reads a stored hold (checkouts' stock_hold, orders' stock_taken): whole positive units only. */
export function readHold(value: unknown): StockHold | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const hold: StockHold = {};
  for (const [productId, quantity] of Object.entries(value as Record<string, unknown>)) {
    if (typeof quantity === 'number' && Number.isInteger(quantity) && quantity > 0) {
      hold[productId] = quantity;
    }
  }
  return hold;
}
