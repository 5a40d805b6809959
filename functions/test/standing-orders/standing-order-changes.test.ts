import { describe, expect, it } from 'vitest';
import type { StandingOrderLine } from '@portal/domain';
import { standingOrderChanges, type StandingSnapshot } from '../../src/mail/standing-order-mails';

/**
 * What a write of a standing order tells the buyer, from the document before and after it: here
 * the repricing (new unit prices from the next delivery), apart from new quantities, pauses,
 * renewals and a cancellation. The mails themselves: standing-order-mail.test.ts.
 */

const syrup: StandingOrderLine = {
  product_id: 'blue-coast',
  name: 'Blue Coast Syrup',
  sku: 'BC-1',
  quantity: 6,
  unit_amount: 450,
  paused_reason: null,
};
const cups: StandingOrderLine = {
  product_id: 'cups',
  name: 'Paper Cups',
  sku: 'CUP-1',
  quantity: 10,
  unit_amount: 120,
  paused_reason: null,
};
const chain = { id: 'list-1', name: 'Chain 5% syrups' };

const before: StandingSnapshot = {
  id: 'so1',
  user_id: 'buyer1',
  store_name: 'Cloud Nine',
  interval_weeks: 2,
  status: 'active',
  lines: [syrup, cups],
  next_delivery_at: new Date('2026-12-01T00:00:00Z'),
  skipped_delivery_at: null,
  updated_at: new Date('2026-11-20T10:00:00Z'),
  cancelled_at: null,
};

const write = (changes: Partial<StandingSnapshot>): StandingSnapshot => ({
  ...before,
  updated_at: new Date('2026-11-21T10:00:00Z'),
  ...changes,
});

describe('standingOrderChanges: a repricing', () => {
  it('is a delivered line at a new unit price: the new price, its list and the old one', () => {
    const listed = { ...syrup, unit_amount: 428, price_list: chain, tier_unit_amount: 450 };
    expect(standingOrderChanges(before, write({ lines: [listed, cups] }))).toEqual([
      {
        kind: 'repriced',
        previousAmount: 450 * 6 + 120 * 10,
        lines: [
          {
            name: 'Blue Coast Syrup',
            unitAmount: 428,
            priceList: 'Chain 5% syrups',
            previousUnitAmount: 450,
            previousPriceList: null,
          },
        ],
      },
    ]);
  });

  it('names each line that moved, and the list a line leaves (a list deleted, a tier move)', () => {
    const listedBefore = write({
      lines: [{ ...syrup, unit_amount: 428, price_list: chain, tier_unit_amount: 450 }, cups],
    });
    const after = write({
      lines: [syrup, { ...cups, unit_amount: 100 }],
      updated_at: new Date('2026-11-22T10:00:00Z'),
    });
    const [change] = standingOrderChanges(listedBefore, after);
    expect(change).toMatchObject({
      kind: 'repriced',
      previousAmount: 428 * 6 + 120 * 10,
      lines: [
        {
          name: 'Blue Coast Syrup',
          unitAmount: 450,
          priceList: null,
          previousPriceList: chain.name,
        },
        { name: 'Paper Cups', unitAmount: 100, previousUnitAmount: 120 },
      ],
    });
  });

  it('is not one when only the list changed and the price stayed', () => {
    const relisted = { ...syrup, price_list: chain, tier_unit_amount: 450 };
    expect(standingOrderChanges(before, write({ lines: [relisted, cups] }))).toEqual([]);
  });

  it('is told as "changed" alone when the quantities changed in the same write', () => {
    const after = write({ lines: [{ ...syrup, quantity: 12, unit_amount: 400 }, cups] });
    expect(standingOrderChanges(before, after)).toEqual([
      { kind: 'changed', previousAmount: 450 * 6 + 120 * 10 },
    ]);
  });

  it('is nothing when a line is only paused or resumed, even at another price', () => {
    const paused = write({ lines: [{ ...syrup, paused_reason: 'out_of_stock' }, cups] });
    expect(standingOrderChanges(before, paused)).toEqual([]);
    // Paused for stock, a line is still priced: a new price while it waits is not told either.
    const pausedCheaper = write({
      lines: [{ ...syrup, unit_amount: 400, paused_reason: 'out_of_stock' }, cups],
    });
    expect(standingOrderChanges(before, pausedCheaper)).toEqual([]);
    // Resumed, at the old price or at a new one: the line was not delivered before the write.
    expect(standingOrderChanges(paused, { ...before, updated_at: paused.updated_at })).toEqual([]);
    const resumedCheaper = write({ lines: [{ ...syrup, unit_amount: 400 }, cups] });
    expect(standingOrderChanges(paused, resumedCheaper)).toEqual([]);
    // A manager's pause of the whole standing order: nothing either.
    expect(standingOrderChanges(before, write({ status: 'paused' }))).toEqual([]);
  });

  it('leaves out a line paused in the same write as another line is repriced', () => {
    const after = write({
      lines: [
        { ...syrup, unit_amount: 400, paused_reason: 'out_of_stock' },
        { ...cups, unit_amount: 100 },
      ],
    });
    const [change] = standingOrderChanges(before, after);
    expect(change?.kind).toBe('repriced');
    expect(change).toMatchObject({ lines: [{ name: 'Paper Cups' }] });
  });

  it('comes with a skip made in the same write', () => {
    const after = write({
      skipped_delivery_at: before.next_delivery_at,
      lines: [{ ...syrup, unit_amount: 428 }, cups],
    });
    expect(standingOrderChanges(before, after).map((change) => change.kind)).toEqual([
      'skipped',
      'repriced',
    ]);
  });

  it('is nothing for a cancelled standing order, and a renewal alone is nothing', () => {
    const repriced = [{ ...syrup, unit_amount: 428 }, cups];
    const cancelled = write({ status: 'cancelled', cancelled_at: new Date(), lines: repriced });
    expect(standingOrderChanges(before, cancelled).map((change) => change.kind)).toEqual([
      'cancelled',
    ]);
    expect(standingOrderChanges(cancelled, write({ status: 'cancelled' }))).toEqual([]);
    const renewed = write({ next_delivery_at: new Date('2026-12-15T00:00:00Z') });
    expect(standingOrderChanges(before, renewed)).toEqual([]);
  });
});
