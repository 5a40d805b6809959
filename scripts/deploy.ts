/**
 * `npm run deploy -- --project <id>`: checks that what is about to go out can work, then deploys
 * hosting, functions, Firestore rules and indexes to that Firebase project.
 *
 * The steps (deploySteps, the one list the --plan output and docs/deploying.md section 4 give;
 * functions/test/deploy-config.test.ts keeps them equal): the checks this script runs, then
 * firebase.json's predeploy hooks (the functions bundle and its lockfile, the production build of
 * the web app and its scan), then `firebase deploy`. A deploy leaves the hooks to firebase deploy,
 * which runs them before it uploads anything; --check-only runs them here, as firebase-tools
 * would ($PROJECT_DIR, $RESOURCE_DIR, $GCLOUD_PROJECT), and stops. Any failure stops before
 * anything is uploaded. The run ends by naming what is left by hand: nothing for the deploy; the
 * one-time setup of a project (ONE_TIME_SETUP) is in the guide.
 *
 * The dependency audit needs the registry's audit service. Where the registry has none (npm
 * says "audit endpoint returned an error"), the deploy stops and says so, unless --skip-audit,
 * which skips the audit and says so (auditOutcome decides from npm's output).
 *
 * Options: `--check-only` runs every step but the upload; `--plan` prints the steps and runs
 * nothing; `--skip-audit` leaves out the dependency audit. Exit codes: 0 done, 1 a step failed,
 * 2 bad usage.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadEnv } from 'vite';
import { SETTINGS } from '../functions/src/lib/params';
import { productionBuildProblems } from '../web/src/config/firebase-web-config';
import {
  readDeployRuntimeConfig,
  runtimeProblems,
  runtimeWarnings,
  todayUtc,
} from './lib/functions-runtimes';
import { FIREBASE_PROJECT_ID, NPM, NPX } from './lib/commands';
import { ROOT } from './lib/root';

const USAGE = `Usage: npm run deploy -- --project <firebase-project-id> [--check-only | --plan] [--skip-audit]

  --project <id>   the Firebase project to deploy to (required; never a demo- project)
  --check-only     run every step but the upload: the checks, the builds, then stop
  --plan           print the steps without running anything
  --skip-audit     leave out npm audit (for a registry without an audit service; said so in the output)`;

const DEPLOY_TARGETS = 'hosting,functions,firestore';

export class UsageError extends Error {}
class CheckError extends Error {}

export type DeployMode = 'deploy' | 'check-only' | 'plan';

export interface DeployOptions {
  project: string;
  mode: DeployMode;
  skipAudit: boolean;
}

const DEPLOY_ARGS = {
  options: {
    project: { type: 'string' },
    'check-only': { type: 'boolean' },
    plan: { type: 'boolean' },
    'skip-audit': { type: 'boolean' },
  },
  strict: true,
  allowPositionals: false,
  tokens: true,
} as const;

export function parseDeployArgs(argv: string[]): DeployOptions {
  let parsed: ReturnType<typeof parseArgs<typeof DEPLOY_ARGS>>;
  try {
    parsed = parseArgs({ ...DEPLOY_ARGS, args: argv });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const given = parsed.tokens.filter((token) => token.kind === 'option').map((token) => token.name);
  const twice = given.find((name, i) => given.indexOf(name) !== i);
  if (twice) throw new UsageError(`--${twice} is given twice.`);
  const { values } = parsed;
  const project = values.project?.trim();
  if (!project) throw new UsageError('Name the Firebase project to deploy to with --project <id>.');
  if (!FIREBASE_PROJECT_ID.test(project)) {
    throw new UsageError(
      `"${project}" is not a Firebase project id (6-30 lowercase letters, digits and dashes).`,
    );
  }
  if (project.startsWith('demo-')) {
    throw new UsageError(
      `"${project}" is a demo- project: it exists only in the emulators and cannot be deployed to.`,
    );
  }
  if (values['check-only'] && values.plan)
    throw new UsageError('Choose one of --check-only and --plan.');
  return {
    project,
    mode: values.plan ? 'plan' : values['check-only'] ? 'check-only' : 'deploy',
    skipAudit: values['skip-audit'] === true,
  };
}

/* ----------------------------------------------------------------------------------------------
 * The dependency audit
 * -------------------------------------------------------------------------------------------- */

export const AUDIT_ARGS = ['audit', '--omit=dev', '--audit-level=high', '--json'] as const;

export type AuditOutcome =
  | { kind: 'clean'; message: string }
  | { kind: 'advisories'; message: string }
  | { kind: 'no-audit-service'; message: string }
  | { kind: 'failed'; message: string };

interface AuditJson {
  auditReportVersion?: number;
  vulnerabilities?: Record<string, { severity?: string }>;
  metadata?: { vulnerabilities?: Record<string, number> };
  message?: string;
  statusCode?: number;
  uri?: string;
  error?: { code?: string; summary?: string; detail?: string };
}

const BLOCKING = new Set(['high', 'critical']);

/**
 * What `npm audit --omit=dev --audit-level=high --json` said, from its exit status and output.
 * npm exits 1 both when it finds advisories at or over the level and when it cannot audit at all;
 * the two are told apart by the output: a report (auditReportVersion, vulnerabilities) against
 * npm's "audit endpoint returned an error" (an HTTP error of the registry's audit endpoint, 404
 * or 405 where there is none, or no answer, code ENOAUDIT).
 */
export function auditOutcome(result: {
  status: number | null;
  stdout: string;
  stderr: string;
}): AuditOutcome {
  let json: AuditJson | undefined;
  try {
    json = JSON.parse(result.stdout) as AuditJson;
  } catch {
    json = undefined;
  }
  const counts = json?.metadata?.vulnerabilities ?? {};
  const below = ['moderate', 'low', 'info']
    .filter((level) => (counts[level] ?? 0) > 0)
    .map((level) => `${counts[level]} ${level}`);
  if (result.status === 0) {
    return {
      kind: 'clean',
      message: `npm audit: no high or critical advisory in the production dependencies${below.length > 0 ? ` (below the level: ${below.join(', ')})` : ''}.`,
    };
  }
  const report =
    json && (json.auditReportVersion !== undefined || json.vulnerabilities !== undefined);
  if (report) {
    const blocking = Object.entries(json!.vulnerabilities ?? {})
      .filter(([, v]) => BLOCKING.has(v.severity ?? ''))
      .map(([name, v]) => `${name} (${v.severity})`);
    return {
      kind: 'advisories',
      message: `npm audit found ${blocking.length} high or critical ${blocking.length === 1 ? 'advisory' : 'advisories'} in the production dependencies: ${blocking.join(', ')}. Run \`npm audit --omit=dev\` for the details and update them before deploying.`,
    };
  }
  const endpointError =
    /audit endpoint returned an error/i.test(result.stderr) ||
    json?.error?.code === 'ENOAUDIT' ||
    /audit endpoint/i.test(json?.error?.summary ?? '');
  if (endpointError) {
    const what = json?.statusCode
      ? `answered ${json.message ?? `HTTP ${json.statusCode}`}`
      : `could not be reached${json?.message ? ` (${json.message})` : ''}`;
    return {
      kind: 'no-audit-service',
      message: `npm audit could not check the production dependencies: this machine's npm registry has no audit service (its audit endpoint ${what}). Deploy from a machine whose registry offers npm audit, or pass --skip-audit to deploy without the audit.`,
    };
  }
  const tail = `${result.stderr}\n${result.stdout}`.trim().split('\n').slice(-5).join('\n');
  return {
    kind: 'failed',
    message: `npm audit failed (exit ${result.status ?? 'signal'}):\n${tail}`,
  };
}

/* ----------------------------------------------------------------------------------------------
 * The steps
 * -------------------------------------------------------------------------------------------- */

export interface DeployStep {
  /** What the step does, as the plan and docs/deploying.md section 4 say it. */
  summary: string;
  /** The command it runs (or what it reads), shown with the summary. */
  command: string;
  /** Who runs it in a deploy: this script, or firebase deploy (a predeploy hook of firebase.json). */
  by: 'script' | 'firebase deploy';
  run: () => void;
}

interface FirebaseJson {
  hosting?: { public?: string; predeploy?: string | string[] };
  functions?: Array<{ source?: string; predeploy?: string | string[] }>;
}

/** What each predeploy hook of firebase.json does (a hook with no sentence here is an error). */
export const HOOK_SUMMARIES: Record<string, string> = {
  'npm --prefix "$PROJECT_DIR" run build -w functions':
    'functions predeploy: the functions bundle (`functions/lib`), checked to require only declared dependencies',
  'npm --prefix "$PROJECT_DIR" exec -- tsx "$PROJECT_DIR/scripts/lib/functions-lockfile.ts"':
    'functions predeploy: `functions/package-lock.json` from the root lockfile, checked by `npm ci --dry-run`',
  'npm --prefix "$PROJECT_DIR" exec -- tsx "$PROJECT_DIR/scripts/web-dist.ts" build':
    'hosting predeploy: the production build of the web app (`web/dist`, `VITE_USE_EMULATORS=false`)',
  'npm --prefix "$PROJECT_DIR" exec -- tsx "$PROJECT_DIR/scripts/web-dist.ts" check "$RESOURCE_DIR"':
    'hosting predeploy: the scan of `web/dist` for anything that points at the emulators or a demo project',
};

const asList = (value: string | string[] | undefined) =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/**
 * firebase.json's predeploy hooks, in the order firebase deploy runs them (firestore, functions,
 * hosting), each with the variables firebase-tools gives a hook.
 */
export function predeployHooks(
  project: string,
  root = ROOT,
): { target: string; command: string; env: Record<string, string> }[] {
  const config = JSON.parse(readFileSync(path.join(root, 'firebase.json'), 'utf8')) as FirebaseJson;
  const functions = config.functions?.[0];
  const hooks = [
    ...asList(functions?.predeploy).map((command) => ({
      target: 'functions',
      command,
      resourceDir: path.join(root, functions?.source ?? 'functions'),
    })),
    ...asList(config.hosting?.predeploy).map((command) => ({
      target: 'hosting',
      command,
      resourceDir: path.join(root, config.hosting?.public ?? 'web/dist'),
    })),
  ];
  return hooks.map(({ target, command, resourceDir }) => ({
    target,
    command,
    env: { GCLOUD_PROJECT: project, PROJECT_DIR: root, RESOURCE_DIR: resourceDir },
  }));
}

/** Runs a command in the project root (through a shell when `cmd` is a whole command line). */
function runChecked(
  failure: string,
  cmd: string,
  args: string[] | { shell: true },
  env: Record<string, string> = {},
): void {
  const options = { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } } as const;
  const result = Array.isArray(args)
    ? spawnSync(cmd, args, options)
    : spawnSync(cmd, { ...options, shell: true });
  if (result.status !== 0)
    throw new CheckError(`${failure} failed (exit ${result.status ?? result.signal}).`);
}

function command(
  summary: string,
  cmd: string,
  args: string[],
  env: Record<string, string> = {},
): DeployStep {
  return {
    summary,
    command: [cmd, ...args].join(' '),
    by: 'script',
    run: () => runChecked(summary, cmd, args, env),
  };
}

/** The web build's settings as the production build reads them (web/.env*, the environment). */
function webBuildProblems(): string[] {
  const vars = {
    ...loadEnv('production', path.join(ROOT, 'web'), 'VITE_'),
    VITE_USE_EMULATORS: 'false',
  };
  return productionBuildProblems(vars);
}

export function deploySteps({ project, skipAudit }: Omit<DeployOptions, 'mode'>): DeployStep[] {
  const auditSummary =
    '`npm audit --omit=dev --audit-level=high`: no known high or critical advisory in what runs in production';
  const steps: DeployStep[] = [
    {
      summary: 'the project is a real one (a `demo-` project exists only in the emulators)',
      command: `--project ${project}`,
      by: 'script',
      run: () => parseDeployArgs(['--project', project]),
    },
    {
      summary:
        'the functions runtime is supported and `firebase.json` agrees with `functions/package.json`',
      command: 'firebase.json functions[].runtime, functions/package.json engines.node',
      by: 'script',
      run: () => {
        const config = readDeployRuntimeConfig(ROOT);
        for (const warning of runtimeWarnings(config, todayUtc()))
          console.warn(`warning: ${warning}`);
        const problems = runtimeProblems(config, todayUtc());
        if (problems.length > 0) throw new CheckError(problems.join('\n'));
      },
    },
    skipAudit
      ? {
          summary: auditSummary,
          command: 'skipped (--skip-audit)',
          by: 'script',
          run: () =>
            console.warn(
              'Skipped (--skip-audit): npm audit did not check the production dependencies.',
            ),
        }
      : {
          summary: auditSummary,
          command: `${NPM} ${AUDIT_ARGS.join(' ')}`,
          by: 'script',
          run: () => {
            const result = spawnSync(NPM, [...AUDIT_ARGS], { cwd: ROOT, encoding: 'utf8' });
            const outcome = auditOutcome({
              status: result.status,
              stdout: result.stdout ?? '',
              stderr: result.stderr ?? '',
            });
            if (outcome.kind !== 'clean') throw new CheckError(outcome.message);
            console.log(outcome.message);
          },
        },
    {
      summary:
        "the web app's build settings: the App Check site key, and all four `VITE_FIREBASE_*` values or none (`web/.env.production.local`)",
      command: 'web/.env*, VITE_* variables',
      by: 'script',
      run: () => {
        const problems = webBuildProblems();
        if (problems.length > 0)
          throw new CheckError(
            `The production build of the web app cannot work (one-time setup, docs/deploying.md section 1):\n${problems.map((p) => `  - ${p}`).join('\n')}`,
          );
      },
    },
    command('typecheck of every workspace', NPM, ['run', '--silent', 'typecheck']),
    command('lint of every workspace', NPM, ['run', '--silent', 'lint']),
    command(
      'the domain tests and the security rules matrix (the local stack starts for them)',
      NPX,
      [
        'vitest',
        'run',
        '--project',
        'domain',
        '--project',
        'functions',
        // File filters (either matches): every domain test, and the rules matrix of the functions.
        'packages/domain/',
        'functions/test/security-rules/',
      ],
    ),
    ...predeployHooks(project).map(({ command: hook, env }): DeployStep => {
      const summary = HOOK_SUMMARIES[hook];
      if (!summary)
        throw new Error(
          `firebase.json has a predeploy hook scripts/deploy.ts does not describe: ${hook}`,
        );
      return {
        summary,
        command: hook,
        by: 'firebase deploy',
        // As firebase-tools runs a hook: through a shell, in the project root, with its variables.
        run: () => runChecked(summary, hook, { shell: true }, env),
      };
    }),
    {
      summary: `\`firebase deploy --only ${DEPLOY_TARGETS}\`: hosting, functions, rules and indexes (with the TTL policy); it runs the predeploy steps above before it uploads anything`,
      command: `${NPX} firebase deploy --only ${DEPLOY_TARGETS} --project ${project}`,
      by: 'script',
      run: () =>
        runChecked('firebase deploy', NPX, [
          'firebase',
          'deploy',
          '--only',
          DEPLOY_TARGETS,
          '--project',
          project,
        ]),
    },
  ];
  return steps;
}

/** The steps a mode runs here: a deploy leaves the hooks to firebase deploy; --check-only stops before it. */
export function stepsToRun(steps: DeployStep[], mode: Exclude<DeployMode, 'plan'>): DeployStep[] {
  return mode === 'deploy' ? steps.filter((step) => step.by === 'script') : steps.slice(0, -1);
}

/* ----------------------------------------------------------------------------------------------
 * What is left by hand
 * -------------------------------------------------------------------------------------------- */

/**
 * What no deploy can do: set up once per project, in consoles that have no deploy file
 * (docs/deploying.md names the same, "What is left by hand"). The deploy itself has no manual
 * step.
 */
export const ONE_TIME_SETUP: readonly string[] = [
  'Create the Firebase project on the Blaze plan, enable Email/Password sign-in, create the Firestore database and register the web app (section 1).',
  'Register the web app with App Check (reCAPTCHA Enterprise), put its site key in `web/.env.production.local`, and enforce App Check for Cloud Firestore once the deployed app works (section 1).',
  'Add the Stripe webhook endpoint at the deployed `stripeWebhook` URL and store its signing secret as `STRIPE_WEBHOOK_SECRET` (section 2): the URL exists only after the first deploy.',
  "Set the action URL of Authentication's e-mail templates to `https://<your domain>/auth/action` (section 3).",
  'Make the first manager: `gcloud auth application-default login`, then `npm run claims -- grant-manager <email> --project <id>` (section 5).',
];

/** The settings firebase deploy will ask for: params with no value in functions/.env or .env.<project>. */
export function settingsToBeAsked(project: string, root = ROOT): string[] {
  const known = new Set<string>();
  for (const file of ['.env', `.env.${project}`]) {
    const full = path.join(root, 'functions', file);
    if (!existsSync(full)) continue;
    for (const line of readFileSync(full, 'utf8').split('\n')) {
      const match = /^\s*(?:export\s+)?([A-Za-z_][\w]*)\s*=/.exec(line);
      if (match) known.add(match[1]!);
    }
  }
  return SETTINGS.map((param) => param.name).filter((name) => !known.has(name));
}

function closingNotes(options: DeployOptions): string[] {
  const asked = settingsToBeAsked(options.project);
  return [
    'Manual steps left for this deploy: none.',
    ...(options.skipAudit
      ? [
          'The dependency audit was skipped (--skip-audit): npm audit did not check the production dependencies.',
        ]
      : []),
    asked.length > 0
      ? `firebase deploy will ask, once, for the settings that functions/.env and functions/.env.${options.project} do not hold yet: ${asked.join(', ')} (defaults offered; the answers are kept in functions/.env.${options.project}), and for any secret Secret Manager does not hold yet.`
      : `Every setting of the functions has a value in functions/.env or functions/.env.${options.project}.`,
    'One-time setup per project, not part of a deploy (docs/deploying.md):',
    ...ONE_TIME_SETUP.map((item) => `  - ${item}`),
  ];
}

function planLines(options: DeployOptions): string[] {
  const steps = deploySteps(options);
  return [
    `Deploying to ${options.project} would run:`,
    ...steps.map(
      (step, i) =>
        `  ${i + 1}. ${step.summary.replace(/`/g, '')}\n       ${step.by === 'firebase deploy' ? '(firebase deploy runs it; --check-only runs it here) ' : ''}${step.command}`,
    ),
  ];
}

function main(): number {
  let options: DeployOptions;
  try {
    options = parseDeployArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (options.mode === 'plan') {
    console.log(planLines(options).join('\n'));
    return 0;
  }
  const started = Date.now();
  const steps = stepsToRun(deploySteps(options), options.mode);
  for (const [i, step] of steps.entries()) {
    console.log(
      `\n[${i + 1}/${steps.length}] ${step.summary.replace(/`/g, '')}\n      ${step.command}`,
    );
    try {
      step.run();
    } catch (error) {
      console.error(`\nStopped before deploying: ${(error as Error).message}`);
      return 1;
    }
  }
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  console.log(
    options.mode === 'deploy'
      ? `\nDeployed to ${options.project} in ${minutes} min. Run the smoke test in docs/deploying.md.`
      : `\nEvery step passed in ${minutes} min; nothing was deployed (--check-only).`,
  );
  console.log(closingNotes(options).join('\n'));
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  process.exitCode = main();
}
