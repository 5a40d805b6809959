import { isDeepStrictEqual } from 'node:util';
import type { CollectionReference } from 'firebase-admin/firestore';
import { adminAuth, firestore } from '../../src/lib/admin';

/**
 * "Changes nothing", checked: a snapshot of the whole local stack's data (every Firestore
 * document at every depth, every Auth user) and the differences between two snapshots. Used by
 * the tests that prove a refused call writes nothing (bad input, rate limits).
 */
export interface DatabaseState {
  /** path -> update time and data of every document, subcollections included. */
  docs: Map<string, { updateTime: string; data: unknown }>;
  /** uid -> what a call could change on an Auth user (claims, revocation, password, ...). */
  users: Map<string, string>;
}

async function firestoreState(): Promise<DatabaseState['docs']> {
  const db = firestore();
  const docs: DatabaseState['docs'] = new Map();
  const walk = async (collections: CollectionReference[]): Promise<void> => {
    await Promise.all(
      collections.map(async (collection) => {
        // listDocuments includes documents that only have subcollections.
        const refs = await collection.listDocuments();
        const snaps = refs.length > 0 ? await db.getAll(...refs) : [];
        for (const snap of snaps) {
          if (snap.exists) {
            docs.set(snap.ref.path, {
              updateTime: snap.updateTime?.valueOf() ?? '',
              data: snap.data(),
            });
          }
        }
        await Promise.all(refs.map(async (ref) => walk(await ref.listCollections())));
      }),
    );
  };
  await walk(await db.listCollections());
  return docs;
}

async function authState(): Promise<DatabaseState['users']> {
  const users: DatabaseState['users'] = new Map();
  let pageToken: string | undefined;
  do {
    const page = await adminAuth().listUsers(1000, pageToken);
    for (const user of page.users) {
      users.set(
        user.uid,
        JSON.stringify({
          email: user.email,
          emailVerified: user.emailVerified,
          disabled: user.disabled,
          customClaims: user.customClaims ?? null,
          tokensValidAfterTime: user.tokensValidAfterTime ?? null,
          passwordHash: user.passwordHash ?? null,
          passwordSalt: user.passwordSalt ?? null,
          providers: user.providerData.map((p) => p.providerId),
        }),
      );
    }
    pageToken = page.pageToken;
  } while (pageToken);
  return users;
}

export async function databaseState(): Promise<DatabaseState> {
  const [docs, users] = await Promise.all([firestoreState(), authState()]);
  return { docs, users };
}

/** What differs between two snapshots, one line per document or user. */
export function stateChanges(before: DatabaseState, after: DatabaseState): string[] {
  const out: string[] = [];
  for (const [path, doc] of after.docs) {
    const was = before.docs.get(path);
    if (!was) out.push(`firestore: created ${path}`);
    else if (was.updateTime !== doc.updateTime || !isDeepStrictEqual(was.data, doc.data)) {
      out.push(`firestore: wrote ${path}`);
    }
  }
  for (const path of before.docs.keys()) {
    if (!after.docs.has(path)) out.push(`firestore: deleted ${path}`);
  }
  for (const [uid, user] of after.users) {
    const was = before.users.get(uid);
    if (was === undefined) out.push(`auth: created ${uid}`);
    else if (was !== user) out.push(`auth: changed ${uid}: ${was} -> ${user}`);
  }
  for (const uid of before.users.keys()) {
    if (!after.users.has(uid)) out.push(`auth: deleted ${uid}`);
  }
  return out.sort();
}
