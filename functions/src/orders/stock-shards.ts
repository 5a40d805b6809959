import {
  FieldValue,
  Timestamp,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import { COLLECTIONS, paths } from '@portal/domain';
import { log } from '../lib/log';

/**
 * A tracked product's stock, split so that no document takes one write per checkout
 * (docs/stock.md). Production sustains about one write a second on one document; a product
 * bought by many shops at once would otherwise take one write per checkout and per order.
 *
 * - products/{id}.stock_on_hand (S) is what managers set (the editor writes an increment) and
 *   what the last fold left; stock_reserved is the fold's summary, for display;
 *   stock_allotted is the S the shards were last balanced against (null: not balanced, because
 *   units are owed to backorders); stock_folded_at is when.
 * - products/{id}/stock_shards/{0..7} each keep `free` (units this shard may still hold),
 *   `held` (units held here by open checkouts) and `taken` (units orders took since the last
 *   fold; negative: put back).
 *
 * On hand is S - Σ taken, reserved is Σ held, and while the product is allotted (its
 * stock_allotted equals S) Σ free is what is available: on hand less reserved. A checkout holds
 * from its own shard (homeShard of the checkout id): one read and one write of that shard. When
 * that shard has too few free units, the transaction reads every shard and takes from them all;
 * that is also how every rare move runs (restocks, renewals, backorders, a product a manager just
 * changed). The fold (foldStock: after a shard changes, at most once a second per product, and a
 * sweep for the changes it skipped) moves taken into S, writes the summary and balances free.
 */

/** Shards per tracked product: a product sustains about this many checkouts a second. */
export const STOCK_SHARDS = 8;

/** The least time between two folds of one product by its trigger. */
export const STOCK_FOLD_INTERVAL_MS = 1_000;

/** One shard's counters. */
export interface ShardLevels {
  free: number;
  held: number;
  taken: number;
}

/** A product's stock as the functions count it. */
export interface StockCount {
  onHand: number;
  reserved: number;
  /** Units a new hold may take: on hand less reserved (never below 0). */
  available: number;
  /**
   * false when only the checkout's own shard was read: on hand is then the stored figure and
   * `available` that shard's free units, at least what the move needs.
   */
  exact: boolean;
}

const whole = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) ? value : null;

const SHARD_KEYS = Array.from({ length: STOCK_SHARDS }, (_, k) => k);

/** The shard a holder (a checkout or an order id) holds and takes from. */
export function homeShard(holder: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < holder.length; i++) {
    hash ^= holder.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % STOCK_SHARDS;
}

export const shardRef = (db: Firestore, productId: string, shard: number) =>
  db.doc(paths.stockShard(productId, shard));

export function shardLevelsOf(snap: DocumentSnapshot | undefined): ShardLevels {
  if (!snap?.exists) return { free: 0, held: 0, taken: 0 };
  return {
    free: Math.max(0, whole(snap.get('free')) ?? 0),
    held: Math.max(0, whole(snap.get('held')) ?? 0),
    taken: whole(snap.get('taken')) ?? 0,
  };
}

/** The stored stock_on_hand (null: not tracked). */
export const storedOnHand = (snap: DocumentSnapshot): number | null =>
  snap.exists ? whole(snap.get('stock_on_hand')) : null;

/**
 * Units a product saved before the shards counts as reserved: its stock_reserved, until its
 * first fold moves them into shard 0 (a product never folded has no stock_allotted field).
 */
function legacyReservedOf(snap: DocumentSnapshot): number {
  if (!snap.exists || snap.get('stock_allotted') !== undefined) return 0;
  return Math.max(0, whole(snap.get('stock_reserved')) ?? 0);
}

const sum = (shards: Iterable<ShardLevels>, key: keyof ShardLevels) => {
  let total = 0;
  for (const shard of shards) total += shard[key];
  return total;
};

/**
 * The true count from the stored on hand, the units a product saved before the shards still
 * counts as reserved, and every shard: on hand = stored − Σ taken, reserved = legacy + Σ held.
 */
function countOf(stored: number, legacy: number, shards: Iterable<ShardLevels>): StockCount {
  const all = [...shards];
  const onHand = stored - sum(all, 'taken');
  const reserved = legacy + sum(all, 'held');
  return { onHand, reserved, available: Math.max(0, onHand - reserved), exact: true };
}

/**
 * One product's stock as a transaction read it, kept current as the transaction's moves change
 * it (a release and a restock of one product in one transaction see each other).
 */
export class ProductStock {
  /** The shards read, as the moves so far left them. */
  readonly shards = new Map<number, ShardLevels>();
  /** Every shard was read. */
  full = false;
  private legacyReleased = 0;
  private deallotted = false;

  constructor(
    readonly snap: DocumentSnapshot,
    readonly home: number,
  ) {}

  get tracked(): boolean {
    return storedOnHand(this.snap) !== null;
  }

  /** The shards were balanced against the stored on hand, and nothing is owed since. */
  get allotted(): boolean {
    const allotted = whole(this.snap.get('stock_allotted'));
    return !this.deallotted && allotted !== null && allotted === storedOnHand(this.snap);
  }

  private get legacy(): number {
    return legacyReservedOf(this.snap) - this.legacyReleased;
  }

  shard(k: number): ShardLevels {
    let shard = this.shards.get(k);
    if (!shard) {
      shard = { free: 0, held: 0, taken: 0 };
      this.shards.set(k, shard);
    }
    return shard;
  }

  /**
   * Marks the shards unbalanced (stock_allotted null) until the next fold, once; no write when
   * the document already says so (null, or a product never folded).
   */
  private deallot(tx: Transaction): void {
    if (this.deallotted) return;
    this.deallotted = true;
    if (whole(this.snap.get('stock_allotted')) !== null) {
      tx.update(this.snap.ref, { stock_allotted: null });
    }
  }

  /** On hand, reserved and available; exact when every shard was read. */
  count(): StockCount {
    const stored = storedOnHand(this.snap) ?? 0;
    if (!this.full) {
      const free = this.shard(this.home).free;
      return {
        onHand: stored,
        reserved: Math.max(0, stored - free),
        available: free,
        exact: false,
      };
    }
    return countOf(stored, this.legacy, this.shards.values());
  }

  /**
   * Moves units: `held` more (or fewer, released) held, `taken` more taken from on hand (or
   * fewer, put back). Held units are added on the home shard and released from it first; free
   * units follow what is available. Writes each changed shard (increments, so two moves of one
   * transaction add up).
   */
  move(tx: Transaction, db: Firestore, change: { held: number; taken: number }): void {
    // A product that stopped tracking stock only gives back what its checkouts still hold.
    if (!this.tracked && (change.held >= 0 || !this.snap.exists)) return;
    if (!this.tracked) change = { held: change.held, taken: 0 };
    const id = this.snap.id;
    const changed = new Map<number, ShardLevels>();
    const add = (k: number, key: keyof ShardLevels, n: number) => {
      if (n === 0) return;
      this.shard(k)[key] += n;
      const delta = changed.get(k) ?? { free: 0, held: 0, taken: 0 };
      delta[key] += n;
      changed.set(k, delta);
    };
    const order = [this.home, ...[...this.shards.keys()].filter((k) => k !== this.home)];
    let heldMoved = change.held;
    if (change.held > 0) add(this.home, 'held', change.held);
    if (change.held < 0) {
      let left = -change.held;
      for (const k of order) {
        const units = Math.min(left, this.shard(k).held);
        add(k, 'held', -units);
        left -= units;
      }
      const legacy = Math.min(left, this.legacy);
      if (legacy > 0) {
        this.legacyReleased += legacy;
        tx.update(this.snap.ref, { stock_reserved: this.legacy });
        left -= legacy;
      }
      // Units no longer held anywhere (released twice): nothing more to give back.
      heldMoved += left;
    }
    add(this.home, 'taken', change.taken);
    if (this.tracked && !this.allotted && changed.size > 0) {
      // A move counted from the stored on hand (a manager changed it since the fold): the
      // shards' free units no longer match, even should a later change bring the figure back.
      this.deallot(tx);
    }
    if (this.allotted) {
      let freeChange: number;
      if (this.full) {
        const { onHand, reserved } = this.count();
        freeChange = Math.max(0, onHand - reserved) - sum(this.shards.values(), 'free');
        // Units owed to backorders: no shard may hold from its own free until a fold.
        if (onHand - reserved < 0) this.deallot(tx);
      } else {
        freeChange = -change.taken - heldMoved;
        if (this.shard(this.home).free + freeChange < 0) {
          throw new Error(`stock of ${id}: the home shard was read for a smaller move`);
        }
      }
      // Units put back on hand: a hold on its own shard would judge by the document's on hand,
      // lower than the count until a fold (the buyer's share, backorders, the caps).
      if (change.taken < 0) this.deallot(tx);
      if (freeChange > 0) add(this.home, 'free', freeChange);
      let short = -freeChange;
      for (const k of order) {
        if (short <= 0) break;
        const units = Math.min(short, this.shard(k).free);
        add(k, 'free', -units);
        short -= units;
      }
    }
    for (const [k, delta] of changed) {
      tx.set(
        shardRef(db, id, k),
        {
          free: FieldValue.increment(delta.free),
          held: FieldValue.increment(delta.held),
          taken: FieldValue.increment(delta.taken),
          dirty: true,
        },
        { merge: true },
      );
    }
  }
}

/** What reads documents: a transaction, or the database itself (a check before one). */
export interface DocumentReader {
  getAll(...refs: DocumentReference[]): Promise<DocumentSnapshot[]>;
}

/** What a transaction's moves will need of the holder's own shard (see readProductStock). */
export interface ShardNeeds {
  /** The checkout (or order) that holds or takes: its home shard is read first. */
  holder: string;
  /** Units per product the moves take from free (a hold, or an order's units beyond its hold). */
  take?: Readonly<Record<string, number>>;
  /** Units per product the moves release or commit from what the holder holds. */
  release?: Readonly<Record<string, number>>;
}

/**
 * Reads the stock of the products whose documents were read: for each tracked product, the
 * holder's home shard when it covers what `needs` says the moves need, else every shard. Without
 * `needs` every shard of each tracked product is read.
 */
export async function readProductStock(
  tx: DocumentReader,
  db: Firestore,
  snaps: readonly DocumentSnapshot[],
  needs?: ShardNeeds,
): Promise<Map<string, ProductStock>> {
  const home = needs ? homeShard(needs.holder) : Math.floor(Math.random() * STOCK_SHARDS);
  const stocks = new Map(snaps.map((snap) => [snap.id, new ProductStock(snap, home)]));
  // Tracked products, and those that stopped tracking stock but whose holds a move releases.
  const tracked = [...stocks.values()].filter(
    (stock) => stock.tracked || (stock.snap.exists && (needs?.release?.[stock.snap.id] ?? 0) > 0),
  );
  const homeFirst = needs ? tracked.filter((stock) => stock.allotted || !stock.tracked) : [];
  if (homeFirst.length > 0) {
    const read = await tx.getAll(...homeFirst.map((s) => shardRef(db, s.snap.id, s.home)));
    homeFirst.forEach((stock, i) => stock.shards.set(stock.home, shardLevelsOf(read[i])));
  }
  const everyShard = tracked.filter((stock) => {
    if (!needs || (stock.tracked && !stock.allotted)) return true;
    const own = stock.shard(stock.home);
    const id = stock.snap.id;
    return own.free < (needs.take?.[id] ?? 0) || own.held < (needs.release?.[id] ?? 0);
  });
  const refs = everyShard.flatMap((stock) =>
    SHARD_KEYS.filter((k) => !stock.shards.has(k)).map((k) => ({ stock, k })),
  );
  if (refs.length > 0) {
    const read = await tx.getAll(...refs.map(({ stock, k }) => shardRef(db, stock.snap.id, k)));
    refs.forEach(({ stock, k }, i) => stock.shards.set(k, shardLevelsOf(read[i])));
  }
  for (const stock of everyShard) stock.full = true;
  return stocks;
}

export type FoldOutcome = 'folded' | 'current' | 'later' | 'untracked';

/** Splits `units` over the shards as evenly as whole units go. */
const shareOf = (units: number, k: number) =>
  Math.floor(units / STOCK_SHARDS) + (k < units % STOCK_SHARDS ? 1 : 0);

/**
 * Folds a product's shards into its document, in one transaction: taken units leave
 * stock_on_hand, stock_reserved becomes what the shards hold, and free units are balanced over
 * the shards (when one runs low or the total moved). `minIntervalMs`: leaves it ('later') when the
 * product was folded less than that ago, so its document takes at most one write a second from
 * stock; the sweep folds what is left dirty. Writes nothing when nothing changed.
 */
export function foldStock(
  db: Firestore,
  productId: string,
  { minIntervalMs = 0, nowMs = Date.now }: { minIntervalMs?: number; nowMs?: () => number } = {},
): Promise<FoldOutcome> {
  const productRef = db.doc(paths.product(productId));
  return db.runTransaction(async (tx) => {
    const snap = await tx.get(productRef);
    // Folded less than the interval ago: one read, and the sweep folds this change.
    const folded: unknown = snap.get('stock_folded_at');
    if (minIntervalMs > 0 && folded instanceof Timestamp) {
      if (nowMs() - folded.toMillis() < minIntervalMs) return 'later';
    }
    const shardSnaps = await tx.getAll(...SHARD_KEYS.map((k) => shardRef(db, productId, k)));
    const dirty = SHARD_KEYS.filter((k) => shardSnaps[k]!.get('dirty') === true);
    const stored = storedOnHand(snap);
    if (stored === null) {
      // Not tracked (or deleted): nothing to fold; the sweep stops asking.
      for (const k of dirty) tx.update(shardSnaps[k]!.ref, { dirty: false });
      return 'untracked';
    }
    const shards = SHARD_KEYS.map((k) => shardLevelsOf(shardSnaps[k]));
    const legacy = legacyReservedOf(snap);
    const { onHand, reserved, available } = countOf(stored, legacy, shards);
    const allotted = onHand - reserved >= 0 ? onHand : null;
    const wasAllotted = whole(snap.get('stock_allotted')) === stored;
    const lowest = Math.min(...shards.map((shard) => shard.free));
    const balanced =
      wasAllotted &&
      sum(shards, 'free') === available &&
      lowest >= Math.floor(available / STOCK_SHARDS / 2);
    const productChanged =
      stored !== onHand ||
      whole(snap.get('stock_reserved')) !== reserved ||
      snap.get('stock_allotted') !== allotted;
    let shardChanged = false;
    shards.forEach((shard, k) => {
      const next = {
        free: balanced ? shard.free : shareOf(available, k),
        held: shard.held + (k === 0 ? legacy : 0),
        taken: 0,
      };
      const same = next.free === shard.free && next.held === shard.held && shard.taken === 0;
      if (same && !dirty.includes(k)) return;
      shardChanged = true;
      tx.set(shardRef(db, productId, k), { ...next, dirty: false });
    });
    if (productChanged) {
      tx.update(productRef, {
        stock_on_hand: onHand,
        stock_reserved: reserved,
        stock_allotted: allotted,
        stock_folded_at: Timestamp.fromMillis(nowMs()),
      });
    }
    return productChanged || shardChanged ? 'folded' : 'current';
  });
}

/**
 * Folds every product a shard of which changed since its last fold (`dirty`), up to `limit`
 * shards' worth: the trigger leaves a change for later when the product was folded less than a
 * second ago. Returns how many products it folded.
 */
export async function foldDirtyStock(db: Firestore, limit = 500): Promise<number> {
  const snap = await db
    .collectionGroup(COLLECTIONS.stockShards)
    .where('dirty', '==', true)
    .limit(limit)
    .get();
  const products = new Set<string>();
  for (const doc of snap.docs) {
    const product = doc.ref.parent.parent;
    if (product?.parent.id === COLLECTIONS.products) products.add(product.id);
  }
  let folded = 0;
  for (const productId of products) {
    try {
      if ((await foldStock(db, productId)) === 'folded') folded++;
    } catch (error) {
      // One product's fold failing (contention) leaves it for the next sweep, not the others.
      log.warn('stock_fold_failed', { productId, error: String(error) });
    }
  }
  return folded;
}

/**
 * A product's stock as the functions count it now (outside a transaction): on hand, reserved and
 * available from its document and every shard; null when it does not track stock.
 */
export async function countStock(db: Firestore, productId: string): Promise<StockCount | null> {
  const [snap, ...shardSnaps] = await db.getAll(
    db.doc(paths.product(productId)),
    ...SHARD_KEYS.map((k) => shardRef(db, productId, k)),
  );
  const stored = storedOnHand(snap!);
  if (stored === null) return null;
  return countOf(stored, legacyReservedOf(snap), shardSnaps.map(shardLevelsOf));
}
