import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS, paths, ROLLUP_COLLECTIONS, ROLLUP_LEVELS } from '@portal/domain';
import { rebuildSalesRollups } from '../../src/insights/rebuild-rollups';
import { createContext } from '../../src/lib/context';
import { recordRefund } from '../../src/orders/order-transitions';
import { MIGRATION_ACTOR, migrateRefunds } from '../../src/migrations/refunds-migration';
import { clearProject, comparable, projectDb, rollupDocs } from '../insights/rollup-support';

/**
 * `npm run migrate:refunds` (functions/src/migrations/refunds-migration.ts) on orders as the
 * releases before the refund's two notes and the refunded status wrote them, in Firestore
 * projects of their own on the worker's emulator (so the rollups hold these orders only). A
 * second project gets the same orders with the last refund of the fully refunded one still to
 * come, and records it through recordRefund, the live path: the migrated project's rollups must
 * end up as that one's.
 */

const MIGRATED = 'refunds-migration';
const LIVE = 'refunds-migration-live';
const MANAGER = 'legacy-manager';
const at = (iso: string) => Timestamp.fromDate(new Date(iso));

/** A refund entry as recorded before the split: one `reason`, no customer_note. */
const legacyRefund = (refund_id: string, amount: number, reason: string, when: string) => ({
  refund_id,
  amount,
  reason,
  at: at(when),
  by: MANAGER,
});

type Entry = { amount: number } & Record<string, unknown>;

/** A paid order of March 2024 in `status`, with the history that led there. */
function order(
  status: string,
  amount: number,
  refunds: Entry[] | undefined,
  paid: string,
): Record<string, unknown> {
  const steps: Record<string, string[]> = {
    processing: ['processing'],
    shipped: ['processing', 'shipped'],
    delivered: ['processing', 'shipped', 'delivered'],
    cancelled: ['processing', 'cancelled'],
    refunded: ['processing', 'refunded'],
  };
  return {
    user_id: 'legacy-buyer',
    store_name: 'Legacy Shop',
    items: [
      {
        product_id: 'blue-coast',
        name: 'Blue Coast Syrup',
        description: '',
        image_url: '',
        unit_amount: 500,
        quantity: amount / 500,
        line_total: amount,
      },
    ],
    amount,
    currency: 'usd',
    payment_type: 'one_time',
    status,
    stripe_session_id: `cs_test_legacy_${status}`,
    stripe_payment_intent_id: null,
    created_at: at(paid),
    updated_at: at(paid),
    paid_at: at(paid),
    status_history: steps[status]!.map((s, i) => ({
      status: s,
      at: at(paid),
      by: i === 0 ? 'stripe' : MANAGER,
    })),
    cart_fingerprint: 'cart|legacy',
    source: 'cart',
    // The oldest orders have neither (from before refunds were recorded).
    ...(refunds
      ? { refunds, refunded_amount: refunds.reduce((sum, refund) => sum + refund.amount, 0) }
      : {}),
  };
}

const FULL_FIRST = legacyRefund(
  're_full_1',
  3000,
  'Two cases crushed, supplier credit 17',
  '2024-03-06T18:00:00Z',
);
const FULL_LAST = legacyRefund(
  're_full_2',
  2000,
  'Rest refunded as goodwill',
  '2024-03-07T18:00:00Z',
);

/** The orders of both projects, by id. */
const ORDERS: Record<string, Record<string, unknown>> = {
  // (a) refunded in full while processing, before the refunded status: moves to refunded.
  full: order('processing', 5000, [FULL_FIRST, FULL_LAST], '2024-03-05T18:00:00Z'),
  // Refunded in part: stays processing; its reason moves.
  partial: order(
    'processing',
    4000,
    [legacyRefund('re_part', 1000, 'One can dented', '2024-03-06T18:00:00Z')],
    '2024-03-05T19:00:00Z',
  ),
  // Refunded in full after the goods went out: keep their status; their reasons move.
  shipped: order(
    'shipped',
    3000,
    [legacyRefund('re_ship', 3000, 'Lost by the carrier', '2024-03-12T18:00:00Z')],
    '2024-03-08T18:00:00Z',
  ),
  delivered: order(
    'delivered',
    3000,
    [legacyRefund('re_deliv', 3000, 'Returned unopened', '2024-03-20T18:00:00Z')],
    '2024-03-09T18:00:00Z',
  ),
  cancelled: order(
    'cancelled',
    2000,
    [legacyRefund('re_cancel', 2000, 'Order cancelled', '2024-03-10T18:00:00Z')],
    '2024-03-09T19:00:00Z',
  ),
  // Notes already kept for two of its refunds (a refund webhook delivered after the split): the
  // same text, and another; and a reason left empty.
  noted: order(
    'processing',
    6000,
    [
      legacyRefund('re_same', 1000, 'Supplier credit 9', '2024-03-12T18:00:00Z'),
      legacyRefund('re_other', 1000, 'Short one case', '2024-03-13T18:00:00Z'),
      legacyRefund('re_blank', 500, '', '2024-03-14T18:00:00Z'),
    ],
    '2024-03-11T18:00:00Z',
  ),
  // Nothing to do: recorded the new way, never refunded, and from before refunds were recorded.
  current: order(
    'refunded',
    2500,
    [
      {
        refund_id: 're_now',
        amount: 2500,
        customer_note: 'Sorry, out of stock.',
        at: at('2024-03-16T18:00:00Z'),
        by: MANAGER,
        request_id: 'request-1',
      },
    ],
    '2024-03-15T18:00:00Z',
  ),
  unrefunded: order('processing', 2000, [], '2024-03-15T19:00:00Z'),
  ancient: order('processing', 1500, undefined, '2024-03-15T20:00:00Z'),
};

const NOTED_BEFORE = {
  order_id: 'noted',
  refunds: {
    re_same: { internal_note: 'Supplier credit 9', by: MANAGER, at: at('2024-06-01T18:00:00Z') },
    re_other: { internal_note: 'Credit note 12', by: 'stripe', at: at('2024-06-01T18:00:00Z') },
  },
};

/** What the migration does to each order. */
const EXPECTED = [
  { id: 'cancelled', refunded: false, reasons: 1 },
  { id: 'delivered', refunded: false, reasons: 1 },
  { id: 'full', refunded: true, reasons: 2 },
  { id: 'noted', refunded: false, reasons: 3 },
  { id: 'partial', refunded: false, reasons: 1 },
  { id: 'shipped', refunded: false, reasons: 1 },
];

/** Every document the migration may write, with its update time: a write shows as a new one. */
async function stored(db: Firestore): Promise<Map<string, { updated: string; data: unknown }>> {
  const collections = [
    COLLECTIONS.orders,
    COLLECTIONS.orderNotes,
    ...ROLLUP_LEVELS.map((level) => ROLLUP_COLLECTIONS[level]),
  ];
  const snaps = await Promise.all(collections.map((name) => db.collection(name).get()));
  return new Map(
    snaps
      .flatMap((snap) => snap.docs)
      .map((doc) => [
        doc.ref.path,
        {
          updated: `${doc.updateTime.seconds}.${doc.updateTime.nanoseconds}`,
          data: doc.data(),
        },
      ]),
  );
}

async function seed(
  db: Firestore,
  project: string,
  orders: Record<string, Record<string, unknown>>,
) {
  await clearProject(project);
  const batch = db.batch();
  for (const [id, data] of Object.entries(orders)) batch.set(db.doc(paths.order(id)), data);
  if (orders.noted) batch.set(db.collection(COLLECTIONS.orderNotes).doc('noted'), NOTED_BEFORE);
  await batch.commit();
  // The rollups as the functions kept them then: a legacy full refund counted as processing.
  await rebuildSalesRollups(db, { apply: true });
}

describe('migrating refunds recorded before the notes split (npm run migrate:refunds)', () => {
  const db = projectDb(MIGRATED);
  const live = projectDb(LIVE);
  const orderData = async (id: string) => (await db.doc(paths.order(id)).get()).data()!;
  const notesOf = async (id: string) =>
    (await db.collection(COLLECTIONS.orderNotes).doc(id).get()).data();
  let before: Map<string, { updated: string; data: unknown }>;
  let rollupsBefore: Awaited<ReturnType<typeof rollupDocs>>;

  beforeAll(async () => {
    await Promise.all([
      seed(db, MIGRATED, ORDERS),
      // The live project's full order still has its last refund to come.
      seed(live, LIVE, {
        ...ORDERS,
        full: order('processing', 5000, [FULL_FIRST], '2024-03-05T18:00:00Z'),
      }),
    ]);
    before = await stored(db);
    rollupsBefore = await rollupDocs(db);
  });

  it('counts without --apply and writes nothing', async () => {
    const report = await migrateRefunds(db, { apply: false });
    expect(report).toEqual({ scanned: Object.keys(ORDERS).length, orders: EXPECTED });
    expect(await stored(db)).toEqual(before);
  });

  it('moves the processing order refunded in full to refunded, its rollups as the live refund moves them', async () => {
    // The live path: the refund that completes the full refund (recordRefund, as refundOrder
    // and the refund webhooks record it).
    const recorded = await recordRefund(createContext({ db: live }), 'full', {
      refund_id: FULL_LAST.refund_id,
      amount: FULL_LAST.amount,
      customer_note: '',
      internal_note: FULL_LAST.reason,
      by: MANAGER,
    });
    expect(recorded).toMatchObject({ status: 'refunded', refundedAmount: 5000 });

    const report = await migrateRefunds(db, { apply: true, pageSize: 4 });
    expect(report).toEqual({ scanned: Object.keys(ORDERS).length, orders: EXPECTED });

    const full = await orderData('full');
    expect(full.status).toBe('refunded');
    expect(full.refunded_amount).toBe(5000);
    expect(full.status_history).toEqual([
      ...(ORDERS.full!.status_history as unknown[]),
      { status: 'refunded', at: expect.any(Timestamp), by: MIGRATION_ACTOR },
    ]);
    expect((full.updated_at as Timestamp).toMillis()).toBeGreaterThan(Date.now() - 60_000);
    const liveFull = (await live.doc(paths.order('full')).get()).data()!;
    expect(liveFull.status).toBe(full.status);
    // The live refund's internal note, by the same writer the migration uses.
    const liveNotes = (await live.collection(COLLECTIONS.orderNotes).doc('full').get()).data();
    expect(liveNotes).toEqual({
      order_id: 'full',
      refunds: {
        re_full_2: { internal_note: FULL_LAST.reason, by: MANAGER, at: expect.any(Timestamp) },
      },
    });

    // Every rollup document as the live path left it: the order moved from processing to
    // refunded in the Overview's orders by status; revenue, refunds, stores, products as before.
    const [migrated, reference] = await Promise.all([rollupDocs(db), rollupDocs(live)]);
    expect([...migrated.keys()].sort()).toEqual([...reference.keys()].sort());
    for (const [path, rollup] of reference) {
      expect([path, comparable(migrated.get(path))]).toEqual([path, comparable(rollup)]);
    }
    const month = `${COLLECTIONS.salesMonths}/2024-03`;
    const was = comparable(rollupsBefore.get(month));
    expect(migrated.get(month)?.statuses).toEqual({
      ...was.statuses,
      processing: was.statuses.processing - 1,
      refunded: was.statuses.refunded + 1,
    });
    expect(migrated.get(month)?.revenue).toBe(was.revenue);
    expect(migrated.get(month)?.refunded).toBe(was.refunded);
    // And a rebuild from the migrated orders finds nothing to fix.
    expect((await rebuildSalesRollups(db, { apply: false })).changed).toEqual([]);
  });

  it('leaves the partial refund, shipped, delivered and cancelled orders in their status', async () => {
    for (const id of ['partial', 'shipped', 'delivered', 'cancelled', 'noted']) {
      const data = await orderData(id);
      expect([id, data.status, data.status_history]).toEqual([
        id,
        ORDERS[id]!.status,
        ORDERS[id]!.status_history,
      ]);
    }
  });

  it('moves every legacy reason to order_notes (managers only) and off the order its buyer reads', async () => {
    for (const { id } of EXPECTED) {
      const data = await orderData(id);
      const legacy = ORDERS[id]!.refunds as Array<ReturnType<typeof legacyRefund>>;
      // The same refunds, each with an empty note to the customer and no reason.
      expect([id, data.refunds]).toEqual([
        id,
        legacy.map(({ reason: _, ...entry }) => ({ ...entry, customer_note: '' })),
      ]);
      for (const refund of legacy) {
        if (refund.reason) expect([id, JSON.stringify(data)]).not.toContain(refund.reason);
      }
    }
    expect(await notesOf('full')).toEqual({
      order_id: 'full',
      refunds: {
        re_full_1: { internal_note: FULL_FIRST.reason, by: MANAGER, at: FULL_FIRST.at },
        re_full_2: { internal_note: FULL_LAST.reason, by: MANAGER, at: FULL_LAST.at },
      },
    });
    expect((await notesOf('shipped'))?.refunds).toEqual({
      re_ship: {
        internal_note: 'Lost by the carrier',
        by: MANAGER,
        at: at('2024-03-12T18:00:00Z'),
      },
    });
    // A note already kept stays; another reason for the same refund is added after it; an
    // empty reason leaves no note.
    expect(await notesOf('noted')).toEqual({
      order_id: 'noted',
      refunds: {
        re_same: NOTED_BEFORE.refunds.re_same,
        re_other: {
          ...NOTED_BEFORE.refunds.re_other,
          internal_note: 'Credit note 12\nShort one case',
        },
      },
    });
    // Orders with nothing to move have no notes, and were not written.
    const after = await stored(db);
    for (const id of ['current', 'unrefunded', 'ancient']) {
      expect(await notesOf(id)).toBeUndefined();
      expect(after.get(paths.order(id))).toEqual(before.get(paths.order(id)));
    }
  });

  it('finds nothing on a second run, and writes nothing', async () => {
    const settled = await stored(db);
    expect(await migrateRefunds(db, { apply: false })).toEqual({
      scanned: Object.keys(ORDERS).length,
      orders: [],
    });
    expect(await migrateRefunds(db, { apply: true })).toEqual({
      scanned: Object.keys(ORDERS).length,
      orders: [],
    });
    expect(await stored(db)).toEqual(settled);
  });
});

describe('npm run migrate:refunds (the script)', () => {
  // A demo- project: the script's local target, on the worker's emulator
  // (FIRESTORE_EMULATOR_HOST, set by the global setup).
  const PROJECT = 'demo-refunds-migration-cli';
  const db = projectDb(PROJECT);
  const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

  function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.GOOGLE_APPLICATION_CREDENTIALS;
    return new Promise((resolve) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', 'scripts/migrate-refunds.ts', ...args],
        { cwd: ROOT, env, timeout: 60_000 },
        (error, stdout, stderr) => {
          const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
          resolve({ code, stdout, stderr });
        },
      );
    });
  }

  beforeAll(async () => {
    await seed(db, PROJECT, { full: ORDERS.full! });
  });

  it('refuses bad flags with the usage (exit 2) and changes nothing; counts, then moves with --apply', async () => {
    const before = await stored(db);
    // (Side by side: neither writes.)
    const [typo, dry] = await Promise.all([
      run(['--aply', '--project', PROJECT]),
      run(['--project', PROJECT]),
    ]);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain("Unknown option '--aply'");
    expect(typo.stderr).toContain('Usage: npm run migrate:refunds -- [--apply] [--project <id>]');
    expect([dry.code, dry.stderr]).toEqual([0, '']);
    expect(dry.stdout).toContain('Would move 1 of 1 orders from processing to refunded');
    expect(dry.stdout).toContain('Would move 2 refund reasons of 1 orders to order_notes');
    expect(dry.stdout).toContain('full: processing -> refunded, 2 reasons');
    expect(dry.stdout).toContain('Run again with --apply');
    expect(await stored(db)).toEqual(before);

    const applied = await run(['--apply', '--project', PROJECT]);
    expect([applied.code, applied.stderr]).toEqual([0, '']);
    expect(applied.stdout).toContain('Moved 1 of 1 orders from processing to refunded');
    expect((await db.doc(paths.order('full')).get()).get('status')).toBe('refunded');
  }, 120_000);
});
