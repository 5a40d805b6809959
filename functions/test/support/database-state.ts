import { isDeepStrictEqual } from 'node:util';
import { adminAuth, firestore } from '../../src/lib/admin';

/**
 * "Changes nothing", checked: a snapshot of the whole local stack's data (every Firestore
 * document at every depth, every Auth user) and the differences between two snapshots. Used by
 * the tests that prove a refused call writes nothing (bad input, rate limits).
 */
export interface DatabaseState {
  /**
   * path -> update time of every document, subcollections included, and its data when asked for
   * (`databaseState({ data: true })`). The update time alone tells a write: Firestore keeps it
   * when the same data is written again, and moves it on any other write.
   */
  docs: Map<string, { updateTime: string; data?: unknown }>;
  /** uid -> what a call could change on an Auth user (claims, revocation, password, ...). */
  users: Map<string, string>;
}

/**
 * Every document of the database at every depth with its update time: one kindless query over all
 * collections (`from: [{ allDescendants: true }]` under the root, as the Admin SDK's recursive
 * delete asks for them) that selects only the names, read past the rules as the emulator's owner;
 * each result still carries its update time. With `data`, the documents are then read in one Admin
 * SDK read. Walking the collections instead asks for every document's subcollections one request
 * each: about 2.5 s once a worker's stack holds 5,000 documents, and 137 s of one run of the
 * function tests. Reading every document's data each time cost `rate-limits.test.ts` 87 s of a
 * clean-clone run (176 snapshots, late in its worker's run) against 6 s alone.
 */
async function firestoreState(withData: boolean): Promise<DatabaseState['docs']> {
  const host = process.env.FIRESTORE_EMULATOR_HOST;
  const project = process.env.GCLOUD_PROJECT;
  if (!host || !project) {
    throw new Error('databaseState needs FIRESTORE_EMULATOR_HOST and GCLOUD_PROJECT');
  }
  const root = `projects/${project}/databases/(default)/documents`;
  const response = await fetch(`http://${host}/v1/${root}:runQuery`, {
    method: 'POST',
    headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
    body: JSON.stringify({
      structuredQuery: {
        from: [{ allDescendants: true }],
        select: { fields: [{ fieldPath: '__name__' }] },
      },
    }),
  });
  if (!response.ok) {
    throw new Error(
      `databaseState: runQuery answered ${response.status}: ${await response.text()}`,
    );
  }
  const rows = (await response.json()) as { document?: { name: string; updateTime: string } }[];
  const docs: DatabaseState['docs'] = new Map();
  for (const { document } of rows) {
    if (document)
      docs.set(document.name.slice(root.length + 1), { updateTime: document.updateTime });
  }
  if (withData && docs.size > 0) {
    const db = firestore();
    for (const snap of await db.getAll(...[...docs.keys()].map((path) => db.doc(path)))) {
      const doc = docs.get(snap.ref.path);
      if (snap.exists && doc) doc.data = snap.data();
    }
  }
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

/** The whole stack's data now; `data: true` keeps each document's data too (slower). */
export async function databaseState(options: { data?: boolean } = {}): Promise<DatabaseState> {
  const [docs, users] = await Promise.all([firestoreState(options.data ?? false), authState()]);
  return { docs, users };
}

/** What differs between two snapshots, one line per document or user. */
export function stateChanges(before: DatabaseState, after: DatabaseState): string[] {
  const out: string[] = [];
  for (const [path, doc] of after.docs) {
    const was = before.docs.get(path);
    if (!was) out.push(`firestore: created ${path}`);
    else if (
      was.updateTime !== doc.updateTime ||
      ('data' in was && 'data' in doc && !isDeepStrictEqual(was.data, doc.data))
    ) {
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
