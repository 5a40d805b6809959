import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { applicationDefault } from 'firebase-admin/app';
import { afterAll, describe, expect, it } from 'vitest';
import {
  adminAppOptions,
  AdminTargetUsageError,
  resolveAdminTarget,
} from '../../../scripts/lib/admin-target';

/**
 * Where the claims CLI and the admin scripts work (scripts/lib/admin-target.ts): a real project
 * named by --project, signed in with Application Default Credentials (no key file needed), or
 * the local emulators.
 */
/** Folders this file made for key files, removed once it ends. */
const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});
function keyFilePath(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'admin-target-'));
  tempDirs.push(dir);
  return path.join(dir, 'key.json');
}

const noKey = () => {
  throw new Error('no key file should be read');
};

describe('the admin tools’ target', () => {
  it('is the --project project with the default credential when no key file is named (gcloud auth application-default login)', () => {
    const env = { GCLOUD_PROJECT: 'demo-wholesale-portal' };
    const target = resolveAdminTarget({
      project: 'acme-wholesale',
      env,
      auth: true,
      readKeyProject: noKey,
    });
    expect(target).toEqual({
      kind: 'google-cloud',
      projectId: 'acme-wholesale',
      credential: 'application-default',
      emulated: false,
      // User credentials need a quota project for the Auth API: the project itself.
      setEnv: { GOOGLE_CLOUD_QUOTA_PROJECT: 'acme-wholesale' },
      description: 'project acme-wholesale (Google Cloud, Application Default Credentials)',
    });
    // The Admin SDK app: that project, firebase-admin's default credential.
    const options = adminAppOptions(target);
    expect(options.projectId).toBe('acme-wholesale');
    expect(options.credential).toBeInstanceOf(applicationDefault().constructor);
    // A quota project already chosen is kept.
    expect(
      resolveAdminTarget({
        project: 'acme-wholesale',
        env: { GOOGLE_CLOUD_QUOTA_PROJECT: 'acme-billing' },
      }).setEnv,
    ).toEqual({});
  });

  it('uses a key file when one is named: its project, or the --project one', () => {
    const key = keyFilePath();
    writeFileSync(key, JSON.stringify({ type: 'service_account', project_id: 'acme-prod' }));
    const env = { GOOGLE_APPLICATION_CREDENTIALS: key };
    expect(resolveAdminTarget({ project: undefined, env })).toMatchObject({
      kind: 'google-cloud',
      projectId: 'acme-prod',
      credential: 'key-file',
      setEnv: {},
    });
    expect(resolveAdminTarget({ project: 'acme-staging', env })).toMatchObject({
      projectId: 'acme-staging',
      credential: 'key-file',
    });
    expect(adminAppOptions(resolveAdminTarget({ project: undefined, env })).projectId).toBe(
      'acme-prod',
    );
  });

  it('is the local emulators without --project and key, or for a demo- project', () => {
    const local = resolveAdminTarget({ project: undefined, env: {}, auth: true });
    expect(local).toEqual({
      kind: 'emulators',
      projectId: 'demo-wholesale-portal',
      setEnv: {
        FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080',
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      },
      description:
        'local emulators (Auth 127.0.0.1:9099, Firestore 127.0.0.1:8080), project demo-wholesale-portal',
    });
    expect(adminAppOptions(local)).toEqual({ projectId: 'demo-wholesale-portal' });
    expect(
      resolveAdminTarget({
        project: 'demo-other',
        env: { FIRESTORE_EMULATOR_HOST: '127.0.0.1:18080' },
      }),
    ).toMatchObject({ kind: 'emulators', projectId: 'demo-other', setEnv: {} });
  });

  it('refuses a bad project id, an unreadable key or an unnamed project, and changes nothing', () => {
    const env = Object.freeze({ FIRESTORE_EMULATOR_HOST: '' });
    for (const project of ['Acme Prod', 'acme_prod', 'ab', `a${'b'.repeat(30)}`, '-acme-prod']) {
      expect(() => resolveAdminTarget({ project, env, auth: true }), project).toThrow(
        AdminTargetUsageError,
      );
    }
    expect(() => resolveAdminTarget({ project: 'Acme Prod', env })).toThrow(
      '"Acme Prod" is not a Firebase project id',
    );
    expect(env).toEqual({ FIRESTORE_EMULATOR_HOST: '' });
    expect(() =>
      resolveAdminTarget({
        project: undefined,
        env: { GOOGLE_APPLICATION_CREDENTIALS: '/nonexistent/key.json' },
      }),
    ).toThrow('GOOGLE_APPLICATION_CREDENTIALS does not name a readable JSON key file');
    expect(() =>
      resolveAdminTarget({
        project: undefined,
        env: { GOOGLE_APPLICATION_CREDENTIALS: 'key.json' },
        readKeyProject: () => undefined,
      }),
    ).toThrow('Name the project with --project <id>');
  });

  it('refuses one emulator without the other for a tool that uses Auth (the other would be production)', () => {
    expect(() =>
      resolveAdminTarget({
        project: 'acme-wholesale',
        env: { FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080' },
        auth: true,
      }),
    ).toThrow('Set both FIREBASE_AUTH_EMULATOR_HOST and FIRESTORE_EMULATOR_HOST, or neither');
    expect(
      resolveAdminTarget({
        project: 'acme-wholesale',
        env: { FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080' },
      }),
    ).toMatchObject({ emulated: true, projectId: 'acme-wholesale' });
  });
});
