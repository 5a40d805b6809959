/**
 * What the one-off admin scripts (migrate:search-keys, rollups:rebuild, migrate:order-book)
 * share: their options (--apply, --project <id>, --help and any of their own), where they write,
 * and their exit codes (0 done, 1 failed, 2 bad usage).
 *
 * Target: the local emulators (Firestore 127.0.0.1:8080, Auth 127.0.0.1:9099 for a script that
 * asks for it, project demo-wholesale-portal; FIRESTORE_EMULATOR_HOST, FIREBASE_AUTH_EMULATOR_HOST
 * and GCLOUD_PROJECT override them) unless GOOGLE_APPLICATION_CREDENTIALS names a real project's
 * key: then the project of --project, or the key's project_id.
 */
import { readFileSync } from 'node:fs';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { applicationDefault, deleteApp, initializeApp, type App } from 'firebase-admin/app';

type ScriptOptions = NonNullable<ParseArgsConfig['options']>;

const LOCAL = {
  firestore: '127.0.0.1:8080',
  auth: '127.0.0.1:9099',
  project: 'demo-wholesale-portal',
} as const;

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
  /** Where the script writes, for its report: "project p" or "project p, emulator host:port". */
  description: string;
}

/**
 * The project the script works on, and a Firebase app named `appName` for it (see the module).
 * `auth`: the script also uses Auth, so the local target sets the Auth emulator too. Exits 2 when
 * the key does not say which project and --project does not either.
 */
export function initAdminTarget(
  appName: string,
  project: string | undefined,
  { auth = false }: { auth?: boolean } = {},
): AdminTarget {
  const credentials = process.env.GOOGLE_APPLICATION_CREDENTIALS;
  let projectId: string;
  if (credentials) {
    const key = JSON.parse(readFileSync(credentials, 'utf8')) as { project_id?: string };
    projectId = project ?? key.project_id ?? fail('Name the project with --project <id>.', 2);
  } else {
    process.env.FIRESTORE_EMULATOR_HOST ||= LOCAL.firestore;
    if (auth) process.env.FIREBASE_AUTH_EMULATOR_HOST ||= LOCAL.auth;
    projectId = project ?? process.env.GCLOUD_PROJECT ?? LOCAL.project;
  }
  const app = initializeApp(
    credentials ? { credential: applicationDefault(), projectId } : { projectId },
    appName,
  );
  const where = credentials ? '' : `, emulator ${process.env.FIRESTORE_EMULATOR_HOST}`;
  return { app, projectId, description: `project ${projectId}${where}` };
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
