import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { CollectionReference } from 'firebase-admin/firestore';
import { adminAuth, firestore } from '../../src/lib/admin';
import { databaseState, stateChanges } from './database-state';

/**
 * The snapshot the "changes nothing" tests compare: it must see every document at every depth
 * (one kindless query) and name each write, creation and deletion, in Firestore and in Auth.
 */

const RUN = `dbstate-${randomUUID().slice(0, 8)}`;
const db = () => firestore();
const createdUids: string[] = [];

/** This run's documents found by walking its collections one request at a time: the reference. */
async function walkedPaths(): Promise<Set<string>> {
  const paths = new Set<string>();
  const walk = async (collections: CollectionReference[]): Promise<void> => {
    for (const collection of collections) {
      for (const ref of await collection.listDocuments()) {
        if ((await ref.get()).exists) paths.add(ref.path);
        await walk(await ref.listCollections());
      }
    }
  };
  await walk([db().collection(RUN)]);
  return paths;
}

afterAll(async () => {
  await db().recursiveDelete(db().collection(RUN));
  await Promise.all(createdUids.map((uid) => adminAuth().deleteUser(uid)));
});

describe('databaseState', () => {
  it('holds every document at every depth with its data, as a walk of the collections finds them', async () => {
    await db()
      .doc(`${RUN}/top`)
      .set({ name: 'top', nested: { n: 1, list: [1, 'two'] } });
    await db().doc(`${RUN}/top/lines/a`).set({ qty: 2 });
    // Under a parent that does not exist, two levels down.
    await db().doc(`${RUN}/missing/events/e1/notes/n1`).set({ text: 'deep' });

    const state = await databaseState({ data: true });
    expect(state.docs.get(`${RUN}/top`)?.data).toEqual({
      name: 'top',
      nested: { n: 1, list: [1, 'two'] },
    });
    expect(state.docs.has(`${RUN}/top/lines/a`)).toBe(true);
    expect(state.docs.has(`${RUN}/missing/events/e1/notes/n1`)).toBe(true);
    expect(state.docs.has(`${RUN}/missing`)).toBe(false);
    expect(state.docs.get(`${RUN}/top/lines/a`)?.updateTime).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/,
    );
    // Without `data`, the same documents and update times, and no data read.
    const light = await databaseState();
    expect([...light.docs.keys()].sort()).toEqual([...state.docs.keys()].sort());
    expect(light.docs.get(`${RUN}/top`)).toEqual({
      updateTime: state.docs.get(`${RUN}/top`)?.updateTime,
    });

    const walked = await walkedPaths();
    const mine = (paths: Iterable<string>) =>
      [...paths].filter((p) => p.startsWith(`${RUN}/`)).sort();
    expect(mine(state.docs.keys())).toEqual(mine(walked));
  });

  it('names each document written, created or deleted and each Auth user created or changed, by update times alone', async () => {
    await db().doc(`${RUN}/keep`).set({ v: 1 });
    await db().doc(`${RUN}/same`).set({ v: 1 });
    await db().doc(`${RUN}/gone`).set({ v: 1 });
    const user = await adminAuth().createUser({ email: `${RUN}-a@example.test` });
    createdUids.push(user.uid);
    const before = await databaseState();
    expect(stateChanges(before, await databaseState())).toEqual([]);

    await db().doc(`${RUN}/keep`).set({ v: 2 });
    // The same data written again changes nothing: Firestore keeps its update time.
    await db().doc(`${RUN}/same`).set({ v: 1 });
    await db().doc(`${RUN}/gone`).delete();
    await db().doc(`${RUN}/keep/sub/new`).set({ v: 1 });
    await adminAuth().setCustomUserClaims(user.uid, { role: 'retailer' });
    const added = await adminAuth().createUser({ email: `${RUN}-b@example.test` });
    createdUids.push(added.uid);

    const changes = stateChanges(before, await databaseState());
    expect(changes.filter((line) => line.startsWith('firestore:'))).toEqual(
      [
        `firestore: created ${RUN}/keep/sub/new`,
        `firestore: deleted ${RUN}/gone`,
        `firestore: wrote ${RUN}/keep`,
      ].sort(),
    );
    expect(changes).toContain(`auth: created ${added.uid}`);
    expect(changes.some((line) => line.startsWith(`auth: changed ${user.uid}:`))).toBe(true);
  });
});
