/**
 * `npm run migrate:search-keys -- [--apply] [--project <id>]`
 *
 * Gives the orders and profiles written before the managers' search their search fields
 * (search_keys, buyer_role, buyer_email on orders; search_keys, store_name_lower on profiles),
 * computed as the triggers compute them (functions/src/insights/search-fields.ts). Idempotent:
 * writes only documents whose fields differ, so a second run writes nothing. Without --apply it
 * only counts what it would write. Target: the local emulators (Firestore 127.0.0.1:8080, Auth
 * 127.0.0.1:9099, project demo-wholesale-portal) unless GOOGLE_APPLICATION_CREDENTIALS names a
 * real project's key (then --project, or the key's project_id). Exit codes: 0 done, 1 failed,
 * 2 bad usage.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { applicationDefault, deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { backfillSearchFields } from '../functions/src/insights/search-fields';

const USAGE = 'Usage: npm run migrate:search-keys -- [--apply] [--project <id>]';

function fail(message: string, code: number): never {
  console.error(message);
  process.exit(code);
}

let args;
try {
  args = parseArgs({
    options: {
      apply: { type: 'boolean', default: false },
      project: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  }).values;
} catch (error) {
  fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`, 2);
}
if (args.help) fail(USAGE, 0);

const credentials = process.env.GOOGLE_APPLICATION_CREDENTIALS;
let projectId: string;
if (credentials) {
  const key = JSON.parse(readFileSync(credentials, 'utf8')) as { project_id?: string };
  projectId = args.project ?? key.project_id ?? fail('Name the project with --project <id>.', 2);
} else {
  process.env.FIRESTORE_EMULATOR_HOST ||= '127.0.0.1:8080';
  process.env.FIREBASE_AUTH_EMULATOR_HOST ||= '127.0.0.1:9099';
  projectId = args.project ?? process.env.GCLOUD_PROJECT ?? 'demo-wholesale-portal';
}
const app = initializeApp(
  credentials ? { credential: applicationDefault(), projectId } : { projectId },
  'backfill-search-keys',
);
try {
  const report = await backfillSearchFields(
    { db: getFirestore(app), auth: getAuth(app) },
    { dryRun: !args.apply },
  );
  const verb = args.apply ? 'Updated' : 'Would update';
  const where = credentials ? '' : `, emulator ${process.env.FIRESTORE_EMULATOR_HOST}`;
  console.log(`Search fields (project ${projectId}${where}):`);
  console.log(`  profiles: ${verb} ${report.profiles.updated} of ${report.profiles.scanned}`);
  console.log(`  orders:   ${verb} ${report.orders.updated} of ${report.orders.scanned}`);
  const pending = report.profiles.updated + report.orders.updated;
  if (!args.apply && pending > 0) console.log('Run again with --apply to write them.');
} catch (error) {
  console.error(`Backfill failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await deleteApp(app);
}
