/**
 * `npm run migrate:companies -- [--apply] [--project <id>]`
 *
 * Makes a company of every single-buyer profile (functions/src/migrations/companies-migration.ts,
 * docs/companies.md "Migrating single-buyer profiles"): companies/{uid} and its main location from
 * the profile, the profile's membership (owner), company_id on the buyer's orders, standing
 * orders and checkouts, and the company claims on the Auth user. Idempotent: a second run finds
 * nothing to do, and a run finishes what one cut short left. Without --apply it only counts what
 * it would do. Target (scripts/lib/admin-target.ts): the project of --project <id> (Application
 * Default Credentials, or GOOGLE_APPLICATION_CREDENTIALS' key), else the local emulators (Auth
 * 127.0.0.1:9099, Firestore 127.0.0.1:8080, project demo-wholesale-portal). Exit codes: 0 done,
 * 1 failed, 2 bad usage.
 */
import { performance } from 'node:perf_hooks';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { migrateCompanies } from '../functions/src/migrations/companies-migration';
import { initAdminTarget, parseAdminArgs, runOnTarget } from './lib/admin-target';

const USAGE = 'Usage: npm run migrate:companies -- [--apply] [--project <id>]';
/** The uids listed in each list; more are counted. */
const LISTED = 50;

const args = parseAdminArgs(USAGE);
const target = initAdminTarget('migrate-companies', args.project, { auth: true });
await runOnTarget(target, 'Migration', async (app) => {
  const started = performance.now();
  const report = await migrateCompanies(
    { db: getFirestore(app), auth: getAuth(app) },
    { apply: args.apply },
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const would = (done: string, todo: string) => (args.apply ? done : todo);
  const list = (uids: readonly string[]) => {
    for (const uid of uids.slice(0, LISTED)) console.log(`    ${uid}`);
    if (uids.length > LISTED) console.log(`    … and ${uids.length - LISTED} more`);
  };
  console.log(`Companies from single-buyer profiles (${target.description}):`);
  console.log(
    `  Profiles scanned: ${report.profilesScanned} (managers, who have no company: ${report.managers})`,
  );
  console.log(`  ${would('Created', 'Would create')} ${report.companiesCreated} companies`);
  console.log(`  ${would('Created', 'Would create')} ${report.locationsCreated} locations`);
  console.log(
    `  ${would('Made', 'Would make')} ${report.profilesConverted} profiles the owners of their company`,
  );
  console.log(
    `  ${would('Tagged', 'Would tag')} ${report.tagged.orders} orders, ${report.tagged.standing_orders} standing orders, ${report.tagged.checkouts} checkouts with their company`,
  );
  console.log(`  ${would('Updated', 'Would update')} the claims of ${report.claimsUpdated} users`);
  if (report.notInAuth.length > 0) {
    console.log(`  No Auth user (no claims to set): ${report.notInAuth.length}`);
    list(report.notInAuth);
  }
  if (report.unreadableShipTo.length > 0) {
    console.log(
      `  Saved ship-to not valid, no location made (the profile keeps it): ${report.unreadableShipTo.length}`,
    );
    list(report.unreadableShipTo);
  }
  if (report.skipped.length > 0) {
    console.log(`  Skipped: ${report.skipped.length}`);
    list(report.skipped.map(({ uid, reason }) => `${uid}: ${reason}`));
  }
  const { orders, standing_orders, checkouts } = report.untagged;
  if (orders + standing_orders + checkouts > 0) {
    console.log(
      `  Left without company_id (their user is no migrated buyer): ${orders} orders, ${standing_orders} standing orders, ${checkouts} checkouts`,
    );
  }
  console.log(`${would('Done', 'Counted')} in ${seconds} s.`);
  const work =
    report.companiesCreated +
    report.locationsCreated +
    report.profilesConverted +
    report.tagged.orders +
    report.tagged.standing_orders +
    report.tagged.checkouts +
    report.claimsUpdated;
  if (!args.apply && work > 0) console.log('Run again with --apply to make the changes.');
});
