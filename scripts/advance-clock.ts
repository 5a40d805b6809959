/**
 * `npm run clock -- <email> <weeks>`: on the local stack, moves a buyer's Stripe test clock on by
 * that many weeks (and an hour), so their standing orders renew now: each renewal is billed by the
 * Stripe sandbox and its webhook makes the order, as in production every cycle.
 *
 * Local only: Auth 127.0.0.1:9099, Firestore 127.0.0.1:8080 and the Stripe sandbox
 * 127.0.0.1:12111 (FIREBASE_AUTH_EMULATOR_HOST / FIRESTORE_EMULATOR_HOST / STRIPE_SANDBOX_URL
 * override them). Exit codes: 0 done, 1 failed (unknown email, no clock, stack not running),
 * 2 bad usage.
 */
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import Stripe from 'stripe';
import { paths } from '@portal/domain';
import { advanceBuyerClock, TestClockError } from './lib/test-clocks';

const USAGE = `Usage: npm run clock -- <email> <weeks>

Advances the buyer's company's Stripe test clock on the local stack by <weeks> (1 to 52) weeks,
so its standing orders renew and its invoices on terms get their reminder and go past due. Start
the portal with npm start first.`;

class UsageError extends Error {}

function parse(argv: readonly string[]): { email: string; weeks: number } {
  const [email, weeksText, ...rest] = argv;
  if (!email || !weeksText || rest.length > 0) throw new UsageError(USAGE);
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new UsageError(`Not an email address: ${email}`);
  if (!/^\d+$/.test(weeksText) || Number(weeksText) < 1 || Number(weeksText) > 52) {
    throw new UsageError(`Weeks must be a whole number from 1 to 52, not "${weeksText}".`);
  }
  return { email, weeks: Number(weeksText) };
}

async function main(): Promise<number> {
  let args: { email: string; weeks: number };
  try {
    args = parse(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 2;
  }
  if (process.env.STRIPE_SECRET_KEY?.startsWith('sk_live')) {
    console.error('Refusing to run with a live Stripe key: test clocks are for the local stack.');
    return 2;
  }
  process.env.FIREBASE_AUTH_EMULATOR_HOST ||= '127.0.0.1:9099';
  process.env.FIRESTORE_EMULATOR_HOST ||= '127.0.0.1:8080';
  const sandbox = new URL(process.env.STRIPE_SANDBOX_URL || 'http://127.0.0.1:12111');
  const app = initializeApp(
    { projectId: process.env.GCLOUD_PROJECT || 'demo-wholesale-portal' },
    'advance-clock',
  );
  try {
    const user = await getAuth(app).getUserByEmail(args.email);
    const stripe = new Stripe(process.env.STRIPE_SANDBOX_KEY || 'sk_test_local_sandbox', {
      host: sandbox.hostname,
      port: Number(sandbox.port || 80),
      protocol: sandbox.protocol === 'https:' ? 'https' : 'http',
    });
    // The clock is the company's (its one Stripe Customer): a member's company, or the owner's.
    const db = getFirestore(app);
    const company: unknown = (await db.doc(paths.profile(user.uid)).get()).get('company_id');
    const companyId = typeof company === 'string' && company ? company : user.uid;
    const stored: unknown = (await db.doc(paths.stripeCustomer(companyId)).get()).get(
      'customer_id',
    );
    const at = await advanceBuyerClock({
      stripe,
      customerId: typeof stored === 'string' ? stored : null,
      weeks: args.weeks,
    });
    console.log(
      `${args.email}: Stripe clock now at ${at.toISOString()}; renewals and invoice reminders due were sent.`,
    );
    return 0;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'auth/user-not-found') console.error(`No account with the email ${args.email}.`);
    else if (error instanceof TestClockError) console.error(error.message);
    else if (String(error).includes('ECONNREFUSED'))
      console.error('The local stack is not running: start it with npm start.');
    else console.error(`Failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await deleteApp(app);
  }
}

process.exitCode = await main();
