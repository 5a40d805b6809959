import type { DocumentSnapshot, Firestore, Transaction } from 'firebase-admin/firestore';
import {
  backorderedUnits,
  COLLECTIONS,
  heldUnitsCapMessage,
  holdCapMessage,
  MAX_HELD_UNITS_PER_BUYER,
  MAX_STOCK_UNITS,
  maxHeldUnits,
  stockShortMessage,
  takesBackorders,
  type QuantityRule,
} from '@portal/domain';
import { PreconditionError } from '../lib/errors';
import { log } from '../lib/log';
import {
  readProductStock,
  type DocumentReader,
  type ProductStock,
  type ShardNeeds,
  type StockCount,
} from './stock-shards';

/**
 * Stock moves, each inside the transaction that moves a checkout or an order, so each happens
 * exactly once. The counts live in the product's shards (stock-shards.ts, docs/stock.md): a
 * checkout writes one shard of each product, never the product document.
 *
 * - reserve: a new checkout holds its units, refused when fewer are available (on hand less
 *   reserved) than a line asks for;
 * - release: a checkout that leaves 'open' without becoming an order gives them back;
 * - commit: a checkout that becomes an order takes them from on hand and ends its hold;
 * - backorder: a product that takes backorders (docs/catalog.md#backorders) is ordered beyond
 *   what is available: only the available part is held, the rest of the line is `backordered`,
 *   and the commit takes both, so on hand goes below 0 by the backordered units (owed). That is
 *   the only way it goes below 0: any other commit stops at 0;
 * - restock: a cancelled order puts its units back on hand, when asked.
 *
 * A product whose stock_on_hand is null (or not a number) does not track stock: it is never
 * reserved and its stock is never changed. A product deleted meanwhile is skipped. Every move
 * here only writes: the caller reads the products first (readStock), with its other reads,
 * because a transaction reads everything before it writes anything.
 */

/** Units per product id: what a checkout holds (only tracked products) or an order took. */
export type StockHold = Record<string, number>;

/** One checkout line as stock sees it. */
export interface StockLine {
  product_id: string;
  name: string;
  quantity: number;
}

/**
 * The product documents a transaction read for a stock move, by product id, with their stock as
 * read (and as the transaction's moves since left it).
 */
export class StockRead extends Map<string, DocumentSnapshot> {
  constructor(
    private readonly db: Firestore,
    private readonly stocks: ReadonlyMap<string, ProductStock> = new Map(),
  ) {
    super([...stocks].map(([id, stock]) => [id, stock.snap]));
  }

  /** The product's stock now; null when it is gone or does not track stock. */
  count(productId: string): StockCount | null {
    const stock = this.stocks.get(productId);
    return stock?.tracked ? stock.count() : null;
  }

  /**
   * Moves units of a product (ProductStock.move): of one that does not track stock (any more),
   * only the release of what its checkouts still hold.
   */
  move(tx: Transaction, productId: string, change: { held: number; taken: number }): void {
    const stock = this.stocks.get(productId);
    if (!stock) return;
    stock.move(tx, this.db, change);
  }
}

/** The product's case pack and minimum as stored (1 when absent or malformed). */
function ruleOf(snap: DocumentSnapshot): QuantityRule {
  const whole = (value: unknown) =>
    typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : 1;
  return { case_pack: whole(snap.get('case_pack')), min_quantity: whole(snap.get('min_quantity')) };
}

/**
 * Reads the product documents of `productIds` and their stock in the transaction (none: no read
 * at all). `tx` may be the database itself, for a check before a transaction (moves then write
 * nothing useful). `needs`: what the moves will take and release, for a checkout's own moves: then only
 * its own shard of each product is read when that covers them; otherwise every shard.
 */
export async function readStock(
  tx: DocumentReader,
  db: Firestore,
  productIds: Iterable<string>,
  needs?: ShardNeeds,
): Promise<StockRead> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return new StockRead(db);
  const snaps = await tx.getAll(...ids.map((id) => db.collection(COLLECTIONS.products).doc(id)));
  return new StockRead(db, await readProductStock(tx, db, snaps, needs));
}

/** What a new checkout's hold needs: its lines' units, from its own shard. */
export const reserveNeeds = (
  checkoutId: string,
  lines: ReadonlyArray<Pick<StockLine, 'product_id' | 'quantity'>>,
): ShardNeeds => ({ holder: checkoutId, take: unitsOf(lines) });

/** What releasing a checkout's hold needs. */
export const releaseNeeds = (checkoutId: string, hold: StockHold): ShardNeeds => ({
  holder: checkoutId,
  release: hold,
});

/**
 * What a commit needs (commitStock): the hold released, the units beyond it taken from free. A
 * backordered line takes stock below 0, which every shard must see.
 */
export function commitNeeds(
  checkoutId: string,
  hold: StockHold,
  held: boolean,
  lines?: readonly CommitLine[],
): ShardNeeds {
  const units = lines ? unitsOf(lines) : hold;
  const owed = lines ? backorderedOf(lines) : {};
  const take: StockHold = {};
  for (const [productId, quantity] of Object.entries(units)) {
    take[productId] = owed[productId]
      ? Number.MAX_SAFE_INTEGER
      : Math.max(0, quantity - (held ? (hold[productId] ?? 0) : 0));
  }
  return { holder: checkoutId, take, release: held ? hold : {} };
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

/** What reserving some lines would do: hold units, and backorder the rest of some lines. */
export interface ReservationPlan {
  /** Units held (reserved) per tracked product. */
  hold: StockHold;
  /** Units per product that stock does not cover, of products that take backorders. */
  backordered: StockHold;
}

/** The plan's answer when it cannot hold the lines as asked. */
export interface ReservationRefused {
  /**
   * Why the lines are refused; null when only the units of the buyer's own previous checkout
   * stand in the way and none of the lines would be refused without them (a product that takes
   * backorders would otherwise backorder units the buyer already holds).
   */
  short: StockRefusal | null;
  /** Retire the buyer's previous checkout (releasing its hold) first, then plan again. */
  retire: boolean;
}

/**
 * What reserving the lines would hold, or the first refusal: the units of each tracked product
 * the lines ask for, checked against what is available and against what one buyer may hold.
 * `own` is what the buyer's previous open checkout holds (it is about to be replaced): those
 * units count as the buyer's. A shortage they cover is `retire` (release that hold first, then
 * reserve); else the refusal names what the buyer could have. `others` is what the buyer's other
 * holds (a delayed payment settling) already take: they count toward the buyer's caps.
 *
 * A product that takes backorders (takesBackorders) is never short: the units available (with
 * the buyer's own) are held and the rest are `backordered`. Its held units count toward the
 * buyer's total (MAX_HELD_UNITS_PER_BUYER), but it has no per-product share (maxHeldUnits):
 * that share keeps one buyer from making a product out of stock for everyone else, and a product
 * that takes backorders is never out of stock for anyone (others backorder it meanwhile), while
 * capping its hold would leave in-stock units of the line neither held nor owed. Backordered
 * units have no cap of their own beyond the line's (MAX_LINE_QUANTITY): they hold nothing from
 * other buyers, and are paid for before stock owes them. `capped: false` leaves the buyer's caps
 * out: the lines of a quote, which a manager sold them on purpose (the caps keep one buyer's own
 * cart from holding a product for everyone else). Writes nothing.
 */
export function planReservation(
  read: StockRead,
  lines: readonly StockLine[],
  own: StockHold = {},
  others: StockHold = {},
  { capped = true }: { capped?: boolean } = {},
): ReservationPlan | ReservationRefused {
  const wanted = unitsOf(lines);
  const nameOf = (productId: string) =>
    lines.find((line) => line.product_id === productId)?.name ?? productId;
  const hold: StockHold = {};
  const backordered: StockHold = {};
  let retire: { short: StockShortError | null } | null = null;
  for (const [productId, quantity] of Object.entries(wanted)) {
    const snap = read.get(productId);
    // Pricing found the product a moment ago; deleted since, it is not for sale.
    if (!snap?.exists) {
      return { short: new StockShortError(productId, 0, nameOf(productId)), retire: false };
    }
    const count = read.count(productId);
    if (count === null) continue;
    const { onHand, available } = count;
    const rule = ruleOf(snap);
    const mine = Math.max(0, Math.min(available + (own[productId] ?? 0), onHand));
    const terms = backorderTermsOf(snap, onHand);
    if (takesBackorders(terms)) {
      // The units the buyer's stock covers are in stock; the rest wait for stock.
      const waiting = backorderedUnits(terms, mine, quantity);
      const inStock = quantity - waiting;
      if (waiting > 0) backordered[productId] = waiting;
      // Units only the buyer's previous checkout frees: retire it first, as for a shortage.
      if (inStock > available) retire ??= { short: null };
      const held = Math.min(inStock, available);
      if (held > 0) hold[productId] = held;
      continue;
    }
    if (available < quantity) {
      const short = new StockShortError(productId, mine, nameOf(productId), rule);
      if (mine < quantity) return { short, retire: false };
      if (!retire?.short) retire = { short };
    }
    // One buyer never holds more than their share of a product, whatever is available.
    const cap = maxHeldUnits(onHand, rule);
    const heldElsewhere = others[productId] ?? 0;
    if (capped && heldElsewhere + quantity > cap) {
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
  if (capped && asked > 0 && asked + held > MAX_HELD_UNITS_PER_BUYER) {
    return {
      short: new HoldCapError(`${heldUnitsCapMessage(asked, held)}.`, {
        cap: MAX_HELD_UNITS_PER_BUYER,
      }),
      retire: false,
    };
  }
  return retire ? { short: retire.short, retire: true } : { hold, backordered };
}

/** A product document's restock date as stored (YYYY-MM-DD), or null when none is set. */
function restockDateOf(snap: DocumentSnapshot): string | null {
  const date: unknown = snap.get('restock_date');
  return typeof date === 'string' ? date : null;
}

/** What backorders read of a product document (with its stock on hand as counted). */
function backorderTermsOf(snap: DocumentSnapshot, onHand: number | null) {
  return {
    stock_on_hand: onHand,
    backorders_allowed: snap.get('backorders_allowed') === true,
    restock_date: restockDateOf(snap),
  };
}

/**
 * What stock does not cover of lines taken without a hold (a renewal, already charged): for each
 * product that takes backorders, the units beyond what is available. Products that do not take
 * backorders are not counted (their commit stops at 0, as an oversold one always has).
 */
export function unheldBackorders(
  read: StockRead,
  lines: ReadonlyArray<Pick<StockLine, 'product_id' | 'quantity'>>,
): StockHold {
  const backordered: StockHold = {};
  for (const [productId, quantity] of Object.entries(unitsOf(lines))) {
    const snap = read.get(productId);
    const count = read.count(productId);
    if (!snap || count === null) continue;
    const { onHand, reserved } = count;
    const waiting = backorderedUnits(backorderTermsOf(snap, onHand), onHand - reserved, quantity);
    if (waiting > 0) backordered[productId] = waiting;
  }
  return backordered;
}

/**
 * The lines with their `backordered` units set from a plan's per-product units (a product on
 * two lines: the later lines' units are backordered first, so the first line ships first).
 */
export function withBackorders<Line extends { product_id: string; quantity: number }>(
  lines: readonly Line[],
  backordered: StockHold,
): (Line & { backordered: number })[] {
  const left: StockHold = { ...backordered };
  const marked = [...lines].reverse().map((line) => {
    const units = Math.min(line.quantity, left[line.product_id] ?? 0);
    left[line.product_id] = (left[line.product_id] ?? 0) - units;
    return { ...line, backordered: units };
  });
  return marked.reverse();
}

/** A line's backordered units per product (0 or absent: none). */
export function backorderedOf(
  lines: ReadonlyArray<{ product_id: string; backordered?: number | undefined }>,
): StockHold {
  const units: StockHold = {};
  for (const line of lines) {
    const n = line.backordered ?? 0;
    if (Number.isInteger(n) && n > 0) units[line.product_id] = (units[line.product_id] ?? 0) + n;
  }
  return units;
}

/**
 * The restock date of each backordered product as its document says now (for the mails and the
 * Stripe lines: "Expected Dec 10, 2026"); null when none is set. Products not read are absent.
 */
export function restockDatesOf(
  read: ReadonlyMap<string, DocumentSnapshot>,
): Map<string, string | null> {
  const dates = new Map<string, string | null>();
  for (const [productId, snap] of read) {
    if (!snap.exists) continue;
    dates.set(productId, restockDateOf(snap));
  }
  return dates;
}

/** Holds the planned units: reserved += q on each product of the hold. */
export function reserveStock(tx: Transaction, read: StockRead, hold: StockHold): void {
  for (const [productId, quantity] of Object.entries(hold)) {
    if (quantity > 0) read.move(tx, productId, { held: quantity, taken: 0 });
  }
}

/** Gives a hold back: reserved -= q (never below 0). */
export function releaseStock(tx: Transaction, read: StockRead, hold: StockHold): void {
  for (const [productId, quantity] of Object.entries(hold)) {
    if (quantity > 0) read.move(tx, productId, { held: -quantity, taken: 0 });
  }
}

/** An order's lines as a commit takes them (`backordered`: units owed, absent or 0: none). */
export type CommitLine = Pick<StockLine, 'product_id' | 'quantity'> & {
  backordered?: number | undefined;
};

/**
 * A checkout became an order: its units leave the shelf (on hand -= q) and, when it still
 * `held` them, its hold ends (reserved -= the held units). One whose hold was already
 * released (closed on our side, then paid at Stripe all the same) still takes the units: the
 * buyer paid, the goods are owed. What it takes is its `lines` (every unit of each tracked
 * product, held or not: a line past the buyer's hold cap holds part of its units), or, without
 * lines, the hold itself. The units a line marks backordered (withBackorders) are the only ones
 * that may take on hand below 0 (units owed to the order); everything else stops at 0 (or
 * where owed stock already stood). Returns what was taken from on hand, backordered units
 * included, so a cancellation with restock puts them all back.
 */
export function commitStock(
  tx: Transaction,
  read: StockRead,
  hold: StockHold,
  held: boolean,
  orderId: string,
  lines?: readonly CommitLine[],
): StockHold {
  const taken: StockHold = {};
  const units = lines ? unitsOf(lines) : hold;
  const backordered = lines ? backorderedOf(lines) : {};
  const products = new Set([...Object.keys(units), ...(held ? Object.keys(hold) : [])]);
  for (const productId of products) {
    const count = read.count(productId);
    const heldUnits = held ? (hold[productId] ?? 0) : 0;
    if (count === null) {
      // No longer tracked: its hold ends, nothing leaves the shelf.
      if (heldUnits > 0) read.move(tx, productId, { held: -heldUnits, taken: 0 });
      continue;
    }
    const quantity = units[productId] ?? 0;
    const owed = Math.min(quantity, backordered[productId] ?? 0);
    let leaving = 0;
    if (quantity > 0) {
      const { onHand, reserved } = count;
      // Only the checkout's own shard read: it covers every unit (commitNeeds), none owed.
      leaving = quantity;
      if (count.exact) {
        // The floor: 0 (or the owed stock already there), less this order's backordered units.
        const floor = Math.max(-MAX_STOCK_UNITS, Math.min(0, onHand) - owed);
        const unheld = quantity - owed - heldUnits;
        if (onHand - reserved < unheld || onHand - quantity < floor) {
          log.warn('stock_oversold', { orderId, productId, quantity, onHand, reserved, owed });
        }
        leaving = onHand - Math.max(floor, onHand - quantity);
      }
      taken[productId] = quantity;
    }
    read.move(tx, productId, { held: -heldUnits, taken: leaving });
  }
  return taken;
}

/** Puts units back on hand (on hand += q) for the products that track stock. */
export function restockStock(tx: Transaction, read: StockRead, units: StockHold): StockHold {
  const restocked: StockHold = {};
  for (const [productId, quantity] of Object.entries(units)) {
    const count = read.count(productId);
    if (count === null || quantity <= 0) continue;
    const back = Math.min(MAX_STOCK_UNITS, count.onHand + quantity) - count.onHand;
    read.move(tx, productId, { held: 0, taken: -back });
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
