import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

/**
 * src/lib/admin.ts makes the Admin SDK's default app unless one exists, even when another app was
 * made first. Checked in a process of its own: this worker's default app exists already (the
 * function test files share their worker's modules).
 */
const FUNCTIONS_DIR = fileURLToPath(new URL('../../', import.meta.url));
const ADMIN_MODULE = new URL('../../src/lib/admin.ts', import.meta.url).href;

const SCRIPT = `
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
initializeApp({ projectId: 'demo-admin-app' }, 'a-test-admin');
await import(${JSON.stringify(ADMIN_MODULE)});
getAuth();
process.stdout.write(JSON.stringify(getApps().map((app) => app.name).sort()));
`;

it('makes the default app when a named app was made before it loaded', async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '--eval', SCRIPT],
    {
      cwd: FUNCTIONS_DIR,
      env: { ...process.env, METADATA_SERVER_DETECTION: 'none' },
      timeout: 30_000,
    },
  );
  expect(JSON.parse(stdout)).toEqual(['[DEFAULT]', 'a-test-admin']);
}, 40_000);
