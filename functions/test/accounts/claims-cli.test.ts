import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth } from '../../src/lib/admin';
import { buyerClaims } from '../company-fixtures';
import { auditEntriesFor, claimsOf, createAccount, profileOf } from './support';

/**
 * scripts/claims.ts run as a process, pointed at the test stack through the same environment
 * variables the global setup exported. The usage test runs it as a user does (node + tsx); the
 * others run the same source bundled once by esbuild (tsx compiles it again on every start:
 * 1.8 s a run, against about 0.8 s for the bundle), with the packages it imports left to
 * node_modules as under tsx.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** Under node_modules, so the bundle's imports of firebase-admin resolve as the script's do. */
const BUNDLE_DIR = path.join(ROOT, 'node_modules/.cache/claims-cli-test');
let bundle = '';

beforeAll(async () => {
  await mkdir(BUNDLE_DIR, { recursive: true });
  const dir = await mkdtemp(path.join(BUNDLE_DIR, 'run-'));
  bundle = path.join(dir, 'claims.mjs');
  await build({
    entryPoints: [path.join(ROOT, 'scripts/claims.ts')],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    logLevel: 'warning',
    plugins: [
      {
        // Packages stay imports (resolved from node_modules at run time); the workspace's own
        // domain package is TypeScript, so it is bundled, as tsx would compile it.
        name: 'packages-external',
        setup(esbuild) {
          esbuild.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
}, 60_000);

/** Folders the tests made for key files and homes, removed with the bundle's. */
const tempDirs: string[] = [];
async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

afterAll(async () => {
  if (bundle) tempDirs.push(path.dirname(bundle));
  await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

function claims(
  args: string[],
  env: Record<string, string | undefined> = {},
  via: 'bundle' | 'tsx' = 'bundle',
): Promise<CliResult> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  delete childEnv.GOOGLE_APPLICATION_CREDENTIALS;
  if (env.GOOGLE_APPLICATION_CREDENTIALS)
    childEnv.GOOGLE_APPLICATION_CREDENTIALS = env.GOOGLE_APPLICATION_CREDENTIALS;
  const command = via === 'tsx' ? ['--import', 'tsx', 'scripts/claims.ts'] : [bundle];
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...command, ...args],
      { cwd: ROOT, env: childEnv, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

describe('claims CLI: usage', () => {
  it('exits 2 with the usage for a missing or unknown command, a missing email or a bad email', async () => {
    // The first as a user runs it: node + tsx, on the TypeScript source. tsx compiles the script
    // and what it imports on a cold cache (a clean clone): four of them at once on a busy 2-core
    // machine took over 20 s in one run, so one goes through tsx and the rest through the bundle
    // of the same source, and the test has a minute.
    const [none, unknown, noEmail, badEmail] = await Promise.all([
      claims([], {}, 'tsx'),
      claims(['frobnicate', 'someone@example.com']),
      claims(['approve']),
      claims(['approve', 'not-an-email']),
    ]);
    expect([none.code, unknown.code, noEmail.code, badEmail.code]).toEqual([2, 2, 2, 2]);
    expect(none.stderr).toContain('Missing command');
    expect(unknown.stderr).toContain('Unknown command "frobnicate"');
    expect(noEmail.stderr).toContain('Missing email');
    expect(badEmail.stderr).toContain('is not an email address');
    for (const result of [none, unknown, noEmail, badEmail])
      expect(result.stderr).toContain('Usage: npm run claims');
  }, 60_000);

  it('refuses credentials it cannot read, before talking to anything', async () => {
    const result = await claims(['show', 'someone@example.com'], {
      GOOGLE_APPLICATION_CREDENTIALS: '/nonexistent/key.json',
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'GOOGLE_APPLICATION_CREDENTIALS does not name a readable JSON key file',
    );
  });

  it('asks for --project when the credentials do not name one', async () => {
    const key = path.join(await tempDir('claims-cli-'), 'key.json');
    await writeFile(key, JSON.stringify({ type: 'service_account' }));
    const result = await claims(['show', 'someone@example.com'], {
      GOOGLE_APPLICATION_CREDENTIALS: key,
      GCLOUD_PROJECT: '',
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Name the project with --project <id>');
  });

  it('works on the --project project with Application Default Credentials, no key file needed', async () => {
    // No key file, no emulators, and no ADC on this machine: the CLI goes to Google Cloud with
    // firebase-admin's default credential and says how to sign in when there is none.
    const result = await claims(['show', 'someone@example.com', '--project', 'acme-wholesale'], {
      FIREBASE_AUTH_EMULATOR_HOST: '',
      FIRESTORE_EMULATOR_HOST: '',
      HOME: await tempDir('claims-cli-home-'),
      CLOUDSDK_CONFIG: path.join(tmpdir(), 'claims-cli-no-gcloud'),
      METADATA_SERVER_DETECTION: 'none',
      GOOGLE_CLOUD_QUOTA_PROJECT: '',
    });
    expect(result.stderr).toContain(
      'claims: project acme-wholesale (Google Cloud, Application Default Credentials)',
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('gcloud auth application-default login');
  });

  it('refuses a bad project id with the usage, before touching anything', async () => {
    const target = await createAccount('retailer', 'pending');
    const result = await claims(['grant-manager', target.email, '--project', 'Acme Wholesale']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('"Acme Wholesale" is not a Firebase project id');
    expect(result.stderr).toContain('Usage: npm run claims');
    expect(await claimsOf(target.uid)).toEqual(buyerClaims(target.uid, 'retailer', 'pending'));
  });

  it('refuses credentials with only one of the two emulators named (the other would be production)', async () => {
    const key = path.join(await tempDir('claims-cli-'), 'key.json');
    await writeFile(key, JSON.stringify({ type: 'service_account', project_id: 'acme-prod' }));
    const onlyAuth = await claims(['show', 'someone@example.com'], {
      GOOGLE_APPLICATION_CREDENTIALS: key,
      FIRESTORE_EMULATOR_HOST: '',
    });
    const onlyFirestore = await claims(['show', 'someone@example.com'], {
      GOOGLE_APPLICATION_CREDENTIALS: key,
      FIREBASE_AUTH_EMULATOR_HOST: '',
    });
    for (const result of [onlyAuth, onlyFirestore]) {
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(
        'Set both FIREBASE_AUTH_EMULATOR_HOST and FIRESTORE_EMULATOR_HOST, or neither',
      );
    }
  });
});

describe('claims CLI: commands against the local stack', () => {
  it('exits 1 with a clear message for an unknown email', async () => {
    const result = await claims(['approve', 'nobody-at-all@accounts.test']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('No user with email nobody-at-all@accounts.test');
  });

  it('approves a pending applicant through the same code path as the callable', async () => {
    const target = await createAccount('wholesaler', 'pending');
    const result = await claims(['approve', target.email]);
    expect(result.stderr).not.toContain('Error');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('pending -> approved');
    expect(await claimsOf(target.uid)).toEqual(buyerClaims(target.uid, 'wholesaler', 'approved'));
    expect(await profileOf(target.uid)).toMatchObject({
      status: 'approved',
      reviewed_by: 'claims-cli',
    });
    expect(await auditEntriesFor(target.uid)).toEqual([
      expect.objectContaining({
        action: 'profile.status_changed',
        actor: 'claims-cli',
        from: 'pending',
        to: 'approved',
      }),
    ]);
  });

  it('rejects an approved buyer and revokes their refresh tokens', async () => {
    const target = await createAccount('retailer', 'approved');
    const before = new Date(
      (await adminAuth().getUser(target.uid)).tokensValidAfterTime ?? 0,
    ).getTime();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const result = await claims(['reject', target.email]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('approved -> rejected');
    expect(await claimsOf(target.uid)).toEqual(buyerClaims(target.uid, 'retailer', 'rejected'));
    expect(
      new Date((await adminAuth().getUser(target.uid)).tokensValidAfterTime ?? 0).getTime(),
    ).toBeGreaterThan(before);
  });

  it('follows the transition rules: a rejected account cannot be approved', async () => {
    const target = await createAccount('retailer', 'rejected');
    const result = await claims(['approve', target.email]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'A rejected profile cannot be approved directly: reopen it first.',
    );
    expect(await claimsOf(target.uid)).toEqual(buyerClaims(target.uid, 'retailer', 'rejected'));
  });

  it('grants manager to a user without a profile, then refuses to approve or grant again', async () => {
    const target = await createAccount('retailer', 'pending', { claims: null, noProfile: true });
    const granted = await claims(['grant-manager', target.email]);
    expect(granted.code).toBe(0);
    expect(granted.stdout).toContain('is now a manager');
    expect(await claimsOf(target.uid)).toEqual({ role: 'manager', status: 'approved' });
    expect(await profileOf(target.uid)).toMatchObject({
      user_id: target.uid,
      role: 'manager',
      status: 'approved',
      reviewed_by: 'claims-cli',
    });
    expect(await auditEntriesFor(target.uid)).toEqual([
      expect.objectContaining({
        action: 'profile.manager_granted',
        actor: 'claims-cli',
        to: 'manager/approved',
      }),
    ]);

    const [again, approve] = await Promise.all([
      claims(['grant-manager', target.email]),
      claims(['approve', target.email]),
    ]);
    expect([again.code, approve.code]).toEqual([1, 1]);
    expect(again.stderr).toContain('already a manager');
    expect(approve.stderr).toContain('Manager accounts are not approved or rejected');
  });

  it('refuses to grant manager to an unverified or a disabled account, and changes nothing', async () => {
    const unverified = await createAccount('retailer', 'pending', { emailVerified: false });
    const disabled = await createAccount('retailer', 'pending');
    await adminAuth().updateUser(disabled.uid, { disabled: true });
    const [a, b] = await Promise.all([
      claims(['grant-manager', unverified.email]),
      claims(['grant-manager', disabled.email]),
    ]);
    expect([a.code, b.code]).toEqual([1, 1]);
    expect(a.stderr).toContain('The email address is not verified');
    expect(b.stderr).toContain('The account is disabled');
    for (const account of [unverified, disabled]) {
      expect(await claimsOf(account.uid)).toEqual(buyerClaims(account.uid, 'retailer', 'pending'));
      expect((await profileOf(account.uid)).role).toBe('retailer');
      expect(await auditEntriesFor(account.uid)).toEqual([]);
    }
  });

  it('approves an unverified applicant only with --allow-unverified', async () => {
    const applicant = await createAccount('retailer', 'pending', { emailVerified: false });
    const refused = await claims(['approve', applicant.email]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('The applicant has not verified their email address.');
    const approved = await claims(['approve', applicant.email, '--allow-unverified']);
    expect(approved.code).toBe(0);
    expect(await claimsOf(applicant.uid)).toEqual(
      buyerClaims(applicant.uid, 'retailer', 'approved'),
    );
    const misuse = await claims(['reject', applicant.email, '--allow-unverified']);
    expect(misuse.code).toBe(2);
  });

  it('revokes a manager: claims, sessions, profile and audit entry', async () => {
    const target = await createAccount('manager', 'approved');
    const before = (await adminAuth().getUser(target.uid)).tokensValidAfterTime;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const revoked = await claims(['revoke-manager', target.email]);
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toContain('is no longer a manager');
    expect(await claimsOf(target.uid)).toEqual({});
    expect((await adminAuth().getUser(target.uid)).tokensValidAfterTime).not.toBe(before);
    expect(await profileOf(target.uid)).toMatchObject({ role: 'manager', status: 'rejected' });
    expect(await auditEntriesFor(target.uid)).toEqual([
      expect.objectContaining({ action: 'profile.manager_revoked', actor: 'claims-cli' }),
    ]);
    const again = await claims(['revoke-manager', target.email]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('The user is not a manager.');
    const buyer = await createAccount('retailer', 'approved');
    const notManager = await claims(['revoke-manager', buyer.email]);
    expect(notManager.code).toBe(1);
  });

  it('shows claims and profile', async () => {
    const target = await createAccount('wholesaler', 'approved');
    const result = await claims(['show', target.email]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`uid:                  ${target.uid}`);
    expect(result.stdout).toContain(
      `{"role":"wholesaler","status":"approved","company":"${target.uid}","company_role":"owner"}`,
    );
    expect(result.stdout).toMatch(/profile:\s+wholesaler \/ approved/);
  });

  it('says where it could not connect when the emulators are not running', async () => {
    const result = await claims(['show', 'someone@example.com'], {
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:1',
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Cannot reach the local emulators');
    expect(result.stderr).toContain('npm start');
  });
});
