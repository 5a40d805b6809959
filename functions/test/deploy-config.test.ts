import { execFile, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  NODE_RUNTIMES,
  readDeployRuntimeConfig,
  runtimeProblems,
  runtimeState,
  runtimeWarnings,
  todayUtc,
} from '../../scripts/lib/functions-runtimes';
import {
  AUDIT_ARGS,
  auditOutcome,
  deploySteps,
  HOOK_SUMMARIES,
  ONE_TIME_SETUP,
  parseDeployArgs,
  predeployHooks,
  settingsToBeAsked,
  stepsToRun,
  UsageError,
} from '../../scripts/deploy';
import * as deployed from '../src/index';
import { MAX_INSTANCES_DEFAULT, maxInstances } from '../src/lib/params';

const deployScript = fileURLToPath(new URL('../../scripts/deploy.ts', import.meta.url));
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

describe('the Cloud Functions runtime', () => {
  it('is one Google still runs today, in firebase.json and functions/package.json alike', () => {
    const config = readDeployRuntimeConfig(repoRoot);
    expect(config.firebaseJsonRuntimes.length).toBeGreaterThan(0);
    expect(runtimeProblems(config, todayUtc())).toEqual([]);
  });

  it('would be refused if it were retired, unknown, unset or out of step with engines', () => {
    const day = '2026-11-23';
    expect(runtimeProblems({ firebaseJsonRuntimes: ['nodejs20'], enginesNode: '20' }, day)).toEqual(
      ['firebase.json functions[0].runtime "nodejs20" was retired on 2026-10-30.'],
    );
    expect(runtimeProblems({ firebaseJsonRuntimes: ['nodejs21'], enginesNode: '21' }, day)).toEqual(
      ['firebase.json functions[0].runtime "nodejs21" is not a known Node.js runtime.'],
    );
    expect(runtimeProblems({ firebaseJsonRuntimes: [undefined], enginesNode: '22' }, day)).toEqual([
      'firebase.json functions[0] sets no runtime.',
    ]);
    expect(runtimeProblems({ firebaseJsonRuntimes: ['nodejs22'], enginesNode: '20' }, day)).toEqual(
      [
        'functions/package.json engines.node is "20" but firebase.json deploys nodejs22: set it to "22".',
      ],
    );
    expect(runtimeProblems({ firebaseJsonRuntimes: [], enginesNode: '22' }, day)).toEqual([
      'firebase.json has no functions codebase.',
    ]);
  });

  it('knows the schedule: supported, then deprecated, then retired', () => {
    expect(runtimeState('nodejs22', '2027-04-29')).toBe('supported');
    expect(runtimeState('nodejs22', '2027-04-30')).toBe('deprecated');
    expect(runtimeState('nodejs22', '2028-10-31')).toBe('retired');
    expect(
      runtimeWarnings({ firebaseJsonRuntimes: ['nodejs22'], enginesNode: '22' }, '2027-05-01'),
    ).toEqual([
      'nodejs22 is deprecated since 2027-04-30 and will be retired on 2028-10-31: move to a newer runtime.',
    ]);
    for (const runtime of NODE_RUNTIMES) {
      expect(runtime.id).toBe(`nodejs${runtime.major}`);
      expect(runtime.deprecation < runtime.decommission).toBe(true);
    }
  });
});

describe('firestore.indexes.json', () => {
  const require = createRequire(import.meta.url);
  const spec = JSON.parse(readFileSync(path.join(repoRoot, 'firestore.indexes.json'), 'utf8')) as {
    indexes: unknown[];
    fieldOverrides?: Array<{ collectionGroup: string; fieldPath: string; ttl?: boolean }>;
  };
  const ttl = spec.fieldOverrides?.find(
    (field) => field.collectionGroup === 'rate_limits' && field.fieldPath === 'expires_at',
  );

  it('turns on the TTL policy of rate_limits.expires_at, exempt from single-field indexing', () => {
    expect(ttl).toEqual({
      collectionGroup: 'rate_limits',
      fieldPath: 'expires_at',
      ttl: true,
      indexes: [],
    });
  });

  // Unverified applicants and unconfirmed newsletter sign-ups expire (packages/domain expiry.ts).
  it.each(['profiles', 'companies', 'mail', 'newsletter_subscribers'])(
    'turns on the TTL policy of %s.expires_at, exempt from single-field indexing',
    (collectionGroup) => {
      expect(
        spec.fieldOverrides?.find(
          (field) => field.collectionGroup === collectionGroup && field.fieldPath === 'expires_at',
        ),
      ).toEqual({ collectionGroup, fieldPath: 'expires_at', ttl: true, indexes: [] });
    },
  );

  it('is what firebase-tools deploys: its validator takes it, and the field is patched with a TTL config', async () => {
    const { FirestoreApi } = require('firebase-tools/lib/firestore/api') as {
      FirestoreApi: new () => {
        validateSpec(spec: unknown): void;
        patchField(project: string, field: unknown): Promise<void>;
        apiClient: unknown;
      };
    };
    const api = new FirestoreApi();
    expect(() => api.validateSpec(spec)).not.toThrow();
    const patches: unknown[][] = [];
    api.apiClient = { patch: (...args: unknown[]) => Promise.resolve(patches.push(args)) };
    await api.patchField('acme-portal', ttl);
    expect(patches).toEqual([
      [
        '/projects/acme-portal/databases/(default)/collectionGroups/rate_limits/fields/expires_at',
        { indexConfig: { indexes: [] }, ttlConfig: {} },
      ],
    ]);
  });
});

describe('scaling', () => {
  it('caps the instances of every deployed function by one configurable parameter', () => {
    // The emulator-only group (src/index.ts) is empty here, as under `firebase deploy`.
    const { emulator, ...functions } = deployed;
    expect(emulator).toEqual({});
    const endpoints = Object.entries(functions).map(
      ([name, fn]) =>
        [name, (fn as unknown as { __endpoint?: { maxInstances?: unknown } }).__endpoint] as const,
    );
    expect(endpoints.length).toBeGreaterThanOrEqual(5);
    for (const [name, endpoint] of endpoints) {
      expect(endpoint, name).toBeDefined();
      expect(endpoint?.maxInstances, name).toBe(maxInstances);
    }
    expect(maxInstances.name).toBe('FUNCTIONS_MAX_INSTANCES');
    expect(MAX_INSTANCES_DEFAULT).toBe(10);
  });
});

describe('npm run deploy (scripts/deploy.ts): its options', () => {
  it('needs a real project id', () => {
    expect(() => parseDeployArgs([])).toThrow(
      'Name the Firebase project to deploy to with --project <id>.',
    );
    expect(() => parseDeployArgs(['--project', 'demo-wholesale-portal'])).toThrow(
      '"demo-wholesale-portal" is a demo- project: it exists only in the emulators and cannot be deployed to.',
    );
    expect(() => parseDeployArgs(['--project', 'Acme Portal'])).toThrow(
      'is not a Firebase project id',
    );
    expect(parseDeployArgs(['--project', 'acme-portal'])).toEqual({
      project: 'acme-portal',
      mode: 'deploy',
      skipAudit: false,
    });
    expect(parseDeployArgs(['--project', 'acme-portal', '--check-only'])).toEqual({
      project: 'acme-portal',
      mode: 'check-only',
      skipAudit: false,
    });
  });

  it('takes --skip-audit with a deploy, --check-only or --plan, and refuses bad combinations', () => {
    expect(parseDeployArgs(['--project', 'acme-portal', '--skip-audit'])).toEqual({
      project: 'acme-portal',
      mode: 'deploy',
      skipAudit: true,
    });
    expect(parseDeployArgs(['--check-only', '--skip-audit', '--project', 'acme-portal'])).toEqual({
      project: 'acme-portal',
      mode: 'check-only',
      skipAudit: true,
    });
    expect(parseDeployArgs(['--project', 'acme-portal', '--plan', '--skip-audit']).mode).toBe(
      'plan',
    );
    const refused: [string[], string][] = [
      [
        ['--project', 'acme-portal', '--check-only', '--plan'],
        'Choose one of --check-only and --plan.',
      ],
      [
        ['--project', 'acme-portal', '--skip-audit', '--skip-audit'],
        '--skip-audit is given twice.',
      ],
      [['--project', 'acme-portal', '--project', 'acme-other'], '--project is given twice.'],
      [
        ['--project', 'acme-portal', '--skip-audit=yes'],
        "Option '--skip-audit' does not take an argument",
      ],
      [['--project', 'acme-portal', '--skip-audits'], "Unknown option '--skip-audits'"],
      [['--project', 'acme-portal', 'now'], "Unexpected argument 'now'"],
      [['--skip-audit'], 'Name the Firebase project to deploy to with --project <id>.'],
    ];
    for (const [argv, message] of refused) {
      expect(() => parseDeployArgs(argv), argv.join(' ')).toThrow(UsageError);
      expect(() => parseDeployArgs(argv), argv.join(' ')).toThrow(message);
    }
  });

  it('refuses bad usage with exit code 2 and runs nothing', () => {
    for (const argv of [
      ['--project', 'demo-x1234'],
      ['--project', 'acme-portal', '--check-only', '--plan', '--skip-audit'],
      ['--project', 'acme-portal', '--skip-audit', '--skip-audit'],
    ]) {
      const result = spawnSync(process.execPath, ['--import', 'tsx', deployScript, ...argv], {
        encoding: 'utf8',
      });
      expect(result.status, argv.join(' ')).toBe(2);
      expect(result.stderr).toContain(
        'Usage: npm run deploy -- --project <firebase-project-id> [--check-only | --plan] [--skip-audit]',
      );
      expect(result.stdout).toBe('');
    }
  });
});

describe('npm run deploy: its steps', () => {
  const steps = deploySteps({ project: 'acme-portal', skipAudit: false });

  it('are the list docs/deploying.md gives, in its order', () => {
    const guide = readFileSync(path.join(repoRoot, 'docs/deploying.md'), 'utf8');
    const section = guide.slice(guide.indexOf('## 4. Deploy'), guide.indexOf('## 5. '));
    const list = section.slice(
      section.indexOf('\n1. '),
      section.indexOf('\n\n', section.indexOf('\n1. ')),
    );
    const items = list
      .trim()
      .split(/\n(?=\d+\. )/)
      .map((item) =>
        item
          .replace(/^\d+\. /, '')
          .replace(/\s+/g, ' ')
          .trim(),
      );
    expect(items).toEqual(steps.map((step) => step.summary));
  });

  it('check everything before the upload, and deploy hosting, functions, rules and indexes last', () => {
    expect(steps.map((step) => step.command.split(' ')[0])).toEqual([
      '--project',
      'firebase.json',
      'npm',
      'web/.env*,',
      'npm',
      'npm',
      'npx',
      'npm',
      'npm',
      'npm',
      'npm',
      'npx',
    ]);
    expect(steps[2]?.command).toBe('npm audit --omit=dev --audit-level=high --json');
    expect(steps[6]?.command).toContain('packages/domain/ functions/test/security-rules/');
    expect(steps.at(-1)?.command).toBe(
      'npx firebase deploy --only hosting,functions,firestore --project acme-portal',
    );
  });

  it('take the predeploy hooks from firebase.json, as firebase deploy runs them', () => {
    const hooks = predeployHooks('acme-portal');
    expect(hooks.map(({ target, command }) => `${target}: ${command}`)).toEqual([
      'functions: npm --prefix "$PROJECT_DIR" run build -w functions',
      'functions: npm --prefix "$PROJECT_DIR" exec -- tsx "$PROJECT_DIR/scripts/lib/functions-lockfile.ts"',
      'hosting: npm --prefix "$PROJECT_DIR" exec -- tsx "$PROJECT_DIR/scripts/web-dist.ts" build',
      'hosting: npm --prefix "$PROJECT_DIR" exec -- tsx "$PROJECT_DIR/scripts/web-dist.ts" check "$RESOURCE_DIR"',
    ]);
    expect(hooks[0]?.env).toEqual({
      GCLOUD_PROJECT: 'acme-portal',
      PROJECT_DIR: repoRoot.replace(/\/$/, ''),
      RESOURCE_DIR: path.join(repoRoot, 'functions'),
    });
    expect(hooks[3]?.env.RESOURCE_DIR).toBe(path.join(repoRoot, 'web/dist'));
    // Each is a step run by firebase deploy (and by --check-only here); a deploy leaves them to it.
    const byFirebase = steps.filter((step) => step.by === 'firebase deploy');
    expect(byFirebase.map((step) => step.command)).toEqual(hooks.map((hook) => hook.command));
    expect(stepsToRun(steps, 'deploy')).toEqual(steps.filter((step) => step.by === 'script'));
    expect(stepsToRun(steps, 'check-only')).toEqual(steps.slice(0, -1));
    expect(Object.keys(HOOK_SUMMARIES).sort()).toEqual(hooks.map((hook) => hook.command).sort());
  });

  it('skip the audit only with --skip-audit, and say so', () => {
    const skipped = deploySteps({ project: 'acme-portal', skipAudit: true });
    expect(skipped.map((step) => step.summary)).toEqual(steps.map((step) => step.summary));
    expect(skipped[2]?.command).toBe('skipped (--skip-audit)');
  });

  it('print as the plan with --plan', () => {
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', deployScript, '--project', 'acme-portal', '--plan'],
      { encoding: 'utf8' },
    );
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Deploying to acme-portal would run:');
    expect(result.stdout).toContain(
      '  12. firebase deploy --only hosting,functions,firestore: hosting, functions, rules and indexes',
    );
    expect(result.stdout).toContain(
      'npx firebase deploy --only hosting,functions,firestore --project acme-portal',
    );
    expect(result.stdout).toContain(
      '(firebase deploy runs it; --check-only runs it here) npm --prefix "$PROJECT_DIR" exec -- tsx "$PROJECT_DIR/scripts/web-dist.ts" build',
    );
  });

  it('end by naming the one-time setup the guide gives, and the settings the deploy will ask for', () => {
    const guide = readFileSync(path.join(repoRoot, 'docs/deploying.md'), 'utf8');
    const from = guide.indexOf('**What is left by hand.**');
    const bullets = guide
      .slice(guide.indexOf('\n- ', from), guide.indexOf('\n\n', guide.indexOf('\n- ', from)))
      .trim()
      .split(/\n(?=- )/)
      .map((item) => item.replace(/^- /, '').replace(/\s+/g, ' ').trim());
    expect(bullets).toEqual([...ONE_TIME_SETUP]);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'deploy-settings-'));
    try {
      mkdirSync(path.join(dir, 'functions'));
      writeFileSync(path.join(dir, 'functions/.env'), 'FUNCTIONS_MAX_INSTANCES=5\n');
      writeFileSync(
        path.join(dir, 'functions/.env.acme-portal'),
        'SMTP_HOST=smtp.example.com\nWEB_ORIGIN="https://x"\n',
      );
      expect(settingsToBeAsked('acme-portal', dir)).toEqual([
        'SMTP_PORT',
        'SMTP_USER',
        'MAIL_FROM',
        'MAIL_CONTACT',
        'MAIL_RETRY_DELAYS_MS',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** npm's audit as it answers from a registry: a local stand-in for its audit endpoint. */
async function withRegistry<T>(
  answer: 'no-endpoint-405' | 'no-endpoint-404' | 'advisory',
  use: (registry: string) => T | Promise<T>,
): Promise<T> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      if (answer === 'no-endpoint-405') {
        response.writeHead(405, { allow: 'GET,HEAD' });
        response.end();
      } else if (answer === 'no-endpoint-404' || request.method !== 'POST') {
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end('{"error":"Not found"}');
      } else {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            zod: [
              {
                id: 1,
                url: 'https://example.test/advisories/1',
                title: 'A planted advisory',
                severity: 'critical',
                vulnerable_versions: '>=0.0.0',
                cwe: [],
                cvss: { score: 9.8, vectorString: null },
              },
            ],
          }),
        );
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await use(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  } finally {
    server.close();
  }
}

/** `npm audit` as the deploy runs it, against `registry` (async: the stand-in answers meanwhile). */
function npmAudit(
  registry: string,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      'npm',
      [...AUDIT_ARGS, '--registry', registry],
      { cwd: repoRoot, env: { ...process.env, npm_config_fetch_retries: '0' } },
      (error, stdout, stderr) =>
        resolve({
          status: error ? (typeof error.code === 'number' ? error.code : 1) : 0,
          stdout,
          stderr,
        }),
    );
  });
}

describe('npm run deploy: the audit', () => {
  it('tells a registry without an audit service (405, 404, no answer) from advisories, by npm’s own output', async () => {
    for (const answer of ['no-endpoint-405', 'no-endpoint-404'] as const) {
      const outcome = await withRegistry(answer, async (registry) =>
        auditOutcome(await npmAudit(registry)),
      );
      expect(outcome.kind, answer).toBe('no-audit-service');
      expect(outcome.message).toContain("this machine's npm registry has no audit service");
      expect(outcome.message).toContain('pass --skip-audit to deploy without the audit');
      expect(outcome.message).toContain(
        answer.endsWith('405') ? '405 Method Not Allowed' : '404 Not Found',
      );
    }
    // Nothing listening: no answer at all.
    const closed = auditOutcome(await npmAudit('http://127.0.0.1:9/'));
    expect(closed.kind).toBe('no-audit-service');
    expect(closed.message).toContain('its audit endpoint could not be reached');
    const advisories = await withRegistry('advisory', async (registry) =>
      auditOutcome(await npmAudit(registry)),
    );
    expect(advisories.kind).toBe('advisories');
    expect(advisories.message).toMatch(
      /found \d+ high or critical advisor(y|ies) in the production dependencies: .*zod \((high|critical)\)/,
    );
  }, 60_000);

  it('decides from the exit status and output alone', () => {
    expect(
      auditOutcome({
        status: 0,
        stdout: JSON.stringify({
          auditReportVersion: 2,
          vulnerabilities: {},
          metadata: { vulnerabilities: { info: 0, low: 1, moderate: 2, high: 0, critical: 0 } },
        }),
        stderr: '',
      }),
    ).toEqual({
      kind: 'clean',
      message:
        'npm audit: no high or critical advisory in the production dependencies (below the level: 2 moderate, 1 low).',
    });
    expect(
      auditOutcome({
        status: 1,
        stdout: JSON.stringify({
          auditReportVersion: 2,
          vulnerabilities: { a: { severity: 'high' }, b: { severity: 'low' } },
        }),
        stderr: '',
      }).message,
    ).toBe(
      'npm audit found 1 high or critical advisory in the production dependencies: a (high). Run `npm audit --omit=dev` for the details and update them before deploying.',
    );
    // npm's ENOAUDIT error as other npm versions print it.
    expect(
      auditOutcome({
        status: 1,
        stdout: JSON.stringify({
          error: { code: 'ENOAUDIT', summary: 'audit endpoint returned an error', detail: '' },
        }),
        stderr: '',
      }).kind,
    ).toBe('no-audit-service');
    expect(auditOutcome({ status: 1, stdout: '', stderr: 'npm error code ENOLOCK' })).toMatchObject(
      {
        kind: 'failed',
      },
    );
  });

  it('stops the deploy with the sentence and exit 1 where the registry has no audit service', async () => {
    const result = await withRegistry(
      'no-endpoint-405',
      (registry) =>
        new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
          execFile(
            process.execPath,
            ['--import', 'tsx', deployScript, '--project', 'acme-portal', '--check-only'],
            { cwd: repoRoot, env: { ...process.env, npm_config_registry: registry } },
            (error, stdout, stderr) =>
              resolve({
                code: error ? (typeof error.code === 'number' ? error.code : -1) : 0,
                stdout,
                stderr,
              }),
          );
        }),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      "Stopped before deploying: npm audit could not check the production dependencies: this machine's npm registry has no audit service",
    );
    expect(result.stdout).not.toContain('typecheck of every workspace');
  }, 60_000);
});

/**
 * What `firebase deploy` uploads of the functions folder, listed by firebase-tools' own file walk
 * (the one its packager runs) with firebase.json's `functions.ignore` and the names it adds itself.
 */
async function deployArtefacts(sourceDir: string): Promise<string[]> {
  const require = createRequire(import.meta.url);
  const fsAsync = require('firebase-tools/lib/fsAsync') as {
    readdirRecursive(options: {
      path: string;
      ignoreStrings: string[];
    }): Promise<Array<{ name: string }>>;
  };
  const config = JSON.parse(readFileSync(path.join(repoRoot, 'firebase.json'), 'utf8')) as {
    functions: Array<{ ignore?: string[] }>;
  };
  const ignore = [
    ...(config.functions[0]?.ignore ?? []),
    'firebase-debug.log',
    'firebase-debug.*.log',
  ];
  const files = await fsAsync.readdirRecursive({ path: sourceDir, ignoreStrings: ignore });
  return files.map((f) => path.relative(sourceDir, f.name).split(path.sep).join('/')).sort();
}

/** Names that must never leave the machine: secrets, local settings, tests and sources. */
const NEVER_UPLOADED =
  /(^|\/)(\.secret[^/]*|[^/]*\.local|\.env[^/]*|\.runtimeconfig\.json|[^/]*\.(test|spec)\.[^/]+)$|^(src|test|node_modules)\//;

describe('the functions deploy package', () => {
  it('leaves out secrets, local settings, tests and sources (checked with firebase-tools’ own walk)', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'functions-package-'));
    try {
      const plant = (file: string, text = 'x') => {
        mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        writeFileSync(path.join(dir, file), text);
      };
      for (const file of [
        'package.json',
        // Written by the predeploy from the root lock: Cloud Build installs exactly these versions.
        'package-lock.json',
        'README.md',
        'lib/index.js',
        'lib/index.js.map',
        // What a developer's folder may hold besides: none of it may be uploaded.
        '.secret.local',
        '.env',
        '.env.local',
        '.env.demo-wholesale-portal',
        '.runtimeconfig.json',
        'lib/.env',
        'lib/index.test.js',
        'src/index.ts',
        'test/payments/support.ts',
        'node_modules/stripe/index.js',
        'tsconfig.json',
        'vitest.config.mts',
        'build.mjs',
        'firebase-debug.log',
      ])
        plant(file);
      // lib/index.js.map stays here too: no source map is deployed (docs/deploying.md).
      expect(await deployArtefacts(dir)).toEqual([
        'README.md',
        'lib/index.js',
        'package-lock.json',
        'package.json',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('as it would be uploaded from this checkout holds only the build, package.json, its lockfile and README', async () => {
    const artefacts = await deployArtefacts(path.join(repoRoot, 'functions'));
    expect(artefacts).toContain('package.json');
    expect(artefacts.filter((file) => NEVER_UPLOADED.test(file))).toEqual([]);
    expect(artefacts.filter((file) => file.endsWith('.map'))).toEqual([]);
    expect(
      artefacts.filter(
        (file) =>
          !file.startsWith('lib/') &&
          !['package.json', 'package-lock.json', 'README.md'].includes(file),
      ),
    ).toEqual([]);
  });

  it('is prepared by the predeploy: the build, then the lockfile from the root lock', () => {
    const config = JSON.parse(readFileSync(path.join(repoRoot, 'firebase.json'), 'utf8')) as {
      functions: Array<{ predeploy?: string[] }>;
    };
    const predeploy = config.functions[0]?.predeploy ?? [];
    expect(predeploy).toEqual([
      'npm --prefix "$PROJECT_DIR" run build -w functions',
      'npm --prefix "$PROJECT_DIR" exec -- tsx "$PROJECT_DIR/scripts/lib/functions-lockfile.ts"',
    ]);
  });
});

interface HostingConfig {
  public: string;
  ignore?: string[];
  predeploy?: string[];
}
const hostingConfig = () =>
  (
    JSON.parse(readFileSync(path.join(repoRoot, 'firebase.json'), 'utf8')) as {
      hosting: HostingConfig;
    }
  ).hosting;

/** What `firebase deploy` uploads of a built site: firebase-tools' own listing, with the hosting ignore. */
function hostingArtefacts(publicDir: string): string[] {
  const require = createRequire(import.meta.url);
  const { listFiles } = require('firebase-tools/lib/listFiles') as {
    listFiles(cwd: string, ignore?: string[]): string[];
  };
  return listFiles(publicDir, hostingConfig().ignore).sort();
}

function plantSite(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hosting-public-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

describe('the hosting deploy', () => {
  it('uploads no source map and no build-only file (checked with firebase-tools’ own file listing)', () => {
    const dir = plantSite({
      'index.html': '<!doctype html>',
      '_routes/login.html': '<!doctype html>',
      'assets/index-abc123.js': 'console.log(1)',
      'assets/index-abc123.js.map': '{"version":3}',
      'assets/index-def456.css': 'body{}',
      'assets/index-def456.css.map': '{"version":3}',
      'assets/nested/deep/chunk.js.map': '{"version":3}',
      // The Vite manifest (the build's chunk graph, source paths and all) is for the build only.
      '.vite/manifest.json': '{}',
      '.DS_Store': '',
    });
    try {
      expect(hostingArtefacts(dir)).toEqual([
        '_routes/login.html',
        'assets/index-abc123.js',
        'assets/index-def456.css',
        'index.html',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is built and checked by its predeploy, so a bare firebase deploy cannot ship a stale web/dist', () => {
    const hosting = hostingConfig();
    expect(hosting.public).toBe('web/dist');
    // $PROJECT_DIR is the project root, $RESOURCE_DIR the hosting public folder (firebase-tools'
    // lifecycle hooks); the build runs first, the check reads what will be uploaded.
    expect(hosting.predeploy).toEqual([
      'npm --prefix "$PROJECT_DIR" exec -- tsx "$PROJECT_DIR/scripts/web-dist.ts" build',
      'npm --prefix "$PROJECT_DIR" exec -- tsx "$PROJECT_DIR/scripts/web-dist.ts" check "$RESOURCE_DIR"',
    ]);
  });

  it('stops at the check when the built site points at the emulators or a demo project', () => {
    const webDist = fileURLToPath(new URL('../../scripts/web-dist.ts', import.meta.url));
    const check = (dir: string) =>
      spawnSync(process.execPath, ['--import', 'tsx', webDist, 'check', dir], {
        encoding: 'utf8',
        cwd: repoRoot,
      });
    const local = plantSite({
      'index.html': '<!doctype html>',
      'assets/index.js': 'connectAuthEmulator(auth, "http://127.0.0.1:9099")',
    });
    const demo = plantSite({ 'assets/index.js': 'const projectId = "demo-wholesale-portal";' });
    const clean = plantSite({ 'assets/index.js': 'fetch("/__/firebase/init.json")' });
    try {
      const refused = check(local);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain('the loopback address 127.0.0.1');
      expect(refused.stderr).toContain('the emulator port 9099');
      expect(refused.stderr).toContain('must not be deployed');
      expect(check(demo).stderr).toContain('the demo project id "demo-wholesale-portal"');
      expect(check(demo).status).toBe(1);
      expect(check(clean).status).toBe(0);
      const usage = spawnSync(process.execPath, ['--import', 'tsx', webDist, 'deploy'], {
        encoding: 'utf8',
        cwd: repoRoot,
      });
      expect(usage.status).toBe(2);
    } finally {
      for (const dir of [local, demo, clean]) rmSync(dir, { recursive: true, force: true });
    }
  });
});
