import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  NODE_RUNTIMES,
  readDeployRuntimeConfig,
  runtimeProblems,
  runtimeState,
  runtimeWarnings,
  todayUtc,
} from '../../scripts/lib/functions-runtimes';
import { deploySteps, parseDeployArgs } from '../../scripts/deploy';
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
    const endpoints = Object.entries(deployed).map(
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

describe('npm run deploy (scripts/deploy.ts)', () => {
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
    expect(() => parseDeployArgs(['--project', 'acme-portal', '--force'])).toThrow(
      "Unknown option '--force'",
    );
    expect(parseDeployArgs(['--project', 'acme-portal'])).toEqual({
      project: 'acme-portal',
      mode: 'deploy',
    });
    expect(parseDeployArgs(['--project', 'acme-portal', '--check-only'])).toEqual({
      project: 'acme-portal',
      mode: 'check-only',
    });
  });

  it('checks everything before it deploys, and deploys hosting, functions, rules and indexes last', () => {
    const titles = deploySteps('acme-portal', 'deploy').map((s) => s.title);
    expect(titles.map((t) => t.split(':')[0])).toEqual([
      'Cloud Functions runtime (firebase.json, functions/package.json)',
      'Dependency audit',
      'Typecheck',
      'Lint',
      'Domain tests and security rules matrix',
      'Production build',
      'Nothing in web/dist points at the emulators or a demo project',
      'Deploy',
    ]);
    // Both test filters are given, so the domain tests run next to the rules matrix.
    expect(titles[1]).toBe('Dependency audit: npm audit --omit=dev --audit-level=high');
    expect(titles[4]).toContain('packages/domain/ functions/test/security-rules/');
    expect(titles.at(-1)).toBe(
      'Deploy: npx firebase deploy --only hosting,functions,firestore --project acme-portal',
    );
    expect(deploySteps('acme-portal', 'check-only').map((s) => s.title)).not.toContain(
      titles.at(-1),
    );
  });

  it('refuses bad usage with exit code 2 and runs nothing', () => {
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', deployScript, '--project', 'demo-x1234'],
      {
        encoding: 'utf8',
      },
    );
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('"demo-x1234" is a demo- project');
    expect(result.stderr).toContain('Usage: npm run deploy -- --project <firebase-project-id>');
    expect(result.stdout).toBe('');
  });

  it('prints its plan with --plan', () => {
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', deployScript, '--project', 'acme-portal', '--plan'],
      {
        encoding: 'utf8',
      },
    );
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Deploying to acme-portal would run:');
    expect(result.stdout).toContain(
      '8. Deploy: npx firebase deploy --only hosting,functions,firestore --project acme-portal',
    );
  });
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
