/**
 * `npm run migrate:refunds -- [--apply] [--project <id>]`
 *
 * Brings the refunds recorded before the refund's two notes and the refunded status to today's
 * shape (functions/src/migrations/refunds-migration.ts): a processing order refunded in full moves
 * to refunded (its sales rollups with it, in the same transaction), and each refund's legacy
 * `reason` moves from the order, which its buyer reads, to the managers-only
 * order_notes/{orderId}. Idempotent: a second run writes nothing. Without --apply it only counts
 * and lists what it would change. Target (scripts/lib/admin-target.ts): the project of
 * --project <id> (Application Default Credentials, or GOOGLE_APPLICATION_CREDENTIALS' key), else
 * the local Firestore emulator (127.0.0.1:8080, project demo-wholesale-portal). Exit codes: 0
 * done, 1 failed, 2 bad usage.
 */
import { getFirestore } from 'firebase-admin/firestore';
import { migrateRefunds } from '../functions/src/migrations/refunds-migration';
import { initAdminTarget, parseAdminArgs, runOnTarget } from './lib/admin-target';

const USAGE = 'Usage: npm run migrate:refunds -- [--apply] [--project <id>]';
/** The orders listed by id; more are counted. */
const LISTED = 50;

const args = parseAdminArgs(USAGE);
const target = initAdminTarget('migrate-refunds', args.project);
await runOnTarget(target, 'Migration', async (app) => {
  const report = await migrateRefunds(getFirestore(app), { apply: args.apply });
  const refunded = report.orders.filter((order) => order.refunded).length;
  const reasons = report.orders.reduce((sum, order) => sum + order.reasons, 0);
  const noted = report.orders.filter((order) => order.reasons > 0).length;
  const verb = args.apply ? 'Moved' : 'Would move';
  console.log(`Refunds recorded before the refund notes split (${target.description}):`);
  console.log(`  ${verb} ${refunded} of ${report.scanned} orders from processing to refunded`);
  console.log(`  ${verb} ${reasons} refund reasons of ${noted} orders to order_notes`);
  for (const order of report.orders.slice(0, LISTED)) {
    const what = [
      ...(order.refunded ? ['processing -> refunded'] : []),
      ...(order.reasons > 0 ? [`${order.reasons} reason${order.reasons === 1 ? '' : 's'}`] : []),
    ];
    console.log(`  ${order.id}: ${what.join(', ')}`);
  }
  if (report.orders.length > LISTED) console.log(`  … and ${report.orders.length - LISTED} more`);
  if (!args.apply && report.orders.length > 0) console.log('Run again with --apply to move them.');
});
