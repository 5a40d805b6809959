import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { paths, PRODUCT_DEFAULTS } from '@portal/domain';
import { stockShardWrittenHandler } from '../../src/handlers/stock-folds';
import { firestore } from '../../src/lib/admin';
import {
  commitNeeds,
  commitStock,
  planReservation,
  readStock,
  releaseNeeds,
  releaseStock,
  reserveNeeds,
  reserveStock,
  restockStock,
  type StockHold,
} from '../../src/orders/stock';
import {
  countStock,
  foldDirtyStock,
  foldStock,
  homeShard,
  STOCK_SHARDS,
} from '../../src/orders/stock-shards';

/**
 * Stock in shards (src/orders/stock-shards.ts, docs/stock.md): a checkout's hold, release and
 * commit write one shard of the product and never the product's document; the fold moves the
 * shards into the document at most once a second; the counts stay exact through holds that
 * borrow from other shards, backorders, restocks, a manager's change and products saved before
 * the shards.
 */

const db = () => firestore();
const RUN = randomUUID().slice(0, 8);
const created: string[] = [];

afterAll(async () => {
  await Promise.all(
    created.flatMap((id) => [
      db().doc(paths.product(id)).delete(),
      ...Array.from({ length: STOCK_SHARDS }, (_, k) => db().doc(paths.stockShard(id, k)).delete()),
    ]),
  );
});

async function product(key: string, fields: Record<string, unknown>): Promise<string> {
  const id = `t-shards-${key}-${RUN}`;
  await db()
    .doc(paths.product(id))
    .set({
      ...PRODUCT_DEFAULTS,
      name: `Shard ${key}`,
      description: '',
      image_url: 'https://example.com/p.png',
      price_retailer: 1000,
      is_active: true,
      sort_order: 1,
      sku: `SHARD-${key}-${RUN}`.toUpperCase(),
      category: 'Syrups',
      stock_reserved: 0,
      ...fields,
    });
  created.push(id);
  return id;
}

/** A checkout id whose home shard is `shard`. */
function holderOn(shard: number): string {
  for (let i = 0; ; i++) {
    const id = `checkout-${RUN}-${i}`;
    if (homeShard(id) === shard) return id;
  }
}

const line = (productId: string, quantity: number) => ({
  product_id: productId,
  name: productId,
  quantity,
});

/** Holds `quantity` for `holder` as a checkout does; the plan's refusal message otherwise. */
function hold(productId: string, holder: string, quantity: number): Promise<StockHold | string> {
  return db().runTransaction(
    async (tx) => {
      const lines = [line(productId, quantity)];
      const stock = await readStock(tx, db(), [productId], reserveNeeds(holder, lines));
      // Without the one-buyer caps (as a quote's lines): these holds stand for many buyers.
      const plan = planReservation(stock, lines, {}, {}, { capped: false });
      if ('short' in plan) return plan.short?.message ?? 'retire';
      reserveStock(tx, stock, plan.hold);
      return plan.hold;
    },
    { maxAttempts: 30 },
  );
}

function release(productId: string, holder: string, held: StockHold) {
  return db().runTransaction(async (tx) => {
    const stock = await readStock(tx, db(), [productId], releaseNeeds(holder, held));
    releaseStock(tx, stock, held);
  });
}

function commit(productId: string, holder: string, held: StockHold, quantity: number) {
  return db().runTransaction(async (tx) => {
    const lines = [line(productId, quantity)];
    const stock = await readStock(tx, db(), [productId], commitNeeds(holder, held, true, lines));
    return commitStock(tx, stock, held, true, holder, lines);
  });
}

const snapOf = (productId: string) => db().doc(paths.product(productId)).get();
const shards = async (productId: string) =>
  Promise.all(
    Array.from({ length: STOCK_SHARDS }, (_, k) => db().doc(paths.stockShard(productId, k)).get()),
  );
const updated = (snap: DocumentSnapshot) => snap.updateTime?.toMillis() ?? 0;
const levelsOf = async (productId: string) => {
  const count = await countStock(db(), productId);
  return { onHand: count?.onHand, reserved: count?.reserved };
};

describe('stock shards: a checkout writes one shard, never the product', () => {
  it('holds, releases and commits on the checkout’s own shard; the fold writes the document', async () => {
    const id = await product('home', { stock_on_hand: 80 });
    expect(await foldStock(db(), id)).toBe('folded');
    const folded = await snapOf(id);
    expect(folded.get('stock_allotted')).toBe(80);
    // 80 free units over 8 shards: 10 each.
    expect((await shards(id)).map((s) => s.get('free'))).toEqual(Array(STOCK_SHARDS).fill(10));

    const holder = holderOn(3);
    const before = await shards(id);
    expect(await hold(id, holder, 6)).toEqual({ [id]: 6 });
    const after = await shards(id);
    // Only shard 3 changed, and the product's document did not.
    expect(after.map((s, k) => updated(s) !== updated(before[k]!))).toEqual(
      Array.from({ length: STOCK_SHARDS }, (_, k) => k === 3),
    );
    expect(after[3]!.data()).toMatchObject({ free: 4, held: 6, taken: 0, dirty: true });
    expect(updated(await snapOf(id))).toBe(updated(folded));
    expect(await levelsOf(id)).toEqual({ onHand: 80, reserved: 6 });

    // Paid: the hold becomes taken units, on the same shard.
    expect(await commit(id, holder, { [id]: 6 }, 6)).toEqual({ [id]: 6 });
    expect((await shards(id))[3]!.data()).toMatchObject({ free: 4, held: 0, taken: 6 });
    expect(updated(await snapOf(id))).toBe(updated(folded));
    expect(await levelsOf(id)).toEqual({ onHand: 74, reserved: 0 });

    // Another checkout on shard 5 holds 2 and lets them go.
    const other = holderOn(5);
    expect(await hold(id, other, 2)).toEqual({ [id]: 2 });
    await release(id, other, { [id]: 2 });
    expect((await shards(id))[5]!.data()).toMatchObject({ free: 10, held: 0, taken: 0 });
    expect(updated(await snapOf(id))).toBe(updated(folded));

    // The fold moves the taken units into stock_on_hand and balances what is free.
    expect(await foldStock(db(), id)).toBe('folded');
    const refolded = await snapOf(id);
    expect(refolded.data()).toMatchObject({
      stock_on_hand: 74,
      stock_reserved: 0,
      stock_allotted: 74,
    });
    const balanced = await shards(id);
    expect(balanced.map((s) => s.get('taken'))).toEqual(Array(STOCK_SHARDS).fill(0));
    expect(balanced.map((s) => s.get('dirty'))).toEqual(Array(STOCK_SHARDS).fill(false));
    expect(balanced.reduce((sum, s) => sum + (s.get('free') as number), 0)).toBe(74);
    // Nothing new: nothing written.
    expect(await foldStock(db(), id)).toBe('current');
    expect(updated(await snapOf(id))).toBe(updated(refolded));
  });

  it('a hold its own shard cannot cover takes from the others, and never more than there is', async () => {
    const id = await product('borrow', { stock_on_hand: 16 });
    await foldStock(db(), id);
    // 2 free on each shard: a hold of 7 borrows from the other shards.
    const holder = holderOn(0);
    expect(await hold(id, holder, 7)).toEqual({ [id]: 7 });
    const after = await shards(id);
    expect(after[0]!.get('held')).toBe(7);
    expect(after.reduce((sum, s) => sum + ((s.get('free') as number | undefined) ?? 0), 0)).toBe(9);
    // 9 left: 10 is refused with what there is.
    expect(await hold(id, holderOn(1), 10)).toBe('Only 9 left of ' + id + '.');
    expect(await hold(id, holderOn(1), 9)).toEqual({ [id]: 9 });
    expect(await hold(id, holderOn(2), 1)).toBe(`${id} is out of stock.`);
    expect(await levelsOf(id)).toEqual({ onHand: 16, reserved: 16 });
  });

  it('20 checkouts at once on a folded product: exactly what is on hand is held', async () => {
    const id = await product('race', { stock_on_hand: 24 });
    await foldStock(db(), id);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => hold(id, `race-${RUN}-${i}`, 2)),
    );
    const held = results.filter((result) => typeof result !== 'string');
    expect(held).toHaveLength(12);
    for (const result of results) {
      if (typeof result === 'string') expect(result).toBe(`${id} is out of stock.`);
    }
    expect(await levelsOf(id)).toEqual({ onHand: 24, reserved: 24 });
    await foldStock(db(), id);
    expect((await snapOf(id)).data()).toMatchObject({ stock_on_hand: 24, stock_reserved: 24 });
    expect(await hold(id, holderOn(4), 1)).toBe(`${id} is out of stock.`);
  });

  it('a manager’s change counts from the last fold, and the next fold balances it', async () => {
    const id = await product('manager', { stock_on_hand: 8 });
    await foldStock(db(), id);
    const holder = holderOn(2);
    await hold(id, holder, 1);
    await commit(id, holder, { [id]: 1 }, 1);
    // The editor writes an increment: 8 + 20, less the 1 taken since the fold.
    const { FieldValue } = await import('firebase-admin/firestore');
    await db()
      .doc(paths.product(id))
      .update({ stock_on_hand: FieldValue.increment(20) });
    expect(await levelsOf(id)).toEqual({ onHand: 27, reserved: 0 });
    // Not balanced yet: a hold reads every shard and counts from the document.
    expect(await hold(id, holderOn(6), 25)).toEqual({ [id]: 25 });
    expect(await foldStock(db(), id)).toBe('folded');
    expect((await snapOf(id)).data()).toMatchObject({
      stock_on_hand: 27,
      stock_reserved: 25,
      stock_allotted: 27,
    });
    expect(await hold(id, holderOn(7), 3)).toBe(`Only 2 left of ${id}.`);
  });

  it('a manager’s change undone before the fold still counts the holds made meanwhile', async () => {
    const id = await product('undone', { stock_on_hand: 10 });
    await foldStock(db(), id);
    const { FieldValue } = await import('firebase-admin/firestore');
    const change = (units: number) =>
      db()
        .doc(paths.product(id))
        .update({ stock_on_hand: FieldValue.increment(units) });
    await change(5);
    // Counted from the stored 15: 8 held, and the shards are marked unbalanced.
    expect(await hold(id, holderOn(1), 8)).toEqual({ [id]: 8 });
    expect((await snapOf(id)).get('stock_allotted')).toBeNull();
    // Back to 10: the shards still hold their old free units, but are not trusted.
    await change(-5);
    expect(await hold(id, holderOn(2), 3)).toBe(`Only 2 left of ${id}.`);
    expect(await hold(id, holderOn(2), 2)).toEqual({ [id]: 2 });
    expect(await levelsOf(id)).toEqual({ onHand: 10, reserved: 10 });
  });

  it('a product that stops tracking stock still gives back what its checkouts held', async () => {
    const id = await product('untracked', { stock_on_hand: 12 });
    await foldStock(db(), id);
    const holder = holderOn(4);
    await hold(id, holder, 5);
    await db().doc(paths.product(id)).update({ stock_on_hand: null });
    expect(await countStock(db(), id)).toBeNull();
    await release(id, holder, { [id]: 5 });
    expect((await shards(id))[4]!.get('held')).toBe(0);
    // Tracked again with the same figure: nothing held, and every unit can be held again.
    await db().doc(paths.product(id)).update({ stock_on_hand: 12 });
    expect(await levelsOf(id)).toEqual({ onHand: 12, reserved: 0 });
    expect(await hold(id, holderOn(6), 12)).toEqual({ [id]: 12 });
  });

  it('units owed to backorders stop the shards from holding until stock comes back', async () => {
    const id = await product('owed', { stock_on_hand: 4, backorders_allowed: true });
    await foldStock(db(), id);
    const holder = holderOn(1);
    const lines = [{ ...line(id, 10), backordered: 6 }];
    await db().runTransaction(async (tx) => {
      const stock = await readStock(tx, db(), [id], commitNeeds(holder, {}, false, lines));
      commitStock(tx, stock, {}, false, holder, lines);
    });
    expect(await levelsOf(id)).toEqual({ onHand: -6, reserved: 0 });
    expect((await snapOf(id)).get('stock_allotted')).toBeNull();
    // Nothing available: a product that takes backorders backorders the whole line.
    expect(await hold(id, holderOn(0), 1)).toEqual({});
    await foldStock(db(), id);
    expect((await snapOf(id)).data()).toMatchObject({ stock_on_hand: -6, stock_allotted: null });
    // A restock of 10 pays the 6 owed first: 4 can be held.
    await db().runTransaction(async (tx) => {
      const stock = await readStock(tx, db(), [id]);
      restockStock(tx, stock, { [id]: 10 });
    });
    expect(await levelsOf(id)).toEqual({ onHand: 4, reserved: 0 });
    await foldStock(db(), id);
    expect((await snapOf(id)).get('stock_allotted')).toBe(4);
    expect(await hold(id, holderOn(5), 4)).toEqual({ [id]: 4 });
  });

  it('units put back on hand count as in stock before any fold', async () => {
    const id = await product('putback', { stock_on_hand: 0, backorders_allowed: true });
    await foldStock(db(), id);
    const buyer = holderOn(3);
    // A cancelled order's 6 units come back on the buyer's own shard.
    await db().runTransaction(async (tx) => {
      const stock = await readStock(tx, db(), [id], { holder: buyer });
      restockStock(tx, stock, { [id]: 6 });
    });
    expect((await snapOf(id)).get('stock_allotted')).toBeNull();
    // 4 of them: in stock and held, none backordered (the document still says 0 on hand).
    const lines = [line(id, 4)];
    const plan = await db().runTransaction(async (tx) =>
      planReservation(
        await readStock(tx, db(), [id], reserveNeeds(buyer, lines)),
        lines,
        {},
        {},
        { capped: false },
      ),
    );
    expect(plan).toEqual({ hold: { [id]: 4 }, backordered: {} });
  });

  it('a product saved before the shards keeps its reserved units until their checkouts end', async () => {
    const id = await product('legacy', { stock_on_hand: 10, stock_reserved: 4 });
    const oldCheckout = holderOn(6);
    expect(await levelsOf(id)).toEqual({ onHand: 10, reserved: 4 });
    expect(await hold(id, holderOn(1), 7)).toBe(`Only 6 left of ${id}.`);
    // Released before any fold: the document's own count goes down.
    await release(id, oldCheckout, { [id]: 1 });
    expect((await snapOf(id)).get('stock_reserved')).toBe(3);
    // The first fold moves the rest into shard 0; releasing them there still works.
    await foldStock(db(), id);
    expect((await shards(id))[0]!.get('held')).toBe(3);
    await release(id, oldCheckout, { [id]: 3 });
    expect(await levelsOf(id)).toEqual({ onHand: 10, reserved: 0 });
    expect(await hold(id, holderOn(1), 10)).toEqual({ [id]: 10 });
  });
});

describe('stock shards: folding', () => {
  it('the trigger folds a dirty shard at most once a second; the sweep folds what it left', async () => {
    const id = await product('trigger', { stock_on_hand: 30 });
    const event = async (shard: number) => ({
      params: { productId: id },
      data: {
        before: await db().doc(paths.stockShard(id, shard)).get(),
        after: await db().doc(paths.stockShard(id, shard)).get(),
      },
    });
    const first = holderOn(2);
    await hold(id, first, 5);
    expect(await stockShardWrittenHandler(await event(2))).toBe('folded');
    expect((await snapOf(id)).get('stock_reserved')).toBe(5);
    // A fold's own writes leave the shards clean: nothing to do.
    expect(await stockShardWrittenHandler(await event(2))).toBe('clean');

    // Within the second: left for the sweep.
    await release(id, first, { [id]: 5 });
    expect(await stockShardWrittenHandler(await event(2))).toBe('later');
    expect((await snapOf(id)).get('stock_reserved')).toBe(5);
    expect(await foldDirtyStock(db())).toBeGreaterThanOrEqual(1);
    expect((await snapOf(id)).get('stock_reserved')).toBe(0);
    expect((await shards(id)).some((s) => s.get('dirty') === true)).toBe(false);
  });
});
