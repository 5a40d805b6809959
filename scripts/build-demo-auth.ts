/**
 * Regenerates emulator-data/auth_export (the official Auth emulator export format) from
 * scripts/demo-accounts.ts: starts an Auth emulator on free ports with --export-on-exit,
 * creates each account with the Admin SDK (password demo1234, custom claims {role, status} and,
 * for buyers, their company and role in it),
 * then stops it so firebase-tools writes the export. Run: npx tsx scripts/build-demo-auth.ts
 */
import { mkdtemp, cp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEMO_ACCOUNTS, demoMembership } from './demo-accounts';
import { freePort } from './lib/ports';
import { startProcess, waitForLine } from './lib/processes';
import { EventEmitter } from 'node:events';
import { DEMO_PASSWORD, PROJECT_ID, ROOT } from './lib/stack';

const work = await mkdtemp(path.join(os.tmpdir(), 'demo-auth-'));
const exportDir = path.join(work, 'export');
const [authPort, hubPort, loggingPort] = [await freePort(), await freePort(), await freePort()];
const config = path.join(work, 'firebase.json');
await writeFile(
  config,
  JSON.stringify({
    emulators: {
      singleProjectMode: true,
      auth: { host: '127.0.0.1', port: authPort },
      hub: { host: '127.0.0.1', port: hubPort },
      logging: { host: '127.0.0.1', port: loggingPort },
      ui: { enabled: false },
    },
  }),
);
const lines = new EventEmitter();
const proc = startProcess({
  name: 'auth',
  command: path.join(ROOT, 'node_modules/.bin/firebase'),
  args: [
    'emulators:start',
    '--only',
    'auth',
    '--project',
    PROJECT_ID,
    '--config',
    config,
    '--export-on-exit',
    exportDir,
  ],
  cwd: work,
  onLine: (line) => lines.emit('line', line),
});
try {
  await waitForLine(
    proc,
    (fn) => lines.on('line', fn),
    (l) => l.includes('All emulators ready'),
    60_000,
  );
  process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${authPort}`;
  const { initializeApp } = await import('firebase-admin/app');
  const { getAuth } = await import('firebase-admin/auth');
  const auth = getAuth(initializeApp({ projectId: PROJECT_ID }));
  for (const account of DEMO_ACCOUNTS) {
    await auth.createUser({
      uid: account.uid,
      email: account.email,
      emailVerified: true,
      password: DEMO_PASSWORD,
      displayName: account.fullName,
    });
    const membership = demoMembership(account);
    await auth.setCustomUserClaims(account.uid, {
      role: account.role,
      status: account.status,
      ...(membership ? { company: membership.companyId, company_role: membership.role } : {}),
    });
  }
  // Export happens on a clean SIGINT shutdown.
  process.kill(-proc.child.pid!, 'SIGINT');
  await proc.exited;
  const target = path.join(ROOT, 'emulator-data');
  await mkdir(target, { recursive: true });
  await rm(path.join(target, 'auth_export'), { recursive: true, force: true });
  await cp(path.join(exportDir, 'auth_export'), path.join(target, 'auth_export'), {
    recursive: true,
  });
  const metadata = JSON.parse(
    await readFile(path.join(exportDir, 'firebase-export-metadata.json'), 'utf8'),
  );
  await writeFile(
    path.join(target, 'firebase-export-metadata.json'),
    `${JSON.stringify(metadata, null, 2)}\n`,
  );
  // Pretty-print the accounts so reviews can read them.
  const accountsFile = path.join(target, 'auth_export/accounts.json');
  await writeFile(
    accountsFile,
    `${JSON.stringify(JSON.parse(await readFile(accountsFile, 'utf8')), null, 2)}\n`,
  );
  console.log(`Wrote ${DEMO_ACCOUNTS.length} demo accounts to emulator-data/auth_export`);
} finally {
  await proc.stop();
  await rm(work, { recursive: true, force: true });
}
