/**
 * Claims CLI: `npm run claims -- <command> <email> [--project <id>]`.
 *
 *   show <email>            the user's custom claims, session cut-off and profile
 *   approve <email>         pending -> approved (sets claims { role, status }); an applicant
 *                           whose email is not verified only with --allow-unverified
 *   reject <email>          approved -> rejected (sets claims, revokes the refresh tokens)
 *   grant-manager <email>   makes the user a manager (the only way to create one); refused for
 *                           a disabled account or an unverified email address
 *   revoke-manager <email>  takes manager access away (claims, sessions); never the last manager
 *
 * approve and reject run the same code as the setProfileStatus callable
 * (functions/src/accounts/profile-status.ts), so the transitions, audit entries and write order
 * are the same; the audit actor is "claims-cli".
 *
 * Target (scripts/lib/admin-target.ts): the real project named by --project, with
 * firebase-admin's default credential (Application Default Credentials from
 * `gcloud auth application-default login`, or the key file GOOGLE_APPLICATION_CREDENTIALS names);
 * with a key file and no --project, the key's project. Otherwise the local stack (Auth emulator
 * 127.0.0.1:9099, Firestore 127.0.0.1:8080, project demo-wholesale-portal;
 * FIREBASE_AUTH_EMULATOR_HOST / FIRESTORE_EMULATOR_HOST / GCLOUD_PROJECT override them).
 *
 * Exit codes: 0 done, 1 the operation failed (unknown email, transition not allowed, backend
 * unreachable), 2 bad usage.
 */
import { parseArgs } from 'node:util';
import { deleteApp, type App } from 'firebase-admin/app';
import { getAuth, type UserRecord } from 'firebase-admin/auth';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { paths } from '@portal/domain';
import {
  changeProfileStatus,
  grantManager,
  revokeManager,
  type AccountsDeps,
} from '../functions/src/accounts/profile-status';
import { authErrorCode } from '../functions/src/lib/auth-users';
import {
  AdminTargetUsageError,
  LOCAL,
  openAdminTarget,
  resolveAdminTarget,
} from './lib/admin-target';

const COMMANDS = ['show', 'approve', 'reject', 'grant-manager', 'revoke-manager'] as const;
type Command = (typeof COMMANDS)[number];
const ACTOR = 'claims-cli';
const TIMEOUT_MS = 30_000;

const USAGE = `Usage: npm run claims -- <command> <email> [--project <id>] [--allow-unverified]

Commands:
  show <email>            print the user's claims and profile
  approve <email>         pending -> approved (--allow-unverified for an unverified email)
  reject <email>          approved -> rejected, and end the user's sessions
  grant-manager <email>   make the user a manager (verified email, enabled account)
  revoke-manager <email>  take manager access away and end the user's sessions

With --project <id> it works on that Firebase project, signed in with Application Default
Credentials (gcloud auth application-default login) or the key file GOOGLE_APPLICATION_CREDENTIALS
names. Without --project: the local emulators (Auth ${LOCAL.auth}, Firestore ${LOCAL.firestore},
project ${LOCAL.project}), or with a key file its project.`;

class UsageError extends Error {}
class FailedError extends Error {}

interface Target {
  projectId: string;
  description: string;
  production: boolean;
}

interface Parsed {
  command: Command;
  email: string;
  project: string | undefined;
  allowUnverified: boolean;
}

function parse(argv: string[]): Parsed {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        project: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        'allow-unverified': { type: 'boolean' },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const [command, email, ...rest] = parsed.positionals;
  if (parsed.values.help) throw new UsageError('');
  if (!command) throw new UsageError('Missing command.');
  if (!COMMANDS.some((c) => c === command)) throw new UsageError(`Unknown command "${command}".`);
  if (!email) throw new UsageError(`Missing email: npm run claims -- ${command} <email>`);
  if (rest.length > 0) throw new UsageError(`Unexpected arguments: ${rest.join(' ')}`);
  if (!/^[^@\s]+@[^@\s]+$/.test(email)) throw new UsageError(`"${email}" is not an email address.`);
  const allowUnverified = parsed.values['allow-unverified'] === true;
  if (allowUnverified && command !== 'approve')
    throw new UsageError('--allow-unverified only goes with approve.');
  return { command: command as Command, email, project: parsed.values.project, allowUnverified };
}

function describeTime(value: unknown): string {
  return value instanceof Timestamp ? value.toDate().toISOString() : 'never';
}

async function show(deps: AccountsDeps, user: UserRecord): Promise<void> {
  const snapshot = await deps.db.doc(paths.profile(user.uid)).get();
  const profile = snapshot.data();
  const lines = [
    ['uid', user.uid],
    ['email', user.email ?? ''],
    ['name', user.displayName ?? ''],
    ['disabled', user.disabled ? 'yes' : 'no'],
    ['email verified', user.emailVerified ? 'yes' : 'no'],
    ['claims', JSON.stringify(user.customClaims ?? {})],
    ['sessions valid after', user.tokensValidAfterTime ?? 'never revoked'],
    [
      'profile',
      profile
        ? `${String(profile.role)} / ${String(profile.status)}, store "${String(profile.store_name)}", permit ${String(profile.seller_permit_id)}`
        : 'none',
    ],
  ];
  if (profile) {
    lines.push(['applied', describeTime(profile.created_at)]);
    lines.push([
      'reviewed',
      profile.reviewed_by
        ? `${describeTime(profile.reviewed_at)} by ${String(profile.reviewed_by)}`
        : 'not yet',
    ]);
  }
  for (const [label, value] of lines) console.log(`${`${label}:`.padEnd(22)}${value}`);
}

async function run({ command, email, allowUnverified }: Parsed, deps: AccountsDeps): Promise<void> {
  let user: UserRecord;
  try {
    user = await deps.auth.getUserByEmail(email);
  } catch (error) {
    if (authErrorCode(error) === 'auth/user-not-found')
      throw new FailedError(`No user with email ${email}.`);
    throw error;
  }
  switch (command) {
    case 'show':
      return show(deps, user);
    case 'approve':
    case 'reject': {
      const status = command === 'approve' ? 'approved' : 'rejected';
      const result = await changeProfileStatus(
        deps,
        { uid: user.uid, status, ...(allowUnverified ? { allowUnverified } : {}) },
        ACTOR,
      );
      const what = result.synced
        ? `The profile already read ${status}; the claims were brought in line`
        : `${result.from} -> ${result.status}`;
      console.log(`${email} (${user.uid}, ${result.role}): ${what}.`);
      console.log(
        status === 'rejected'
          ? 'Their refresh tokens were revoked: the session ends at the next token refresh.'
          : 'The new claims arrive with their next sign-in or token refresh.',
      );
      return;
    }
    case 'grant-manager': {
      const result = await grantManager(deps, user.uid, ACTOR);
      console.log(
        `${email} (${user.uid}) is now a manager${result.from ? ` (was ${result.from})` : ''}.`,
      );
      console.log('They sign in again at /admin/login to pick up the new claims.');
      return;
    }
    case 'revoke-manager': {
      await revokeManager(deps, user.uid, ACTOR);
      console.log(`${email} (${user.uid}) is no longer a manager.`);
      console.log('Their refresh tokens were revoked: the session ends at the next token refresh.');
      return;
    }
  }
}

/** Messages for the failures a user can act on; anything else is reported as it is. */
function explain(error: unknown, target: Target): string {
  const text = error instanceof Error ? error.message : String(error);
  if (
    target.production &&
    /default credentials|Could not load the default credentials/i.test(text)
  ) {
    return `No Google credentials for ${target.description}: run \`gcloud auth application-default login\` (or set GOOGLE_APPLICATION_CREDENTIALS to a service-account key file). ${text}`;
  }
  if (/ECONNREFUSED|fetch failed|UNAVAILABLE|socket hang up/i.test(text)) {
    return target.production
      ? `Cannot reach ${target.description}: ${text}`
      : `Cannot reach the ${target.description}. Start the local stack with \`npm start\`, or give --project <id> for a real project.`;
  }
  return text;
}

async function main(): Promise<number> {
  let app: App | undefined;
  let target: Target | undefined;
  try {
    const parsed = parse(process.argv.slice(2));
    const decision = resolveAdminTarget({ project: parsed.project, env: process.env, auth: true });
    target = {
      projectId: decision.projectId,
      description: decision.description,
      production: decision.kind === 'google-cloud' && !decision.emulated,
    };
    console.error(`claims: ${target.description}`);
    app = openAdminTarget(decision, 'claims-cli');
    // Mails the change causes (approved, rejected) link to the portal: WEB_ORIGIN, else the
    // local web app or the project's Hosting site.
    const env = {
      ...process.env,
      GCLOUD_PROJECT: target.projectId,
      WEB_ORIGIN:
        process.env.WEB_ORIGIN ??
        (target.production ? `https://${target.projectId}.web.app` : 'http://localhost:5173'),
    };
    const deps: AccountsDeps = { auth: getAuth(app), db: getFirestore(app), env };
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new FailedError(
              `No answer within ${TIMEOUT_MS / 1000} s from the ${target?.description}.`,
            ),
          ),
        TIMEOUT_MS,
      );
    });
    try {
      await Promise.race([run(parsed, deps), timeout]);
    } finally {
      clearTimeout(timer);
    }
    return 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof AdminTargetUsageError) {
      if (error.message) console.error(`claims: ${error.message}\n`);
      console.error(USAGE);
      return 2;
    }
    console.error(`claims: ${target ? explain(error, target) : String(error)}`);
    return 1;
  } finally {
    if (app) await deleteApp(app).catch(() => undefined);
  }
}

process.exit(await main());
