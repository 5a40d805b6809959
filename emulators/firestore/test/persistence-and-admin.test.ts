/**
 * Persistence in the official export layout (what firebase-tools' --import, --export-on-exit and
 * emulators:export use) and the admin endpoints of firebase-tools and the Emulator UI: export,
 * recursive delete of a document with its subcollections, reset.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Timestamp, GeoPoint } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirestoreEmulator, type FirestoreEmulator } from '../src/index.js';
import { adminClient } from './support/sdk-apps.js';
import { uniqueProjectId, type Target } from './support/target.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'firestore-persist-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function targetOf(emu: FirestoreEmulator, projectId: string): Target {
  return {
    host: emu.host,
    port: emu.port,
    url: emu.url,
    projectId,
    external: false,
    close: () => emu.stop(),
  };
}

const everyType = () => ({
  nothing: null,
  yes: true,
  big: 9007199254740993n.toString(), // kept as a string: the SDK has no int64 beyond 2^53
  int: 42,
  neg: -7,
  double: 1.5,
  nan: Number.NaN,
  at: Timestamp.fromMillis(Date.UTC(2026, 0, 2, 3, 4, 5, 678)),
  text: 'héllo ✓',
  bytes: Buffer.from([0, 1, 2, 255]),
  where: new GeoPoint(37.77, -122.42),
  list: [1, 'two', { three: 3 }],
  map: { nested: { deeper: ['x'] } },
});

describe('export and import in the official layout', () => {
  it('round-trips every value type and subcollections through the export endpoint and --seed_from_export', async () => {
    const projectId = uniqueProjectId('persist');
    const first = await startFirestoreEmulator({ port: 0, projectId });
    const admin = adminClient(targetOf(first, projectId), 'persist-1');
    await admin.db.doc('shops/s1').set(everyType());
    await admin.db.doc('shops/s1/orders/o1').set({ total: 1250, ref: admin.db.doc('shops/s1') });
    const before = (await admin.db.doc('shops/s1').get()).data();
    // Exactly as firebase-tools' emulators:export calls it.
    const res = await fetch(`${first.url}/emulator/v1/projects/${projectId}:export`, {
      method: 'POST',
      body: JSON.stringify({
        database: `projects/${projectId}/databases/(default)`,
        export_directory: dir,
        export_name: 'firestore_export',
      }),
    });
    expect(res.status).toBe(200);
    await admin.close();
    await first.stop();
    const metadata = path.join(dir, 'firestore_export', 'firestore_export.overall_export_metadata');
    expect(existsSync(metadata)).toBe(true);
    expect(existsSync(path.join(dir, 'firestore_export/all_namespaces/all_kinds/output-0'))).toBe(
      true,
    );
    expect(
      existsSync(
        path.join(
          dir,
          'firestore_export/all_namespaces/all_kinds/all_namespaces_all_kinds.export_metadata',
        ),
      ),
    ).toBe(true);

    const second = await startFirestoreEmulator({ port: 0, projectId, seedFromExport: metadata });
    const again = adminClient(targetOf(second, projectId), 'persist-2');
    try {
      const after = (await again.db.doc('shops/s1').get()).data();
      expect(after).toEqual(before);
      expect(Number.isNaN(after?.['nan'])).toBe(true);
      const order = (await again.db.doc('shops/s1/orders/o1').get()).data();
      expect(order?.['total']).toBe(1250);
      expect(order?.['ref'].path).toBe('shops/s1');
    } finally {
      await again.close();
      await second.stop();
    }
  });

  it('exports on exit to a folder that firebase-tools can import, and starts from it', async () => {
    const projectId = uniqueProjectId('persist-exit');
    const folder = path.join(dir, 'exit');
    // An Auth export already in the folder is kept in firebase-export-metadata.json.
    await rm(folder, { recursive: true, force: true });
    await import('node:fs/promises').then((fs) => fs.mkdir(folder, { recursive: true }));
    await writeFile(
      path.join(folder, 'firebase-export-metadata.json'),
      JSON.stringify({ auth: { path: 'auth_export' } }),
    );
    const first = await startFirestoreEmulator({ port: 0, projectId, exportOnExit: folder });
    const admin = adminClient(targetOf(first, projectId), 'persist-exit-1');
    await admin.db.doc('a/b').set({ kept: true });
    await admin.close();
    await first.stop();
    const index = JSON.parse(
      await readFile(path.join(folder, 'firebase-export-metadata.json'), 'utf8'),
    );
    expect(index).toMatchObject({
      auth: { path: 'auth_export' },
      firestore: {
        path: 'firestore_export',
        metadata_file: 'firestore_export/firestore_export.overall_export_metadata',
      },
    });
    const second = await startFirestoreEmulator({ port: 0, projectId, seedFile: folder });
    const again = adminClient(targetOf(second, projectId), 'persist-exit-2');
    try {
      expect((await again.db.doc('a/b').get()).data()).toEqual({ kept: true });
    } finally {
      await again.close();
      await second.stop();
    }
  });

  it('refuses an export it cannot read with a clear message, and bad export requests with 400', async () => {
    const foreign = path.join(dir, 'foreign.overall_export_metadata');
    await writeFile(foreign, Buffer.from([0x0a, 0x01, 0xff, 0x00]));
    await expect(startFirestoreEmulator({ port: 0, seedFromExport: foreign })).rejects.toThrow(
      /not an export of this emulator/,
    );
    const emu = await startFirestoreEmulator({ port: 0, projectId: 'demo-export-bad' });
    try {
      for (const body of [
        { database: '(default)', export_directory: dir },
        {
          database: 'projects/demo-export-bad/databases/(default)',
          export_directory: 42,
        },
        {
          database: 'projects/demo-export-bad/databases/(default)',
          export_directory: dir,
          export_name: '../up',
        },
      ]) {
        const res = await fetch(`${emu.url}/emulator/v1/projects/demo-export-bad:export`, {
          method: 'POST',
          body: JSON.stringify(body),
        });
        expect(res.status).toBe(400);
      }
      expect(existsSync(path.join(dir, 'up'))).toBe(false);
    } finally {
      await emu.stop();
    }
  });
});

describe('Emulator UI admin endpoints', () => {
  it('deletes a document with everything under it, leaving its neighbours', async () => {
    const projectId = uniqueProjectId('recursive-delete');
    const emu = await startFirestoreEmulator({ port: 0, projectId });
    const admin = adminClient(targetOf(emu, projectId), 'recursive-delete');
    try {
      for (const p of ['u/1', 'u/1/orders/a', 'u/1/orders/a/lines/x', 'u/10', 'u/2/orders/b']) {
        await admin.db.doc(p).set({ p });
      }
      const res = await fetch(
        `${emu.url}/emulator/v1/projects/${projectId}/databases/(default)/documents/u/1`,
        {
          method: 'DELETE',
        },
      );
      expect(res.status).toBe(200);
      const exists = async (p: string) => (await admin.db.doc(p).get()).exists;
      expect(await exists('u/1')).toBe(false);
      expect(await exists('u/1/orders/a')).toBe(false);
      expect(await exists('u/1/orders/a/lines/x')).toBe(false);
      expect(await exists('u/10')).toBe(true);
      expect(await exists('u/2/orders/b')).toBe(true);
      // A whole collection (here a subcollection) goes the same way.
      await fetch(
        `${emu.url}/emulator/v1/projects/${projectId}/databases/(default)/documents/u/2/orders`,
        {
          method: 'DELETE',
        },
      );
      expect(await exists('u/2/orders/b')).toBe(false);
      expect(await exists('u/10')).toBe(true);
    } finally {
      await admin.close();
      await emu.stop();
    }
  });
});
