/**
 * `npm run rollups:rebuild -- [--apply] [--project <id>]`
 *
 * Rebuilds the sales rollups (sales_days, sales_weeks, sales_months) from every order and every
 * buyer approval (functions/src/insights/rebuild-rollups.ts): for a deployment over existing
 * orders, or when the figures are found off. Without --apply it only reports which documents
 * differ. Run it while no order is changing (see the module). Target: the local Firestore
 * emulator (127.0.0.1:8080, project demo-wholesale-portal) unless GOOGLE_APPLICATION_CREDENTIALS
 * names a real project's key (then --project, or the key's project_id). Exit codes: 0 done,
 * 1 failed, 2 bad usage.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { applicationDefault, deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { rebuildSalesRollups } from '../functions/src/insights/rebuild-rollups';

const USAGE = 'Usage: npm run rollups:rebuild -- [--apply] [--project <id>]';

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
  projectId = args.project ?? process.env.GCLOUD_PROJECT ?? 'demo-wholesale-portal';
}
const app = initializeApp(
  credentials ? { credential: applicationDefault(), projectId } : { projectId },
  'rebuild-sales-rollups',
);
try {
  const report = await rebuildSalesRollups(getFirestore(app), { apply: args.apply });
  const target = `project ${projectId}${credentials ? '' : `, emulator ${process.env.FIRESTORE_EMULATOR_HOST}`}`;
  console.log(
    `${report.orders} orders and ${report.approvals} approvals make ${report.documents} rollup documents (${target}); ${report.changed.length} differ from what is stored.`,
  );
  for (const path of report.changed.slice(0, 50)) console.log(`  ${path}`);
  if (report.changed.length > 50) console.log(`  … and ${report.changed.length - 50} more`);
  if (args.apply) {
    console.log(`Wrote ${report.written} documents, deleted ${report.deleted}.`);
  } else if (report.changed.length > 0) {
    console.log('Run again with --apply to rewrite them.');
  }
} catch (error) {
  console.error(`Rebuild failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await deleteApp(app);
}
