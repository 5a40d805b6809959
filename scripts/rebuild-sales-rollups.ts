/**
 * `npm run rollups:rebuild -- [--apply] [--project <id>]`
 *
 * Rebuilds the sales rollups (sales_days, sales_weeks, sales_months) from every order and every
 * buyer approval (functions/src/insights/rebuild-rollups.ts): for a deployment over existing
 * orders, or when the figures are found off. Without --apply it only reports which documents
 * differ. Run it while no order is changing (see the module). Target
 * (scripts/lib/admin-target.ts): the project of --project <id> (Application Default Credentials,
 * or GOOGLE_APPLICATION_CREDENTIALS' key), else the local Firestore emulator (127.0.0.1:8080,
 * project demo-wholesale-portal). Exit codes: 0 done, 1 failed, 2 bad usage.
 */
import { getFirestore } from 'firebase-admin/firestore';
import { rebuildSalesRollups } from '../functions/src/insights/rebuild-rollups';
import { initAdminTarget, parseAdminArgs, runOnTarget } from './lib/admin-target';

const USAGE = 'Usage: npm run rollups:rebuild -- [--apply] [--project <id>]';

const args = parseAdminArgs(USAGE);
const target = initAdminTarget('rebuild-sales-rollups', args.project);
await runOnTarget(target, 'Rebuild', async (app) => {
  const report = await rebuildSalesRollups(getFirestore(app), { apply: args.apply });
  console.log(
    `${report.orders} orders and ${report.approvals} approvals make ${report.documents} rollup documents (${target.description}); ${report.changed.length} differ from what is stored.`,
  );
  for (const path of report.changed.slice(0, 50)) console.log(`  ${path}`);
  if (report.changed.length > 50) console.log(`  … and ${report.changed.length - 50} more`);
  if (args.apply) {
    console.log(`Wrote ${report.written} documents, deleted ${report.deleted}.`);
  } else if (report.changed.length > 0) {
    console.log('Run again with --apply to rewrite them.');
  }
});
