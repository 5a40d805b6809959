/**
 * Where the command-line tools that use the Admin SDK work (the claims CLI, migrate:search-keys,
 * rollups:rebuild, migrate:order-book, migrate:refunds, migrate:companies), and what the admin
 * scripts share: their options (--apply, --project <id>, --help and any of their own) and exit
 * codes (0 done, 1 failed, 2 bad usage).
 *
 * The target (resolveAdminTarget, a pure decision):
 *   - `--project <id>` of a real project (not demo-): that project on Google Cloud, with
 *     firebase-admin's default credential: the key file GOOGLE_APPLICATION_CREDENTIALS names, or
 *     else Application Default Credentials (`gcloud auth application-default login`), whose
 *     requests are billed to the project itself (GOOGLE_CLOUD_QUOTA_PROJECT, unless set: user
 *     credentials need a quota project for the Auth API);
 *   - no --project but GOOGLE_APPLICATION_CREDENTIALS: the project of GCLOUD_PROJECT /
 *     GOOGLE_CLOUD_PROJECT or the key's project_id;
 *   - otherwise the local emulators (Firestore 127.0.0.1:8080, Auth 127.0.0.1:9099 for a tool that
 *     asks for it, project demo-wholesale-portal; FIRESTORE_EMULATOR_HOST,
 *     FIREBASE_AUTH_EMULATOR_HOST and GCLOUD_PROJECT override them).
 * A project id that is not one, or a key file that cannot be read, is a usage error before
 * anything is set or contacted.
 */
import { readFileSync } from 'node:fs';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import {
  applicationDefault,
  deleteApp,
  initializeApp,
  type App,
  type AppOptions,
} from 'firebase-admin/app';
import { FIREBASE_PROJECT_ID } from './commands';

type ScriptOptions = NonNullable<ParseArgsConfig['options']>;

export const LOCAL = {
  firestore: '127.0.0.1:8080',
  auth: '127.0.0.1:9099',
  project: 'demo-wholesale-portal',
} as const;

/** Bad usage: the tool prints it with its usage and exits 2. */
export class AdminTargetUsageError extends Error {
  override name = 'AdminTargetUsageError';
}

export type AdminTargetDecision =
  | {
      kind: 'emulators';
      projectId: string;
      /** The emulator variables to set (those not set already). */
      setEnv: Record<string, string>;
      description: string;
    }
  | {
      kind: 'google-cloud';
      projectId: string;
      /** firebase-admin's applicationDefault(): the key file, or Application Default Credentials. */
      credential: 'key-file' | 'application-default';
      /** Both emulator variables are set: the project's data in the emulators. */
      emulated: boolean;
      setEnv: Record<string, string>;
      description: string;
    };

type Env = Readonly<Record<string, string | undefined>>;

/** The project_id of a service-account key file (undefined when it names none). */
export function keyFileProject(file: string): string | undefined {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { project_id?: unknown };
    return typeof parsed.project_id === 'string' ? parsed.project_id : undefined;
  } catch {
    throw new AdminTargetUsageError(
      'GOOGLE_APPLICATION_CREDENTIALS does not name a readable JSON key file.',
    );
  }
}

/**
 * Where a tool works (see the module). `auth`: it uses Auth too, so the local target sets the
 * Auth emulator, and with credentials both emulators or neither must be named (with one, the other
 * service would be the real project's). Changes nothing: the caller applies `setEnv`.
 */
export function resolveAdminTarget({
  project,
  env,
  auth = false,
  readKeyProject = keyFileProject,
}: {
  project: string | undefined;
  env: Env;
  auth?: boolean;
  readKeyProject?: (file: string) => string | undefined;
}): AdminTargetDecision {
  const flag = project?.trim();
  if (flag !== undefined && !FIREBASE_PROJECT_ID.test(flag)) {
    throw new AdminTargetUsageError(
      `"${flag}" is not a Firebase project id (6 to 30 lowercase letters, digits and dashes, starting with a letter).`,
    );
  }
  const keyFile = env.GOOGLE_APPLICATION_CREDENTIALS || undefined;
  const demo = flag?.startsWith('demo-') ?? false;
  if (demo || (!flag && !keyFile)) {
    const setEnv: Record<string, string> = {};
    if (!env.FIRESTORE_EMULATOR_HOST) setEnv.FIRESTORE_EMULATOR_HOST = LOCAL.firestore;
    if (auth && !env.FIREBASE_AUTH_EMULATOR_HOST) setEnv.FIREBASE_AUTH_EMULATOR_HOST = LOCAL.auth;
    const hosts = { ...env, ...setEnv };
    const projectId = flag || env.GCLOUD_PROJECT || LOCAL.project;
    const where = auth
      ? `Auth ${hosts.FIREBASE_AUTH_EMULATOR_HOST}, Firestore ${hosts.FIRESTORE_EMULATOR_HOST}`
      : `Firestore ${hosts.FIRESTORE_EMULATOR_HOST}`;
    return {
      kind: 'emulators',
      projectId,
      setEnv,
      description: `local emulators (${where}), project ${projectId}`,
    };
  }
  const keyProject = keyFile ? readKeyProject(keyFile) : undefined;
  const projectId = flag || env.GCLOUD_PROJECT || env.GOOGLE_CLOUD_PROJECT || keyProject;
  if (!projectId) {
    throw new AdminTargetUsageError(
      'Name the project with --project <id> (the credentials do not say which).',
    );
  }
  const hosts = [env.FIREBASE_AUTH_EMULATOR_HOST, env.FIRESTORE_EMULATOR_HOST].filter(Boolean);
  if (auth && hosts.length === 1) {
    throw new AdminTargetUsageError(
      'Set both FIREBASE_AUTH_EMULATOR_HOST and FIRESTORE_EMULATOR_HOST, or neither: with only one, the other service would be the real project.',
    );
  }
  const emulated = auth ? hosts.length === 2 : !!env.FIRESTORE_EMULATOR_HOST;
  const credential = keyFile ? 'key-file' : 'application-default';
  const setEnv: Record<string, string> =
    credential === 'application-default' && !env.GOOGLE_CLOUD_QUOTA_PROJECT
      ? { GOOGLE_CLOUD_QUOTA_PROJECT: projectId }
      : {};
  const how =
    credential === 'key-file'
      ? 'credentials from GOOGLE_APPLICATION_CREDENTIALS'
      : 'Application Default Credentials';
  return {
    kind: 'google-cloud',
    projectId,
    credential,
    emulated,
    setEnv,
    description: emulated
      ? `project ${projectId} through the emulators named in FIREBASE_AUTH_EMULATOR_HOST / FIRESTORE_EMULATOR_HOST`
      : `project ${projectId} (Google Cloud, ${how})`,
  };
}

/** The Admin SDK app options for a decision: the project id, and the default credential for Google Cloud. */
export function adminAppOptions(target: AdminTargetDecision): AppOptions {
  return target.kind === 'google-cloud'
    ? { credential: applicationDefault(), projectId: target.projectId }
    : { projectId: target.projectId };
}

/** Applies the decision to this process (its variables) and makes the Admin SDK app `appName`. */
export function openAdminTarget(target: AdminTargetDecision, appName: string): App {
  Object.assign(process.env, target.setEnv);
  return initializeApp(adminAppOptions(target), appName);
}

/** The options every admin script takes. */
const COMMON_OPTIONS = {
  apply: { type: 'boolean', default: false },
  project: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies ScriptOptions;

/** Prints the message to stderr and ends the script with the exit code. */
export function fail(message: string, code: number): never {
  console.error(message);
  process.exit(code);
}

/** The values of the common options and the script's own (`own`). */
export type AdminArgs<Own extends ScriptOptions> = ReturnType<
  typeof parseArgs<{ options: typeof COMMON_OPTIONS & Own }>
>['values'];

/**
 * The script's options: --apply, --project <id>, --help and `own`. Bad usage prints the problem
 * and the usage and exits 2; --help prints the usage and exits 0.
 */
export function parseAdminArgs<const Own extends ScriptOptions = Record<never, never>>(
  usage: string,
  own?: Own,
): AdminArgs<Own> {
  const options = { ...COMMON_OPTIONS, ...own } as typeof COMMON_OPTIONS & Own;
  let args: AdminArgs<Own>;
  try {
    args = parseArgs({ options }).values;
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)}\n${usage}`, 2);
  }
  // (TypeScript cannot see the common options through the generic type.)
  if ((args as { help?: boolean }).help) fail(usage, 0);
  return args;
}

export interface AdminTarget {
  app: App;
  projectId: string;
  /** Where the script writes, for its report: "project p (Google Cloud, ...)" or the emulators. */
  description: string;
}

/**
 * The target of an admin script (resolveAdminTarget) and a Firebase app named `appName` for it.
 * `auth`: the script also uses Auth. Bad usage (a bad --project, an unreadable key, no project)
 * prints the problem and exits 2 before anything is set.
 */
export function initAdminTarget(
  appName: string,
  project: string | undefined,
  { auth = false }: { auth?: boolean } = {},
): AdminTarget {
  let target: AdminTargetDecision;
  try {
    target = resolveAdminTarget({ project, env: process.env, auth });
  } catch (error) {
    if (error instanceof AdminTargetUsageError) fail(error.message, 2);
    throw error;
  }
  const app = openAdminTarget(target, appName);
  return { app, projectId: target.projectId, description: target.description };
}

/**
 * Runs the script's work on the target's app: a failure is printed as "<what> failed: ..." and
 * exits 1; the app is deleted either way.
 */
export async function runOnTarget(
  target: AdminTarget,
  what: string,
  work: (app: App) => Promise<void>,
): Promise<void> {
  try {
    await work(target.app);
  } catch (error) {
    console.error(`${what} failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  } finally {
    await deleteApp(target.app);
  }
}
