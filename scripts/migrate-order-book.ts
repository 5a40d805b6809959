/**
 * `npm run migrate:order-book -- [--apply] [--before YYYY-MM-DD] [--project <id>]`
 *
 * Moves the checkout attempts that earlier releases kept as pending or cancelled orders out of
 * the order book into checkouts/{id} (functions/src/migrations/order-book-migration.ts). Without
 * --apply it only lists what it would move. Target (scripts/lib/admin-target.ts): the project of
 * --project <id> (Application Default Credentials, or GOOGLE_APPLICATION_CREDENTIALS' key), else
 * the local Firestore emulator (127.0.0.1:8080, project demo-wholesale-portal). Exit codes: 0
 * done, 1 failed, 2 bad usage.
 */
import { getFirestore } from 'firebase-admin/firestore';
import { migrateOrderBook } from '../functions/src/migrations/order-book-migration';
import { fail, initAdminTarget, parseAdminArgs, runOnTarget } from './lib/admin-target';

const USAGE =
  'Usage: npm run migrate:order-book -- [--apply] [--before YYYY-MM-DD] [--project <id>]';

const args = parseAdminArgs(USAGE, { before: { type: 'string' } });
let before: Date | undefined;
if (args.before !== undefined) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(args.before) || Number.isNaN(Date.parse(args.before))) {
    fail(`--before takes a date like 2026-11-24, not "${args.before}".\n${USAGE}`, 2);
  }
  before = new Date(`${args.before}T00:00:00Z`);
}

const target = initAdminTarget('migrate-order-book', args.project);
await runOnTarget(target, 'Migration', async (app) => {
  const report = await migrateOrderBook(getFirestore(app), { apply: args.apply, before });
  const verb = args.apply ? 'Moved' : 'Would move';
  console.log(
    `${verb} ${report.moved.length} of ${report.scanned} orders to checkouts (${target.description}).`,
  );
  for (const id of report.moved) console.log(`  ${id}`);
  if (!args.apply && report.moved.length > 0) console.log('Run again with --apply to move them.');
});
