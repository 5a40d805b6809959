/**
 * `npm run migrate:order-book -- [--apply] [--before YYYY-MM-DD] [--project <id>]`
 *
 * Moves the checkout attempts that earlier releases kept as pending or cancelled orders out of
 * the order book into checkouts/{id} (functions/src/payments/order-book-migration.ts). Without
 * --apply it only lists what it would move. Target: the local Firestore emulator
 * (127.0.0.1:8080, project demo-wholesale-portal) unless GOOGLE_APPLICATION_CREDENTIALS names a
 * real project's key (then --project, or the key's project_id). Exit codes: 0 done, 1 failed,
 * 2 bad usage.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { applicationDefault, deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { migrateOrderBook } from '../functions/src/payments/order-book-migration';

const USAGE =
  'Usage: npm run migrate:order-book -- [--apply] [--before YYYY-MM-DD] [--project <id>]';

function fail(message: string, code: number): never {
  console.error(message);
  process.exit(code);
}

let args;
try {
  args = parseArgs({
    options: {
      apply: { type: 'boolean', default: false },
      before: { type: 'string' },
      project: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  }).values;
} catch (error) {
  fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`, 2);
}
if (args.help) fail(USAGE, 0);
let before: Date | undefined;
if (args.before !== undefined) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(args.before) || Number.isNaN(Date.parse(args.before))) {
    fail(`--before takes a date like 2026-11-24, not "${args.before}".\n${USAGE}`, 2);
  }
  before = new Date(`${args.before}T00:00:00Z`);
}

const credentials = process.env.GOOGLE_APPLICATION_CREDENTIALS;
let projectId: string;
if (credentials) {
  const key = JSON.parse(readFileSync(credentials, 'utf8')) as { project_id?: string };
  projectId = args.project ?? key.project_id ?? fail('Name the project with --project <id>.', 2);
} else {
  process.env.FIRESTORE_EMULATOR_HOST ||= '127.0.0.1:8080';
  projectId = args.project ?? process.env.GCLOUD_PROJECT ?? 'demo-wholesale-portal';
}
const app = initializeApp(
  credentials ? { credential: applicationDefault(), projectId } : { projectId },
  'migrate-order-book',
);
try {
  const report = await migrateOrderBook(getFirestore(app), { apply: args.apply, before });
  const verb = args.apply ? 'Moved' : 'Would move';
  console.log(
    `${verb} ${report.moved.length} of ${report.scanned} orders to checkouts (project ${projectId}${credentials ? '' : `, emulator ${process.env.FIRESTORE_EMULATOR_HOST}`}).`,
  );
  for (const id of report.moved) console.log(`  ${id}`);
  if (!args.apply && report.moved.length > 0) console.log('Run again with --apply to move them.');
} catch (error) {
  console.error(`Migration failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await deleteApp(app);
}
