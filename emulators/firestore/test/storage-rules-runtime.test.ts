/**
 * The Java-free Storage rules runtime's protocol, as firebase-tools' StorageRulesRuntime speaks it
 * (lib/emulator/storage/rules/runtime.js): the startup handshake, load_ruleset, verify, the
 * firestore.get round trip, and the same through the generated `java` stand-in and the bundle.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { STORAGE_RULES_BUNDLE, ensureFirestoreCliBundle } from '../src/build-cli.js';
import { prepareFirebaseToolsLaunch } from '../src/firebase-tools/launch-under-firebase-tools.js';
import { StorageRulesRuntime } from '../src/storage-rules/runtime.js';

const RULES = `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /photos/{owner}/{file} {
      allow read: if true;
      allow create: if request.auth != null && request.auth.uid == owner
        && request.resource.size <= 100
        && request.resource.contentType.matches('image/(png|jpeg)')
        && request.time > timestamp.date(2020, 1, 1);
      allow delete: if request.auth.token.admin == true;
    }
    match /granted/{file} {
      allow get: if firestore.get(/databases/(default)/documents/grants/$(request.auth.uid)).data.ok
        && firestore.exists(/databases/(default)/documents/people/$(request.auth.uid));
    }
  }
}
`;

type Message = Record<string, unknown>;

function session() {
  const out: Message[] = [];
  const notes: string[] = [];
  const runtime = new StorageRulesRuntime({
    send: (line) => out.push(JSON.parse(line) as Message),
    log: (line) => notes.push(line),
  });
  const send = (message: Message): Message => {
    const before = out.length;
    runtime.handleLine(JSON.stringify(message));
    expect(out.length).toBe(before + 1);
    return out[out.length - 1] as Message;
  };
  return { runtime, out, notes, send };
}

const str = (s: string) => ({ string_value: s });
const int = (n: number) => ({ int_value: n });
const map = (fields: Record<string, unknown>) => ({ map_value: { fields } });
const auth = (uid: string, claims: Record<string, unknown> = {}) =>
  map({ uid: str(uid), token: map({ user_id: str(uid), ...claims }) });

function verify(
  id: number,
  filePath: string,
  method: string,
  request: Record<string, unknown>,
  resource: unknown = { null_value: null },
): Message {
  return {
    action: 'verify',
    id,
    context: {
      rulesetName: 'r',
      service: 'firebase.storage',
      path: filePath,
      method,
      variables: { resource, request: map(request) },
    },
  };
}

const upload = (size: number, contentType: string) =>
  map({ size: int(size), contentType: str(contentType), name: str('photos/ana/a.png') });

describe('the Storage rules runtime protocol', () => {
  it('answers the startup handshake with request id -1', () => {
    const { runtime, out } = session();
    runtime.start();
    expect(out).toEqual([{ id: -1, status: 'ok', errors: [], warnings: [] }]);
  });

  it('loads a ruleset and reports its version', () => {
    const { send } = session();
    expect(
      send({
        action: 'load_ruleset',
        id: 0,
        context: {
          rulesetName: 'r',
          source: { files: [{ name: 'storage.rules', content: RULES }] },
        },
      }),
    ).toEqual({ id: 0, status: 'ok', result: { rulesVersion: 2 }, errors: [], warnings: [] });
    const v1 = RULES.replace("rules_version = '2';", '');
    expect(
      send({
        action: 'load_ruleset',
        id: 1,
        context: { rulesetName: 'v1', source: { files: [{ name: 'storage.rules', content: v1 }] } },
      }),
    ).toMatchObject({ id: 1, result: { rulesVersion: 1 }, errors: [] });
  });

  it('reports a syntax error as the issue firebase-tools prints, and loads nothing', () => {
    const { send } = session();
    const reply = send({
      action: 'load_ruleset',
      id: 3,
      context: {
        rulesetName: 'bad',
        source: {
          files: [
            {
              name: '/p/storage.rules',
              content: 'service firebase.storage {\n  match /b { allow read: if ; }\n}',
            },
          ],
        },
      },
    });
    expect(reply).toMatchObject({ id: 3, status: 'ok', warnings: [] });
    expect(reply).not.toHaveProperty('result');
    const issue = JSON.parse((reply['errors'] as string[])[0] as string) as {
      description_: string;
      sourcePosition_: { fileName_: string; line_: number };
    };
    expect(issue.description_).toBe("unexpected ';' in an expression");
    expect(issue.sourcePosition_).toMatchObject({ fileName_: '/p/storage.rules', line_: 2 });
    // Firestore rules are not Storage rules.
    const firestore = send({
      action: 'load_ruleset',
      id: 4,
      context: {
        rulesetName: 'fs',
        source: { files: [{ name: 's.rules', content: 'service cloud.firestore { }' }] },
      },
    });
    expect(JSON.parse((firestore['errors'] as string[])[0] as string)).toMatchObject({
      description_: 'expected service firebase.storage but found service cloud.firestore',
    });
    expect(send(verify(5, '/b/x/o/photos/ana/a.png', 'get', {}))['errors']).toEqual([
      'No ruleset named "r" is loaded.',
    ]);
  });

  it('permits and denies by auth, size, content type, time and claims', () => {
    const { send } = session();
    send({
      action: 'load_ruleset',
      id: 0,
      context: { rulesetName: 'r', source: { files: [{ name: 'storage.rules', content: RULES }] } },
    });
    const now = { timestamp_value: '2026-12-02T05:00:00.000Z' };
    const permit = (id: number, request: Record<string, unknown>, method = 'create') =>
      (
        send(verify(id, '/b/x/o/photos/ana/a.png', method, { time: now, ...request }))[
          'result'
        ] as {
          permit: boolean;
        }
      ).permit;
    expect(permit(1, { auth: auth('ana'), resource: upload(100, 'image/png') })).toBe(true);
    expect(send(verify(2, '/b/x/o/photos/ana/a.png', 'get', {}))).toEqual({
      id: 2,
      status: 'ok',
      result: { permit: true },
      errors: [],
      warnings: [],
    });
    expect(permit(3, { auth: { null_value: null }, resource: upload(100, 'image/png') })).toBe(
      false,
    );
    expect(permit(4, { auth: auth('bob'), resource: upload(100, 'image/png') })).toBe(false);
    expect(permit(5, { auth: auth('ana'), resource: upload(101, 'image/png') })).toBe(false);
    expect(permit(6, { auth: auth('ana'), resource: upload(10, 'image/gif') })).toBe(false);
    expect(
      permit(7, {
        auth: auth('ana'),
        resource: upload(10, 'image/png'),
        time: { timestamp_value: '2019-12-31T23:59:59.000Z' },
      }),
    ).toBe(false);
    expect(permit(8, { auth: auth('ana', { admin: { bool_value: true } }) }, 'delete')).toBe(true);
    expect(permit(9, { auth: auth('ana') }, 'delete')).toBe(false);
    // No rule for the path: denied.
    expect(
      (send(verify(10, '/b/x/o/elsewhere/a.png', 'get', {}))['result'] as { permit: boolean })
        .permit,
    ).toBe(false);
  });

  it('asks firebase-tools for each Firestore document, then decides', () => {
    const { send } = session();
    send({
      action: 'load_ruleset',
      id: 0,
      context: { rulesetName: 'r', source: { files: [{ name: 'storage.rules', content: RULES }] } },
    });
    expect(send(verify(7, '/b/x/o/granted/g.bin', 'get', { auth: auth('gus') }))).toEqual({
      id: 7,
      server_request_id: 7,
      status: 'ok',
      action: 'fetch_firestore_document',
      context: { path: '/databases/(default)/documents/grants/gus' },
      errors: [],
      warnings: [],
    });
    // firebase-tools' reply (fetchFirestoreDocument), sent under the server_request_id.
    expect(
      send({
        id: 7,
        status: 'ok',
        result: {
          name: 'projects/p/databases/(default)/documents/grants/gus',
          fields: { ok: { booleanValue: true } },
        },
        warnings: [],
        errors: [],
      }),
    ).toMatchObject({
      id: 7,
      action: 'fetch_firestore_document',
      context: { path: '/databases/(default)/documents/people/gus' },
    });
    expect(send({ id: 7, status: 'not_found', warnings: [], errors: [] })).toEqual({
      id: 7,
      status: 'ok',
      result: { permit: false },
      errors: [],
      warnings: [],
    });
    // A grant that says no is decided after one round trip (`&&` stops there).
    send(verify(8, '/b/x/o/granted/g.bin', 'get', { auth: auth('ivy') }));
    expect(
      send({
        id: 8,
        status: 'ok',
        result: { fields: { ok: { booleanValue: false } } },
        warnings: [],
        errors: [],
      }),
    ).toMatchObject({ id: 8, result: { permit: false } });
  });

  it('answers a request it cannot read with an error, and keeps running', () => {
    const { send, runtime, out, notes } = session();
    expect(send({ action: 'nonsense', id: 4 })).toEqual({
      id: 4,
      status: 'ok',
      errors: ['Unknown action "nonsense".'],
      warnings: [],
    });
    runtime.handleLine('not json');
    // A document reply nobody waits for.
    runtime.handleLine(JSON.stringify({ id: 99, status: 'ok', result: {} }));
    expect(out.length).toBe(1);
    expect(notes).toEqual([
      'storage rules runtime: ignored a line that is not JSON: not json',
      'storage rules runtime: no request 99 is waiting for a document.',
    ]);
  });
});

describe('the runtime behind the java stand-in', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('runs as firebase-tools starts the jar: java -D... -jar <STORAGE_EMULATOR_BINARY_PATH> serve', async () => {
    await ensureFirestoreCliBundle();
    const dir = await mkdtemp(path.join(tmpdir(), 'storage-rules-stand-in-'));
    dirs.push(dir);
    const launch = await prepareFirebaseToolsLaunch({ dir, storageRules: STORAGE_RULES_BUNDLE });
    const marker = launch.env['STORAGE_EMULATOR_BINARY_PATH'] as string;
    expect(launch.env).not.toHaveProperty('FIRESTORE_EMULATOR_BINARY_PATH');
    const child = spawn(
      launch.javaStandIn,
      ['-Djava.security.manager=disallow', '-Duser.language=en', '-jar', marker, 'serve'],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    );
    const lines = createInterface({ input: child.stdout });
    const replies: Message[] = [];
    const next = () =>
      new Promise<Message>((resolve) => {
        if (replies.length > 0) resolve(replies.shift() as Message);
        else lines.once('line', (line) => resolve(JSON.parse(line) as Message));
      });
    expect(await next()).toMatchObject({ id: -1, status: 'ok' });
    child.stdin.write(
      `${JSON.stringify({
        action: 'load_ruleset',
        id: 0,
        context: {
          rulesetName: 'r',
          source: { files: [{ name: 'storage.rules', content: RULES }] },
        },
      })}\n`,
    );
    expect(await next()).toMatchObject({ id: 0, result: { rulesVersion: 2 } });
    child.stdin.write(`${JSON.stringify(verify(1, '/b/x/o/photos/ana/a.png', 'get', {}))}\n`);
    expect(await next()).toMatchObject({ id: 1, result: { permit: true } });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.stdin.end();
    expect(await exited).toBe(0);
  }, 60_000);
});
