/**
 * `npm run deploy -- --project <id>`: checks that what is about to go out can work, then deploys
 * hosting, functions, Firestore rules and indexes to that Firebase project.
 *
 * The checks, in order (any failure stops before anything is uploaded):
 *   1. the project is a real one (not a demo- project, which exists only in the emulators);
 *   2. the Cloud Functions runtime in firebase.json is one Google still runs
 *      (scripts/lib/functions-runtimes.ts) and matches functions/package.json;
 *   3. typecheck and lint of every workspace;
 *   4. the domain tests and the security rules matrix;
 *   5. the production build (web/dist and functions/lib), and a scan of web/dist for anything
 *      wired to the emulators or a demo project (scripts/lib/bundle-scan.ts).
 *
 * Options: `--check-only` runs the checks and stops; `--plan` prints the steps and runs nothing.
 * Exit codes: 0 done, 1 a check or the deploy failed, 2 bad usage.
 * The deploy guide (docs/deploying.md) covers the project, secrets, webhook and first manager.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { webDistFindings } from './lib/bundle-scan';
import {
  readDeployRuntimeConfig,
  runtimeProblems,
  runtimeWarnings,
  todayUtc,
} from './lib/functions-runtimes';
import { ROOT } from './lib/stack';

const USAGE = `Usage: npm run deploy -- --project <firebase-project-id> [--check-only | --plan]

  --project <id>   the Firebase project to deploy to (required; never a demo- project)
  --check-only     run every check and the production build, then stop
  --plan           print the steps without running anything`;

const DEPLOY_TARGETS = 'hosting,functions,firestore';

class UsageError extends Error {}
class CheckError extends Error {}

interface Step {
  title: string;
  run: () => void;
}

function command(
  title: string,
  cmd: string,
  args: string[],
  env: Record<string, string> = {},
): Step {
  return {
    title: `${title}: ${[cmd, ...args].join(' ')}`,
    run: () => {
      const result = spawnSync(cmd, args, {
        cwd: ROOT,
        stdio: 'inherit',
        env: { ...process.env, ...env },
      });
      if (result.status !== 0)
        throw new CheckError(`${title} failed (exit ${result.status ?? result.signal}).`);
    },
  };
}

export function parseDeployArgs(argv: string[]): {
  project: string;
  mode: 'deploy' | 'check-only' | 'plan';
} {
  let values: { project?: string; 'check-only'?: boolean; plan?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        project: { type: 'string' },
        'check-only': { type: 'boolean' },
        plan: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const project = values.project?.trim();
  if (!project) throw new UsageError('Name the Firebase project to deploy to with --project <id>.');
  if (!/^[a-z][a-z0-9-]{4,28}[a-z0-9]$/.test(project)) {
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
  return { project, mode: values.plan ? 'plan' : values['check-only'] ? 'check-only' : 'deploy' };
}

export function deploySteps(project: string, mode: 'deploy' | 'check-only' | 'plan'): Step[] {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
  const steps: Step[] = [
    {
      title: 'Cloud Functions runtime (firebase.json, functions/package.json)',
      run: () => {
        const config = readDeployRuntimeConfig(ROOT);
        for (const warning of runtimeWarnings(config, todayUtc()))
          console.warn(`warning: ${warning}`);
        const problems = runtimeProblems(config, todayUtc());
        if (problems.length > 0) throw new CheckError(problems.join('\n'));
      },
    },
    // What runs in production (functions and the web bundle): no known high or critical advisory.
    command('Dependency audit', npm, ['audit', '--omit=dev', '--audit-level=high']),
    command('Typecheck', npm, ['run', '--silent', 'typecheck']),
    command('Lint', npm, ['run', '--silent', 'lint']),
    command('Domain tests and security rules matrix', npx, [
      'vitest',
      'run',
      '--project',
      'domain',
      '--project',
      'functions',
      // File filters (either matches): every domain test, and the rules matrix of the functions.
      'packages/domain/',
      'functions/test/security-rules/',
    ]),
    // A plain production build: no VITE_USE_EMULATORS, config from VITE_FIREBASE_* or Hosting.
    command('Production build', npm, ['run', '--silent', 'build'], { VITE_USE_EMULATORS: 'false' }),
    {
      title: 'Nothing in web/dist points at the emulators or a demo project',
      run: () => {
        const findings = webDistFindings(path.join(ROOT, 'web/dist'));
        if (findings.length > 0) throw new CheckError(`web/dist contains ${findings.join(', ')}.`);
      },
    },
  ];
  if (mode !== 'check-only') {
    steps.push(
      command('Deploy', npx, [
        'firebase',
        'deploy',
        '--only',
        DEPLOY_TARGETS,
        '--project',
        project,
      ]),
    );
  }
  return steps;
}

function main(): number {
  let options: ReturnType<typeof parseDeployArgs>;
  try {
    options = parseDeployArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const steps = deploySteps(options.project, options.mode);
  if (options.mode === 'plan') {
    console.log(`Deploying to ${options.project} would run:`);
    steps.forEach((step, i) => console.log(`  ${i + 1}. ${step.title}`));
    return 0;
  }
  for (const [i, step] of steps.entries()) {
    console.log(`\n[${i + 1}/${steps.length}] ${step.title}`);
    try {
      step.run();
    } catch (error) {
      console.error(`\nStopped before deploying: ${(error as Error).message}`);
      return 1;
    }
  }
  console.log(
    options.mode === 'deploy'
      ? `\nDeployed to ${options.project}. Run the smoke test in docs/deploying.md.`
      : '\nEvery check passed; nothing was deployed (--check-only).',
  );
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  process.exitCode = main();
}
