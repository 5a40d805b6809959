/**
 * The official emulator's export format (`--export-format official`), in the layout of
 * export-layout.ts:
 *
 *   all_namespaces/all_kinds/output-0   a LevelDB log (leveldb-log.ts) of EntityProto records
 *                                       (entity-proto.ts), one per document, sorted by path
 *   all_namespaces/all_kinds/all_namespaces_all_kinds.export_metadata
 *                                       a bare protobuf, the Datastore backup `Backup` message:
 *                                       backup_info 1 { backup_name 1, start_timestamp 2,
 *                                       end_timestamp 3 }, kind_info 2 { kind 1, file 2 }
 *   <name>.overall_export_metadata      a bare protobuf listing the kind metadata files (field 1,
 *                                       relative paths) and the export name (field 2)
 *
 * Reading does not depend on the overall metadata's content: every
 * `<namespace folder>/<kind folder>/*.export_metadata` beside it is read, with the output files
 * each names (all `output-*` files of its folder when it names none).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { StoredDocument } from './document-store.js';
import { decodeEntity, encodeEntity } from './entity-proto.js';
import { readLog, startsWithLogRecordHeader, writeLog } from './leveldb-log.js';
import type { DatabaseName } from './resource-name.js';
import type { Fields } from './value.js';

export class OfficialExportError extends Error {}

function varint(n: number | bigint): Buffer {
  let v = BigInt(n);
  const bytes: number[] = [];
  while (v >= 0x80n) {
    bytes.push(Number(v & 0x7fn) | 0x80);
    v >>= 7n;
  }
  bytes.push(Number(v));
  return Buffer.from(bytes);
}
function field(num: number, payload: Buffer | string): Buffer {
  const data = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload;
  return Buffer.concat([varint((num << 3) | 2), varint(data.length), data]);
}
function intField(num: number, n: bigint): Buffer {
  return Buffer.concat([varint(num << 3), varint(n)]);
}

/** The output file's bytes: deterministic for the same documents. */
export function encodeOutputFile(db: DatabaseName, documents: readonly StoredDocument[]): Buffer {
  return writeLog(documents.map((doc) => encodeEntity(db, doc.path, doc.fields)));
}

/** Writes the kind metadata and output file under `root`; returns the kind metadata's path. */
export async function writeOfficialKind(
  root: string,
  kindDir: string,
  kindMetadata: string,
  exportName: string,
  db: DatabaseName,
  documents: readonly StoredDocument[],
): Promise<string> {
  const output = 'output-0';
  await writeFile(path.join(root, kindDir, output), encodeOutputFile(db, documents));
  const micros = BigInt(Date.now()) * 1000n;
  const backup = Buffer.concat([
    field(1, Buffer.concat([field(1, exportName), intField(2, micros), intField(3, micros)])),
    field(2, Buffer.concat([field(1, ''), field(2, output)])),
  ]);
  const metadataPath = path.join(kindDir, kindMetadata);
  await writeFile(path.join(root, metadataPath), backup);
  return metadataPath.split(path.sep).join('/');
}

export function overallMetadata(kindMetadataFiles: readonly string[], exportName: string): Buffer {
  return Buffer.concat([...kindMetadataFiles.map((f) => field(1, f)), field(2, exportName)]);
}

/** The `file` entries (kind_info 2 → file 2) of a kind metadata file; [] when unreadable. */
function kindFiles(metadata: Buffer): string[] {
  const files: string[] = [];
  const walk = (buf: Buffer, depth: number): boolean => {
    let pos = 0;
    const read = (): bigint | null => {
      let result = 0n;
      for (let shift = 0n; shift < 70n && pos < buf.length; shift += 7n) {
        const b = buf[pos++] as number;
        result |= BigInt(b & 0x7f) << shift;
        if (b < 0x80) return result;
      }
      return null;
    };
    while (pos < buf.length) {
      const key = read();
      if (key === null) return false;
      const num = Number(key >> 3n);
      const wire = Number(key & 7n);
      if (wire === 0) {
        if (read() === null) return false;
      } else if (wire === 1) pos += 8;
      else if (wire === 5) pos += 4;
      else if (wire === 2) {
        const len = read();
        if (len === null || pos + Number(len) > buf.length) return false;
        const data = buf.subarray(pos, pos + Number(len));
        pos += Number(len);
        if (depth === 0 && num === 2) walk(data, 1);
        else if (depth === 1 && num === 2) files.push(data.toString('utf8'));
      } else return false;
    }
    return pos === buf.length;
  };
  return walk(metadata, 0) ? files : [];
}

async function listDirs(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { withFileTypes: true }))
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
  } catch {
    return [];
  }
}

/** Reads an official-format export from its overall metadata file. */
export async function readOfficialExport(
  metadataFile: string,
  db: DatabaseName,
  isOurJson: (file: Buffer) => boolean,
  readOurJson: (file: Buffer) => { path: string; fields: Fields }[],
): Promise<{ path: string; fields: Fields }[]> {
  const root = path.dirname(metadataFile);
  const outputs: string[] = [];
  for (const ns of await listDirs(root)) {
    for (const kind of await listDirs(path.join(root, ns))) {
      const dir = path.join(root, ns, kind);
      for (const name of (await readdir(dir)).sort()) {
        if (!name.endsWith('.export_metadata')) continue;
        const listed = kindFiles(await readFile(path.join(dir, name)));
        const files = listed.length
          ? listed
          : (await readdir(dir)).filter((f) => /^output-\d+$/.test(f)).sort();
        for (const f of files) {
          const file = path.resolve(dir, f);
          if (!file.startsWith(dir + path.sep))
            throw new OfficialExportError(`${name} points outside its export folder.`);
          outputs.push(file);
        }
      }
    }
  }
  if (outputs.length === 0) {
    throw new OfficialExportError(
      `${metadataFile} is not an export of this emulator nor an official Firestore export ` +
        `(no <namespace>/<kind>/*.export_metadata beside it).`,
    );
  }
  const documents = new Map<string, Fields>();
  for (const output of outputs) {
    const bytes = await readFile(output);
    // A log's first bytes are a checksum, which can look like JSON's "{": the record's header
    // decides, so a damaged log is refused for its checksum, not as JSON.
    const docs =
      !startsWithLogRecordHeader(bytes) && isOurJson(bytes)
        ? readOurJson(bytes)
        : readLog(bytes, output).map((record, i) => {
            const entity = decodeEntity(record, db, `${path.basename(output)} record ${i}`);
            if (entity.path === null)
              throw new OfficialExportError(`${output}: record ${i} has no key path.`);
            return { path: entity.path, fields: entity.fields };
          });
    for (const doc of docs) documents.set(doc.path, doc.fields);
  }
  return [...documents].map(([p, fields]) => ({ path: p, fields }));
}
