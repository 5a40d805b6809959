/**
 * The official emulator's export format (`--export-format official`; imports detect it): output
 * files that are LevelDB logs (32 KiB blocks, masked CRC32C) of Datastore `EntityProto` records,
 * as the official Firestore emulator and production's managed export write them.
 *
 * The fixture is written independently of the emulator's hand-rolled encoder: the entity protobuf
 * is declared below as a .proto (the onestore v3 field numbers and groups) and encoded by
 * protobufjs, so the emulator's reader and writer are both checked against another encoder.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type protobuf from 'protobufjs';
import { GeoPoint, type DocumentReference, type Timestamp } from 'firebase-admin/firestore';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirestoreEmulator, type FirestoreEmulator } from '../src/index.js';
import { protobufRuntime } from '../src/proto/firestore-proto.js';
import { readExport } from '../src/store/export-layout.js';
import {
  BLOCK_SIZE,
  crc32c,
  HEADER_SIZE,
  readLog,
  startsWithLogRecordHeader,
  writeLog,
} from '../src/store/leveldb-log.js';
import { adminClient } from './support/sdk-apps.js';
import { uniqueProjectId, type Target } from './support/target.js';

const ENTITY_PROTO = `
syntax = "proto2";
message Path {
  repeated group Element = 1 {
    required string type = 2;
    optional int64 id = 3;
    optional string name = 4;
  }
}
message Reference {
  required string app = 13;
  optional string name_space = 20;
  required Path path = 14;
  optional string database_id = 23;
}
message PropertyValue {
  optional int64 int64Value = 1;
  optional bool booleanValue = 2;
  optional bytes stringValue = 3;
  optional double doubleValue = 4;
  optional group PointValue = 5 {
    required double x = 6;
    required double y = 7;
  }
  optional group ReferenceValue = 12 {
    required string app = 13;
    optional string name_space = 20;
    repeated group PathElement = 14 {
      required string type = 15;
      optional int64 id = 16;
      optional string name = 17;
    }
    optional string database_id = 23;
  }
}
message Property {
  optional int32 meaning = 1;
  required string name = 3;
  required bool multiple = 4;
  required PropertyValue value = 5;
}
message EntityProto {
  required Reference key = 13;
  repeated Property property = 14;
  repeated Property raw_property = 15;
  required Path entity_group = 16;
}
message KindBackupInfo { required string kind = 1; repeated string file = 2; }
message BackupInfo { optional string backup_name = 1; optional int64 start_timestamp = 2; optional int64 end_timestamp = 3; }
message Backup { optional BackupInfo backup_info = 1; repeated KindBackupInfo kind_info = 2; }
`;

// onestore v3 Property.Meaning values.
const GD_WHEN = 7;
const GEORSS_POINT = 9;
const BYTESTRING = 16;
const ENTITY_PROTO_MEANING = 19;
const EMPTY_LIST = 24;

let root: protobuf.Root;
let Entity: protobuf.Type;
let dir: string;
beforeAll(async () => {
  root = protobufRuntime().parse(ENTITY_PROTO, { keepCase: true }).root;
  Entity = root.lookupType('EntityProto');
  dir = await mkdtemp(path.join(tmpdir(), 'firestore-official-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

// ---- the fixture: documents as the official export stores them --------------------------------

type V =
  | { null: true }
  | { bool: boolean }
  | { int: string }
  | { double: number }
  | { micros: string }
  | { string: string }
  | { bytes: Buffer }
  | { ref: [string, string][] }
  | { geo: [number, number] }
  | { array: V[] }
  | { map: Record<string, V> };

function element(kind: string, id: string): Record<string, unknown> {
  return { type: kind, name: id };
}
function pathOf(docPath: string): Record<string, unknown> {
  const s = docPath.split('/');
  const elements = [];
  for (let i = 0; i < s.length; i += 2) elements.push(element(s[i] as string, s[i + 1] as string));
  return { element: elements };
}

function valueOf(v: V, project: string): { meaning?: number; value: Record<string, unknown> } {
  if ('null' in v) return { value: {} };
  if ('bool' in v) return { value: { booleanValue: v.bool } };
  if ('int' in v) return { value: { int64Value: v.int } };
  if ('double' in v) return { value: { doubleValue: v.double } };
  if ('micros' in v) return { meaning: GD_WHEN, value: { int64Value: v.micros } };
  if ('string' in v) return { value: { stringValue: Buffer.from(v.string, 'utf8') } };
  if ('bytes' in v) return { meaning: BYTESTRING, value: { stringValue: v.bytes } };
  if ('geo' in v)
    return { meaning: GEORSS_POINT, value: { pointValue: { x: v.geo[0], y: v.geo[1] } } };
  if ('ref' in v)
    return {
      value: {
        referenceValue: {
          app: project,
          pathElement: v.ref.map(([type, name]) => ({ type, name })),
        },
      },
    };
  if ('map' in v) {
    const nested = Entity.encode(
      Entity.fromObject({
        key: { app: project, path: {} },
        raw_property: properties(v.map, project),
        entity_group: {},
      }),
    ).finish();
    return { meaning: ENTITY_PROTO_MEANING, value: { stringValue: Buffer.from(nested) } };
  }
  throw new Error('arrays are expanded by properties()');
}

function properties(fields: Record<string, V>, project: string): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const name of Object.keys(fields).sort()) {
    const v = fields[name] as V;
    if ('array' in v) {
      if (v.array.length === 0) out.push({ meaning: EMPTY_LIST, name, multiple: false, value: {} });
      for (const e of v.array) out.push({ ...valueOf(e, project), name, multiple: true });
    } else out.push({ ...valueOf(v, project), name, multiple: false });
  }
  return out;
}

function entityBytes(docPath: string, fields: Record<string, V>, project: string): Uint8Array {
  return Entity.encode(
    Entity.fromObject({
      key: { app: project, path: pathOf(docPath) },
      property: properties(fields, project),
      entity_group: pathOf(docPath.split('/').slice(0, 2).join('/')),
    }),
  ).finish();
}

const BIG = '9223372036854775807'; // int64 max, beyond 2^53
const MICROS = '1767323045678901'; // 2026-01-02T03:04:05.678901Z
const EVERY_TYPE: Record<string, V> = {
  nothing: { null: true },
  yes: { bool: true },
  no: { bool: false },
  int: { int: '42' },
  neg: { int: '-7' },
  big: { int: BIG },
  small: { int: '-9223372036854775808' },
  double: { double: 1.5 },
  nan: { double: Number.NaN },
  negZero: { double: -0 },
  inf: { double: Number.POSITIVE_INFINITY },
  negInf: { double: Number.NEGATIVE_INFINITY },
  at: { micros: MICROS },
  text: { string: 'héllo ✓ 日本語 🚀' },
  empty: { string: '' },
  bytes: { bytes: Buffer.from([0, 1, 2, 254, 255]) },
  ref: {
    ref: [
      ['shops', 's1'],
      ['orders', '123'],
    ],
  },
  where: { geo: [37.77, -122.42] },
  list: {
    array: [{ int: '1' }, { string: 'two' }, { map: { three: { int: '3' } } }, { null: true }],
  },
  none: { array: [] },
  map: { map: { nested: { map: { deeper: { array: [{ string: 'x' }] }, flag: { bool: true } } } } },
};

/** Sorted by path, as exports are. */
const DOCS: [string, Record<string, V>][] = [
  ['shops/s1', EVERY_TYPE],
  ['shops/s1/orders/123', { total: { int: '1250' } }],
  ['shops/s1/orders/ünï©ødé', { note: { string: 'unicode id' } }],
  ['shops/s2', { name: { string: 'second' } }],
];

async function writeFixture(folder: string, project: string): Promise<string> {
  const kindDir = path.join(folder, 'firestore_export', 'all_namespaces', 'all_kinds');
  await mkdir(kindDir, { recursive: true });
  await writeFile(
    path.join(kindDir, 'output-0'),
    writeLog(DOCS.map(([p, f]) => entityBytes(p, f, project))),
  );
  const Backup = root.lookupType('Backup');
  await writeFile(
    path.join(kindDir, 'all_namespaces_all_kinds.export_metadata'),
    Backup.encode(
      Backup.fromObject({
        backup_info: { backup_name: 'fixture' },
        kind_info: [{ kind: '', file: ['output-0'] }],
      }),
    ).finish(),
  );
  const overall = path.join(folder, 'firestore_export', 'firestore_export.overall_export_metadata');
  // The reader does not depend on the overall metadata's content.
  await writeFile(overall, Buffer.from([0x0a, 0x00]));
  return overall;
}

function decodeAll(file: Buffer): Record<string, unknown>[] {
  return readLog(file, 'output').map((r) =>
    Entity.toObject(Entity.decode(r), { longs: String, bytes: String, defaults: false }),
  );
}

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

async function restGet(emu: FirestoreEmulator, projectId: string, docPath: string) {
  const res = await fetch(
    `${emu.url}/v1/projects/${projectId}/databases/(default)/documents/${docPath
      .split('/')
      .map(encodeURIComponent)
      .join('/')}`,
    { headers: { authorization: 'Bearer owner' } },
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as { fields: Record<string, unknown> }).fields;
}

async function exportOfficial(emu: FirestoreEmulator, projectId: string, to: string) {
  // As firebase-tools' emulators:export calls it; the writer is chosen by --export-format.
  const res = await fetch(`${emu.url}/emulator/v1/projects/${projectId}:export`, {
    method: 'POST',
    body: JSON.stringify({
      database: `projects/${projectId}/databases/(default)`,
      export_directory: to,
      export_name: 'firestore_export',
    }),
  });
  expect(res.status).toBe(200);
  return readFile(path.join(to, 'firestore_export/all_namespaces/all_kinds/output-0'));
}

describe('LevelDB log format', () => {
  it('uses CRC32C (the check values of the LevelDB and iSCSI test suites)', () => {
    expect(crc32c(Buffer.from('123456789'))).toBe(0xe3069283);
    expect(crc32c(Buffer.alloc(32))).toBe(0x8a9136aa);
    expect(crc32c(Buffer.alloc(32, 0xff))).toBe(0x62a8ab43);
    expect(crc32c(Buffer.from([...Array(32).keys()]))).toBe(0x46dd794e);
  });
});

/**
 * A project id whose export (DOCS) starts with "{": the first record's checksum depends on the
 * project id in its keys, and about one id in 256 gives a first byte of "{", which a sniff of the
 * first byte took for JSON. Its fixture is written under `dir`.
 */
async function braceProject(prefix: string): Promise<{ metadata: string; project: string }> {
  for (let i = 0; i < 5_000; i++) {
    const project = `${prefix}-${i}`;
    const file = writeLog(DOCS.map(([p, f]) => entityBytes(p, f, project)));
    if (file[0] === 0x7b) {
      return { metadata: await writeFixture(path.join(dir, project), project), project };
    }
  }
  throw new Error('no project id in 5,000 gave a log starting with "{"');
}

describe('telling an official export file from ours', () => {
  it('reads a log whose first checksum starts with "{" as a log, not as JSON', async () => {
    const { metadata, project } = await braceProject('brace');
    const output = await readFile(
      path.join(path.dirname(metadata), 'all_namespaces/all_kinds/output-0'),
    );
    expect(output.subarray(0, 1).toString('latin1')).toBe('{');
    expect(startsWithLogRecordHeader(output)).toBe(true);
    const docs = await readExport(metadata, { project, database: '(default)' });
    expect(docs.map((doc) => doc.path).sort()).toEqual(DOCS.map(([p]) => p).sort());
  });

  it('refuses a damaged log starting with "{" for its checksum, not as JSON', async () => {
    // One run in 256 drew such a project id for the corrupted-export test below, which then
    // failed: the damaged log was read as JSON and refused as "not valid JSON".
    const { metadata, project } = await braceProject('brace-damaged');
    const output = path.join(path.dirname(metadata), 'all_namespaces/all_kinds/output-0');
    const bytes = await readFile(output);
    bytes[HEADER_SIZE + 2] = (bytes[HEADER_SIZE + 2] as number) ^ 0x01; // the first record's data
    await writeFile(output, bytes);
    expect(bytes.subarray(0, 1).toString('latin1')).toBe('{');
    await expect(readExport(metadata, { project, database: '(default)' })).rejects.toThrow(
      /output-0: checksum mismatch \(corrupted record\) at byte 0/,
    );
  });

  it('takes a log for a log, damaged or not, and our JSON never', () => {
    expect(startsWithLogRecordHeader(Buffer.from('{"documents": {}}'))).toBe(false);
    expect(startsWithLogRecordHeader(Buffer.from('{\n  "a\\u0001b": 1\n}'))).toBe(false);
    expect(startsWithLogRecordHeader(Buffer.alloc(0))).toBe(false);
    const log = writeLog([Buffer.from('a record')]);
    expect(startsWithLogRecordHeader(log)).toBe(true);
    log[HEADER_SIZE] ^= 0xff; // the first record's first data byte: its checksum is readLog's
    expect(startsWithLogRecordHeader(log)).toBe(true);
    // A header whose record would run past the file is no log's start.
    expect(startsWithLogRecordHeader(log.subarray(0, HEADER_SIZE + 3))).toBe(false);
  });
});

describe('official export format', () => {
  it('imports an official export written by the fixture, serves every value through firebase-admin and REST, and exports the same entity bytes', async () => {
    const projectId = uniqueProjectId('official');
    const folder = path.join(dir, 'fixture');
    const metadata = await writeFixture(folder, projectId);
    const emu = await startFirestoreEmulator({
      port: 0,
      projectId,
      seedFromExport: metadata,
      exportFormat: 'official',
    });
    const admin = adminClient(targetOf(emu, projectId), 'official-1');
    admin.db.settings({ useBigInt: true });
    try {
      const data = (await admin.db.doc('shops/s1').get()).data() ?? {};
      expect(data['nothing']).toBeNull();
      expect(data['yes']).toBe(true);
      expect(data['no']).toBe(false);
      expect(data['int']).toBe(42n);
      expect(data['neg']).toBe(-7n);
      expect(data['big']).toBe(BigInt(BIG));
      expect(data['small']).toBe(-(2n ** 63n));
      expect(data['double']).toBe(1.5);
      expect(Number.isNaN(data['nan'])).toBe(true);
      expect(Object.is(data['negZero'], -0)).toBe(true);
      expect(data['inf']).toBe(Number.POSITIVE_INFINITY);
      expect(data['negInf']).toBe(Number.NEGATIVE_INFINITY);
      const at = data['at'] as Timestamp;
      expect([at.seconds, at.nanoseconds]).toEqual([1767323045, 678901000]);
      expect(data['text']).toBe('héllo ✓ 日本語 🚀');
      expect(data['empty']).toBe('');
      expect(Buffer.from(data['bytes'] as Uint8Array)).toEqual(Buffer.from([0, 1, 2, 254, 255]));
      expect((data['ref'] as DocumentReference).path).toBe('shops/s1/orders/123');
      expect(data['where']).toEqual(new GeoPoint(37.77, -122.42));
      expect(data['list']).toEqual([1n, 'two', { three: 3n }, null]);
      expect(data['none']).toEqual([]);
      expect(data['map']).toEqual({ nested: { deeper: ['x'], flag: true } });
      const orders = await admin.db.collection('shops/s1/orders').get();
      expect(orders.docs.map((d) => d.id)).toEqual(['123', 'ünï©ødé']);
      expect(orders.docs[0]?.data()).toEqual({ total: 1250n });

      // REST: the exact wire values (int64 as decimal strings, non-finite doubles as strings).
      const fields = await restGet(emu, projectId, 'shops/s1');
      expect(fields['big']).toEqual({ integerValue: BIG });
      expect(fields['nan']).toEqual({ doubleValue: 'NaN' });
      expect(fields['negInf']).toEqual({ doubleValue: '-Infinity' });
      expect(fields['at']).toEqual({ timestampValue: '2026-01-02T03:04:05.678901Z' });
      expect(fields['bytes']).toEqual({
        bytesValue: Buffer.from([0, 1, 2, 254, 255]).toString('base64'),
      });
      expect(fields['ref']).toEqual({
        referenceValue: `projects/${projectId}/databases/(default)/documents/shops/s1/orders/123`,
      });
      expect(await restGet(emu, projectId, 'shops/s1/orders/ünï©ødé')).toEqual({
        note: { stringValue: 'unicode id' },
      });

      // Export in the official format: the output file is byte-identical to the fixture's (same
      // documents, same order, same field order), and so are the decoded entities.
      const out = path.join(dir, 'exported');
      const exported = await exportOfficial(emu, projectId, out);
      const fixture = await readFile(
        path.join(folder, 'firestore_export/all_namespaces/all_kinds/output-0'),
      );
      expect(decodeAll(exported)).toEqual(decodeAll(fixture));
      expect(exported.equals(fixture)).toBe(true);
      // The kind metadata is the Datastore backup message naming the output file.
      const kindMeta = root
        .lookupType('Backup')
        .toObject(
          root
            .lookupType('Backup')
            .decode(
              await readFile(
                path.join(
                  out,
                  'firestore_export/all_namespaces/all_kinds/all_namespaces_all_kinds.export_metadata',
                ),
              ),
            ),
        );
      expect(kindMeta['kind_info']).toEqual([{ kind: '', file: ['output-0'] }]);
      expect(
        existsSync(path.join(out, 'firestore_export/firestore_export.overall_export_metadata')),
      ).toBe(true);
    } finally {
      await admin.close();
      await emu.stop();
    }
  });

  it('splits a ~100 KiB document over several 32 KiB blocks and reads it back', async () => {
    const projectId = uniqueProjectId('official-big');
    const big = 'é'.repeat(50 * 1024); // 100 KiB of UTF-8
    const first = await startFirestoreEmulator({ port: 0, projectId, exportFormat: 'official' });
    const admin = adminClient(targetOf(first, projectId), 'official-big-1');
    await admin.db.doc('docs/big').set({ big, n: 1 });
    await admin.db.doc('docs/small').set({ n: 2 });
    await admin.close();
    const out = path.join(dir, 'big');
    const exported = await exportOfficial(first, projectId, out);
    await first.stop();
    // Record types by block: FIRST in block 0, MIDDLE in blocks 1 and 2, LAST in block 3.
    expect(exported.length).toBeGreaterThan(3 * BLOCK_SIZE);
    expect(exported[6]).toBe(2);
    expect(exported[BLOCK_SIZE + 6]).toBe(3);
    expect(exported[2 * BLOCK_SIZE + 6]).toBe(3);
    expect(exported[3 * BLOCK_SIZE + 6]).toBe(4);
    expect(readLog(exported, 'output-0')).toHaveLength(2);

    const second = await startFirestoreEmulator({
      port: 0,
      projectId,
      seedFromExport: path.join(out, 'firestore_export/firestore_export.overall_export_metadata'),
    });
    const again = adminClient(targetOf(second, projectId), 'official-big-2');
    try {
      expect((await again.db.doc('docs/big').get()).data()).toEqual({ big, n: 1 });
      expect((await again.db.doc('docs/small').get()).data()).toEqual({ n: 2 });
    } finally {
      await again.close();
      await second.stop();
    }
  });

  it('refuses an export with a corrupted record checksum, importing nothing', async () => {
    const projectId = uniqueProjectId('official-crc');
    const folder = path.join(dir, 'corrupt');
    const metadata = await writeFixture(folder, projectId);
    const output = path.join(folder, 'firestore_export/all_namespaces/all_kinds/output-0');
    const bytes = await readFile(output);
    bytes[40] = (bytes[40] as number) ^ 0x01; // inside the first record's data
    await writeFile(output, bytes);
    await expect(
      startFirestoreEmulator({ port: 0, projectId, seedFromExport: metadata }),
    ).rejects.toThrow(/output-0: checksum mismatch \(corrupted record\) at byte 0/);
    // The folder form (firebase-tools' --import) refuses it too.
    await expect(startFirestoreEmulator({ port: 0, projectId, seedFile: folder })).rejects.toThrow(
      /checksum mismatch/,
    );
  });

  it('keeps its own JSON as the default format, and imports it as before', async () => {
    const projectId = uniqueProjectId('official-native');
    const folder = path.join(dir, 'native');
    const emu = await startFirestoreEmulator({ port: 0, projectId, exportOnExit: folder });
    const admin = adminClient(targetOf(emu, projectId), 'official-native-1');
    await admin.db.doc('a/b').set({ x: 1 });
    await admin.close();
    await emu.stop();
    const output = await readFile(
      path.join(folder, 'firestore_export/all_namespaces/all_kinds/output-0'),
    );
    expect(output.toString('utf8').startsWith('{')).toBe(true);
    const again = await startFirestoreEmulator({ port: 0, projectId, seedFile: folder });
    try {
      const fields = await restGet(again, projectId, 'a/b');
      expect(fields).toEqual({ x: { integerValue: '1' } });
    } finally {
      await again.stop();
    }
  });
});

const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url));

function runCli(args: string[]) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', CLI, '--port', '0', '--quiet', ...args],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  const ready = new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /^Firestore emulator ready on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(out);
      if (m) resolve(m[1] as string);
    });
    void exited.then((code) => reject(new Error(`exited with ${code}: ${stderr}`)));
  });
  return { child, ready, exited, stderr: () => stderr };
}

describe('CLI --export-format', () => {
  it('exports on exit in the official format and starts from it with --seed_from_export', async () => {
    const projectId = uniqueProjectId('official-cli');
    const folder = path.join(dir, 'cli');
    const fixture = await writeFixture(path.join(dir, 'cli-fixture'), projectId);
    const first = runCli([
      '--project',
      projectId,
      '--seed_from_export',
      fixture,
      '--export-format',
      'official',
      '--export-on-exit',
      folder,
    ]);
    await first.ready;
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    const output = await readFile(
      path.join(folder, 'firestore_export/all_namespaces/all_kinds/output-0'),
    );
    expect(decodeAll(output)).toHaveLength(DOCS.length);

    const second = runCli([
      '--project',
      projectId,
      '--seed_from_export',
      path.join(folder, 'firestore_export/firestore_export.overall_export_metadata'),
    ]);
    const url = await second.ready;
    try {
      const res = await fetch(
        `${url}/v1/projects/${projectId}/databases/(default)/documents/shops/s2`,
      );
      expect(((await res.json()) as { fields: unknown }).fields).toEqual({
        name: { stringValue: 'second' },
      });
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  });

  it('refuses an unknown format', async () => {
    const run = runCli(['--export-format', 'xml']);
    run.ready.catch(() => undefined);
    expect(await run.exited).toBe(1);
    expect(run.stderr()).toMatch(/invalid --export-format xml \(native or official\)/);
  });
});
