// The Listen stream at the protocol level (a raw @grpc/grpc-js client): the exact responses for new
// targets, commits, limits, removals, resume tokens and rules. These pin this emulator's answers, so
// they run against it only (not against FIRESTORE_CONFORMANCE_TARGET).
import type * as grpc from '@grpc/grpc-js';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http2 from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirestoreEmulator, type FirestoreEmulator } from '../src/index.js';
import { firestoreType } from '../src/proto/firestore-proto.js';
import { EventQueue } from './support/events.js';
import {
  bearer,
  openDuplex,
  rawFirestoreClient,
  type Duplex,
  type RawClient,
} from './support/grpc-client.js';

const PROJECT = 'demo-listen-protocol';
const DB = `projects/${PROJECT}/databases/(default)`;
const ROOT = `${DB}/documents`;

interface Ts {
  seconds?: string;
  nanos?: number;
}
interface TargetChange {
  targetChangeType?: string;
  targetIds?: number[];
  cause?: { code?: number; message?: string };
  resumeToken?: Buffer;
  readTime?: Ts;
}
interface ListenResponse {
  targetChange?: TargetChange;
  documentChange?: {
    document: { name: string; fields?: Record<string, unknown>; updateTime?: Ts };
    targetIds?: number[];
    removedTargetIds?: number[];
  };
  documentDelete?: { document: string; removedTargetIds?: number[]; readTime?: Ts };
  documentRemove?: { document: string; removedTargetIds?: number[]; readTime?: Ts };
  filter?: { targetId?: number; count?: number };
}

let emulator: FirestoreEmulator;
let client: RawClient;
let dir = '';
const open: Duplex<ListenResponse>[] = [];

const RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /open/{id} { allow read: if true; }
    match /owned/{id} { allow read: if request.auth != null && resource.data.owner == request.auth.uid; }
  }
}
`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'listen-protocol-'));
  writeFileSync(join(dir, 'firestore.rules'), RULES);
  writeFileSync(
    join(dir, 'seed.json'),
    JSON.stringify({ version: 1, documents: { 'p_clear/seeded': { v: 1 } } }),
  );
  emulator = await startFirestoreEmulator({
    port: 0,
    projectId: PROJECT,
    rulesFile: join(dir, 'firestore.rules'),
    seedFile: join(dir, 'seed.json'),
  });
  client = rawFirestoreClient(emulator.host, emulator.port);
});
afterAll(async () => {
  for (const d of open) d.call.cancel();
  client.close();
  await emulator.stop();
  rmSync(dir, { recursive: true, force: true });
});

function listen(authorization: string | null = 'Bearer owner'): Duplex<ListenResponse> {
  const duplex = openDuplex<ListenResponse>(client, 'listen', authorization);
  open.push(duplex);
  return duplex;
}

const short = (name: string): string => name.slice(ROOT.length + 1);
const ids = (list: number[] | undefined): string => (list ?? []).join(',');

function describeResponse(r: ListenResponse): string {
  if (r.targetChange) {
    const t = r.targetChange;
    const cause = t.cause ? ` cause=${t.cause.code}` : '';
    return `${t.targetChangeType ?? 'NO_CHANGE'}[${ids(t.targetIds)}]${cause}`;
  }
  if (r.documentChange) {
    const c = r.documentChange;
    return `change ${short(c.document.name)} +[${ids(c.targetIds)}] -[${ids(c.removedTargetIds)}]`;
  }
  if (r.documentDelete)
    return `delete ${short(r.documentDelete.document)} -[${ids(r.documentDelete.removedTargetIds)}]`;
  if (r.documentRemove)
    return `remove ${short(r.documentRemove.document)} -[${ids(r.documentRemove.removedTargetIds)}]`;
  if (r.filter) return `filter ${r.filter.targetId} count=${r.filter.count ?? 0}`;
  return 'unknown';
}

const isSnapshot = (r: ListenResponse): boolean =>
  r.targetChange !== undefined &&
  (r.targetChange.targetChangeType ?? 'NO_CHANGE') === 'NO_CHANGE' &&
  (r.targetChange.targetIds ?? []).length === 0 &&
  r.targetChange.readTime !== undefined;

/** The responses up to and including the next global snapshot (described), and that snapshot. */
async function untilSnapshot(
  duplex: Duplex<ListenResponse>,
): Promise<{ lines: string[]; snapshot: TargetChange; raw: ListenResponse[] }> {
  const raw: ListenResponse[] = [];
  for (;;) {
    const r = await duplex.responses.next();
    raw.push(r);
    if (isSnapshot(r)) {
      return {
        lines: raw.slice(0, -1).map(describeResponse),
        snapshot: r.targetChange as TargetChange,
        raw,
      };
    }
  }
}

function micros(ts: Ts | undefined): number {
  return Number(ts?.seconds ?? 0) * 1_000_000 + Math.floor((ts?.nanos ?? 0) / 1000);
}

function commit(writes: object[]): Promise<Ts> {
  return new Promise((resolve, reject) => {
    (client['commit'] as (...a: unknown[]) => void)(
      { database: DB, writes },
      bearer('Bearer owner'),
      (error: grpc.ServiceError | null, response: { commitTime: Ts }) =>
        error ? reject(error) : resolve(response.commitTime),
    );
  });
}

const set = (path: string, fields: Record<string, number | string>): object => ({
  update: {
    name: `${ROOT}/${path}`,
    fields: Object.fromEntries(
      Object.entries(fields).map(([k, v]) => [
        k,
        typeof v === 'number' ? { integerValue: String(v) } : { stringValue: v },
      ]),
    ),
  },
});
const del = (path: string): object => ({ delete: `${ROOT}/${path}` });

const queryTarget = (
  targetId: number,
  collectionId: string,
  extra: Record<string, unknown> = {},
): object => ({
  targetId,
  query: { parent: ROOT, structuredQuery: { from: [{ collectionId }], ...extra } },
});

const rankOrder = { orderBy: [{ field: { fieldPath: 'rank' }, direction: 'ASCENDING' }] };

describe('Listen protocol', () => {
  it('a new target: ADD, its documents, CURRENT with a token, then a global snapshot', async () => {
    await commit([set('p_new/a', { v: 1 }), set('p_new/b', { v: 2 })]);
    const s = listen();
    s.call.write({ database: DB, addTarget: queryTarget(7, 'p_new') });
    const first = await untilSnapshot(s);
    expect(first.lines).toEqual([
      'ADD[7]',
      'change p_new/a +[7] -[]',
      'change p_new/b +[7] -[]',
      'CURRENT[7]',
    ]);
    const current = first.raw[3]?.targetChange as TargetChange;
    expect(current.resumeToken?.length).toBeGreaterThan(0);
    expect(first.snapshot.resumeToken?.length).toBeGreaterThan(0);
    const doc = first.raw[1]?.documentChange?.document;
    expect(doc?.fields).toEqual({ v: { integerValue: '1', valueType: 'integerValue' } });
  });

  it('commits: changes, departures, deletions, each batch closed by a snapshot at the commit time', async () => {
    await commit([set('p_commit/a', { kind: 'x' }), set('p_commit/b', { kind: 'x' })]);
    const s = listen();
    const where = {
      where: {
        fieldFilter: { field: { fieldPath: 'kind' }, op: 'EQUAL', value: { stringValue: 'x' } },
      },
    };
    s.call.write({ database: DB, addTarget: queryTarget(3, 'p_commit', where) });
    s.call.write({
      database: DB,
      addTarget: { targetId: 4, documents: { documents: [`${ROOT}/p_commit/a`] } },
    });
    await untilSnapshot(s);
    await untilSnapshot(s);

    const t1 = await commit([set('p_commit/c', { kind: 'x' }), set('p_commit/a', { kind: 'y' })]);
    const batch = await untilSnapshot(s);
    expect(batch.lines).toEqual(['change p_commit/a +[4] -[3]', 'change p_commit/c +[3] -[]']);
    expect(micros(batch.snapshot.readTime)).toBe(micros(t1));
    expect(micros(batch.raw[0]?.documentChange?.document.updateTime)).toBe(micros(t1));

    const t2 = await commit([del('p_commit/a'), del('p_commit/b')]);
    const deletes = await untilSnapshot(s);
    expect(deletes.lines).toEqual(['delete p_commit/a -[4]', 'delete p_commit/b -[3]']);
    expect(micros(deletes.raw[0]?.documentDelete?.readTime)).toBe(micros(t2));

    // Writes nobody listens to send nothing: the next batch is the next relevant commit.
    await commit([set('p_elsewhere/z', { kind: 'x' })]);
    await commit([set('p_commit/d', { kind: 'x' })]);
    expect((await untilSnapshot(s)).lines).toEqual(['change p_commit/d +[3] -[]']);
  });

  it('a limit window: documents pushed out are removed, documents pulled in are sent', async () => {
    await commit([
      set('p_limit/a', { rank: 1 }),
      set('p_limit/b', { rank: 2 }),
      set('p_limit/c', { rank: 3 }),
    ]);
    const s = listen();
    s.call.write({
      database: DB,
      addTarget: queryTarget(5, 'p_limit', { ...rankOrder, limit: { value: 2 } }),
    });
    expect((await untilSnapshot(s)).lines).toEqual([
      'ADD[5]',
      'change p_limit/a +[5] -[]',
      'change p_limit/b +[5] -[]',
      'CURRENT[5]',
    ]);
    await commit([set('p_limit/z', { rank: 0 })]);
    expect((await untilSnapshot(s)).lines).toEqual([
      'remove p_limit/b -[5]',
      'change p_limit/z +[5] -[]',
    ]);
    await commit([del('p_limit/a')]);
    expect((await untilSnapshot(s)).lines).toEqual([
      'delete p_limit/a -[5]',
      'change p_limit/b +[5] -[]',
    ]);
  });

  it('removeTarget is acknowledged and stops that target; once targets end after CURRENT', async () => {
    const s = listen();
    s.call.write({ database: DB, addTarget: queryTarget(1, 'p_remove') });
    s.call.write({ database: DB, addTarget: { ...queryTarget(2, 'p_remove'), once: true } });
    await untilSnapshot(s);
    const second = await untilSnapshot(s);
    expect(second.lines).toEqual(['ADD[2]', 'CURRENT[2]']);
    expect(describeResponse(await s.responses.next())).toBe('REMOVE[2]');
    s.call.write({ database: DB, removeTarget: 1 });
    expect(describeResponse(await s.responses.next())).toBe('REMOVE[1]');
    await commit([set('p_remove/x', { v: 1 })]);
    // A new target on the same stream is the next thing the stream says.
    s.call.write({ database: DB, addTarget: queryTarget(9, 'p_remove') });
    expect((await untilSnapshot(s)).lines).toEqual([
      'ADD[9]',
      'change p_remove/x +[9] -[]',
      'CURRENT[9]',
    ]);
  });

  it('an invalid target is removed with INVALID_ARGUMENT; the stream goes on', async () => {
    const s = listen();
    s.call.write({
      database: DB,
      addTarget: queryTarget(4, 'p_bad', { orderBy: [{ field: { fieldPath: '' } }] }),
    });
    const removed = await s.responses.next();
    expect(describeResponse(removed)).toBe('REMOVE[4] cause=3');
    s.call.write({ database: DB, addTarget: queryTarget(5, 'p_bad') });
    expect((await untilSnapshot(s)).lines).toEqual(['ADD[5]', 'CURRENT[5]']);
  });

  it('resuming with a token sends only what changed since, and an existence filter', async () => {
    await commit([
      set('p_resume/keep', { v: 1 }),
      set('p_resume/change', { v: 1 }),
      set('p_resume/drop', { v: 1 }),
      set('p_resume/leave', { v: 1 }),
    ]);
    const where = {
      where: {
        fieldFilter: { field: { fieldPath: 'v' }, op: 'LESS_THAN', value: { integerValue: '5' } },
      },
    };
    const first = listen();
    first.call.write({ database: DB, addTarget: queryTarget(2, 'p_resume', where) });
    const initial = await untilSnapshot(first);
    expect(initial.lines).toHaveLength(6);
    const token = initial.snapshot.resumeToken as Buffer;
    first.call.cancel();

    await commit([
      set('p_resume/change', { v: 2 }),
      del('p_resume/drop'),
      set('p_resume/leave', { v: 9 }),
      set('p_resume/new', { v: 1 }),
    ]);
    const second = listen();
    second.call.write({
      database: DB,
      addTarget: { ...queryTarget(2, 'p_resume', where), resumeToken: token },
    });
    const resumed = await untilSnapshot(second);
    expect(resumed.lines).toEqual([
      'ADD[2]',
      'change p_resume/change +[2] -[]',
      'delete p_resume/drop -[2]',
      'change p_resume/leave +[] -[2]',
      'change p_resume/new +[2] -[]',
      'filter 2 count=3',
      'CURRENT[2]',
    ]);

    // Resuming at the latest token with nothing changed: no documents at all.
    const third = listen();
    third.call.write({
      database: DB,
      addTarget: {
        ...queryTarget(2, 'p_resume', where),
        resumeToken: resumed.snapshot.resumeToken,
      },
    });
    expect((await untilSnapshot(third)).lines).toEqual([
      'ADD[2]',
      'filter 2 count=3',
      'CURRENT[2]',
    ]);
  });

  it('an unknown resume token resets the target and sends the whole result', async () => {
    await commit([set('p_reset/a', { v: 1 })]);
    const s = listen();
    s.call.write({
      database: DB,
      addTarget: { ...queryTarget(6, 'p_reset'), resumeToken: Buffer.from('not ours') },
    });
    expect((await untilSnapshot(s)).lines).toEqual([
      'ADD[6]',
      'RESET[6]',
      'change p_reset/a +[6] -[]',
      'CURRENT[6]',
    ]);
  });

  it('an emulator reset removes the documents from the targets and re-sends the seed', async () => {
    await commit([set('p_clear/a', { v: 1 })]);
    const s = listen();
    s.call.write({ database: DB, addTarget: queryTarget(8, 'p_clear') });
    expect((await untilSnapshot(s)).lines).toEqual([
      'ADD[8]',
      'change p_clear/a +[8] -[]',
      'change p_clear/seeded +[8] -[]',
      'CURRENT[8]',
    ]);
    await emulator.reset();
    // The seed comes back as a new version of the document.
    expect((await untilSnapshot(s)).lines).toEqual([
      'delete p_clear/a -[8]',
      'change p_clear/seeded +[8] -[]',
    ]);
  });

  it('a client half-close ends the stream with OK', async () => {
    const s = listen();
    s.call.write({ database: DB, addTarget: queryTarget(1, 'p_close') });
    await untilSnapshot(s);
    s.call.end();
    expect(await s.status).toEqual({ code: 0, details: '' });
  });

  it('a stream without a database fails with INVALID_ARGUMENT', async () => {
    const s = listen();
    s.call.write({ addTarget: queryTarget(1, 'p_nodb') });
    expect((await s.status).code).toBe(3);
  });
});

describe('Listen and security rules', () => {
  const user = (uid: string): string => {
    const b64 = (o: object): string => Buffer.from(JSON.stringify(o)).toString('base64url');
    return `Bearer ${b64({ alg: 'none' })}.${b64({ sub: uid, user_id: uid })}.`;
  };

  it('a query the rules deny is removed with PERMISSION_DENIED; an allowed one works', async () => {
    await commit([set('open/a', { v: 1 }), set('owned/a', { owner: 'u1' })]);
    const s = listen(user('u1'));
    s.call.write({ database: DB, addTarget: queryTarget(1, 'owned') });
    const denied = await s.responses.next();
    expect(describeResponse(denied)).toBe('REMOVE[1] cause=7');
    expect(denied.targetChange?.cause?.message).toMatch(/list/);
    s.call.write({ database: DB, addTarget: queryTarget(2, 'open') });
    expect((await untilSnapshot(s)).lines).toEqual([
      'ADD[2]',
      'change open/a +[2] -[]',
      'CURRENT[2]',
    ]);
  });

  it('a document listener ends with PERMISSION_DENIED when the document becomes unreadable', async () => {
    await commit([set('owned/b', { owner: 'u1' })]);
    const s = listen(user('u1'));
    const target = { targetId: 3, documents: { documents: [`${ROOT}/owned/b`] } };
    s.call.write({ database: DB, addTarget: target });
    expect((await untilSnapshot(s)).lines).toEqual([
      'ADD[3]',
      'change owned/b +[3] -[]',
      'CURRENT[3]',
    ]);
    const other = listen(user('u2'));
    other.call.write({ database: DB, addTarget: target });
    expect(describeResponse(await other.responses.next())).toBe('REMOVE[3] cause=7');

    await commit([set('owned/b', { owner: 'u2' })]);
    expect(describeResponse(await s.responses.next())).toBe('REMOVE[3] cause=7');
  });
});

describe('Listen framing', () => {
  it('a request split across DATA frames is read; a garbage message fails the stream with INVALID_ARGUMENT', async () => {
    const session = http2.connect(`http://${emulator.host}:${emulator.port}`);
    try {
      const req = session.request({
        ':method': 'POST',
        ':path': '/google.firestore.v1.Firestore/Listen',
        'content-type': 'application/grpc',
        te: 'trailers',
        authorization: 'Bearer owner',
      });
      const requestType = firestoreType('ListenRequest');
      const responseType = firestoreType('ListenResponse');
      const frame = (payload: Uint8Array): Buffer => {
        const out = Buffer.alloc(5 + payload.length);
        out.writeUInt32BE(payload.length, 1);
        out.set(payload, 5);
        return out;
      };
      const request = frame(
        requestType
          .encode(
            requestType.fromObject({
              database: DB,
              addTarget: { targetId: 1, documents: { documents: [`${ROOT}/p_frames/a`] } },
            }),
          )
          .finish(),
      );
      let received = Buffer.alloc(0);
      const messages = new EventQueue<string>();
      req.on('data', (chunk: Buffer) => {
        received = Buffer.concat([received, chunk]);
        while (received.length >= 5 && received.length >= 5 + received.readUInt32BE(1)) {
          const length = received.readUInt32BE(1);
          const decoded = responseType.toObject(
            responseType.decode(received.subarray(5, 5 + length)),
            {
              enums: String,
            },
          ) as ListenResponse;
          messages.push(describeResponse(decoded));
          received = received.subarray(5 + length);
        }
      });
      const trailers = new Promise<http2.IncomingHttpHeaders>((resolve) =>
        req.on('trailers', resolve),
      );
      req.write(request.subarray(0, 3));
      await new Promise((resolve) => setTimeout(resolve, 20));
      req.write(request.subarray(3));
      expect([await messages.next(), await messages.next(), await messages.next()]).toEqual([
        'ADD[1]',
        'CURRENT[1]',
        'NO_CHANGE[]',
      ]);
      req.write(frame(Buffer.from([0xff, 0xff, 0xff, 0xff])));
      expect((await trailers)['grpc-status']).toBe('3');
    } finally {
      session.close();
    }
  });
});
