/**
 * `npm run migrate:search-keys -- [--apply] [--project <id>]`
 *
 * Gives the orders, profiles and companies written before the managers' search their search
 * fields (search_keys, buyer_role, buyer_email on orders; search_keys, store_name_lower on
 * profiles; search_keys, name_lower, member_count, location_count, cities, owner_uid on companies),
 * computed as the triggers compute them (functions/src/insights/search-fields.ts). Idempotent:
 * writes only documents whose fields differ, so a second run writes nothing. Without --apply it
 * only counts what it would write. Target (scripts/lib/admin-target.ts): the project of
 * --project <id> (Application Default Credentials, or GOOGLE_APPLICATION_CREDENTIALS' key), else
 * the local emulators (Firestore 127.0.0.1:8080, Auth 127.0.0.1:9099, project
 * demo-wholesale-portal). Exit codes: 0 done, 1 failed, 2 bad usage.
 */
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { backfillSearchFields } from '../functions/src/insights/search-fields';
import { initAdminTarget, parseAdminArgs, runOnTarget } from './lib/admin-target';

const USAGE = 'Usage: npm run migrate:search-keys -- [--apply] [--project <id>]';

const args = parseAdminArgs(USAGE);
const target = initAdminTarget('backfill-search-keys', args.project, { auth: true });
await runOnTarget(target, 'Backfill', async (app) => {
  const report = await backfillSearchFields(
    { db: getFirestore(app), auth: getAuth(app) },
    { dryRun: !args.apply },
  );
  const verb = args.apply ? 'Updated' : 'Would update';
  console.log(`Search fields (${target.description}):`);
  console.log(`  profiles:  ${verb} ${report.profiles.updated} of ${report.profiles.scanned}`);
  console.log(`  orders:    ${verb} ${report.orders.updated} of ${report.orders.scanned}`);
  console.log(`  companies: ${verb} ${report.companies.updated} of ${report.companies.scanned}`);
  const pending = report.profiles.updated + report.orders.updated + report.companies.updated;
  if (!args.apply && pending > 0) console.log('Run again with --apply to write them.');
});
