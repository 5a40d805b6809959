/**
 * Exports in the official emulator's directory layout, so firebase-tools' `--import`,
 * `--export-on-exit` and `emulators:export` work with this emulator:
 *
 *   <export_directory>/<export_name>/<export_name>.overall_export_metadata
 *   <export_directory>/<export_name>/all_namespaces/all_kinds/all_namespaces_all_kinds.export_metadata
 *   <export_directory>/<export_name>/all_namespaces/all_kinds/output-0
 *
 * firebase-tools records `<export_name>/<export_name>.overall_export_metadata` in
 * firebase-export-metadata.json and hands that file back as --seed_from_export. By default
 * ('native') the files hold this emulator's JSON (the seed format of seed-format.ts); 'official'
 * writes the official emulator's LevelDB records instead (official-export.ts). Reading tells them
 * apart by their first byte: our JSON starts with `{`.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { StoredDocument } from './document-store.js';
import type { DatabaseName } from './resource-name.js';
import { documentsRoot } from './resource-name.js';
import { overallMetadata, readOfficialExport, writeOfficialKind } from './official-export.js';
import { formatSeed, parseSeed } from './seed-format.js';
import type { Fields } from './value.js';

export const EXPORT_FORMAT = 'wholesale-portal-firestore-emulator/json-1';
/** Which files an export writes: this emulator's JSON (the default) or the official format. */
export type ExportFormat = 'native' | 'official';
export const EXPORT_FORMATS: readonly ExportFormat[] = ['native', 'official'];
/** The export name firebase-tools uses, and the folder index it keeps beside it. */
const EXPORT_NAME = 'firestore_export';
const FOLDER_INDEX = 'firebase-export-metadata.json';
const overallMetadataName = (exportName: string) => `${exportName}.overall_export_metadata`;
const KIND_DIR = path.join('all_namespaces', 'all_kinds');
const KIND_METADATA = 'all_namespaces_all_kinds.export_metadata';
const OUTPUT = 'output-0';

export interface OverallMetadata {
  format: typeof EXPORT_FORMAT;
  database: string;
  documents: number;
  /** Relative to the metadata file's folder. */
  output: string;
}

/** Writes every document of one database; returns the overall metadata file's path. */
export async function writeExport(
  exportDirectory: string,
  exportName: string,
  db: DatabaseName,
  documents: readonly StoredDocument[],
  format: ExportFormat = 'native',
): Promise<string> {
  if (!/^[\w.-]+$/.test(exportName) || exportName === '.' || exportName === '..') {
    throw new Error(`Invalid export name "${exportName}".`);
  }
  const root = path.join(exportDirectory, exportName);
  await mkdir(path.join(root, KIND_DIR), { recursive: true });
  if (format === 'official') {
    const kind = await writeOfficialKind(root, KIND_DIR, KIND_METADATA, exportName, db, documents);
    const file = path.join(root, overallMetadataName(exportName));
    await writeFile(file, overallMetadata([kind], exportName));
    return file;
  }
  const output = path.join(KIND_DIR, OUTPUT);
  await writeFile(path.join(root, output), formatSeed([...documents], documentsRoot(db)));
  const kind = { format: EXPORT_FORMAT, documents: documents.length, output: OUTPUT };
  await writeFile(path.join(root, KIND_DIR, KIND_METADATA), JSON.stringify(kind, null, 2));
  const overall: OverallMetadata = {
    format: EXPORT_FORMAT,
    database: `projects/${db.project}/databases/${db.database}`,
    documents: documents.length,
    output: output.split(path.sep).join('/'),
  };
  const file = path.join(root, overallMetadataName(exportName));
  await writeFile(file, JSON.stringify(overall, null, 2));
  return file;
}

const isJson = (bytes: Buffer): boolean => /^\s*\{/.test(bytes.subarray(0, 64).toString('latin1'));

/**
 * Reads an export from its overall metadata file (what firebase-tools passes), in either format:
 * ours is JSON, anything else is read as the official format.
 */
export async function readExport(
  metadataFile: string,
  db: DatabaseName,
): Promise<{ path: string; fields: Fields }[]> {
  const raw = await readFile(metadataFile);
  if (!isJson(raw)) {
    return readOfficialExport(metadataFile, db, isJson, (bytes) =>
      parseSeed(bytes.toString('utf8'), documentsRoot(db)),
    );
  }
  let metadata: Partial<OverallMetadata> | null;
  try {
    metadata = JSON.parse(raw.toString('utf8')) as Partial<OverallMetadata>;
  } catch {
    metadata = null;
  }
  if (!metadata || metadata.format !== EXPORT_FORMAT || typeof metadata.output !== 'string') {
    throw new Error(
      `${metadataFile} is not an export of this emulator nor an official Firestore export.`,
    );
  }
  const output = path.resolve(path.dirname(metadataFile), metadata.output);
  if (!output.startsWith(path.dirname(metadataFile) + path.sep)) {
    throw new Error(`${metadataFile} points outside its export folder.`);
  }
  return parseSeed(await readFile(output, 'utf8'), documentsRoot(db));
}

/** The overall metadata file of an export folder written by firebase-tools or writeExportFolder. */
export async function findExportMetadata(folder: string): Promise<string> {
  try {
    const index = JSON.parse(await readFile(path.join(folder, FOLDER_INDEX), 'utf8')) as {
      firestore?: { metadata_file?: string };
    };
    const file = index.firestore?.metadata_file;
    if (file) return path.join(folder, file);
  } catch {
    // not a firebase-tools export folder: look for our own layout below
  }
  return path.join(folder, EXPORT_NAME, overallMetadataName(EXPORT_NAME));
}

/**
 * An export folder that both this emulator and firebase-tools' --import understand: the layout
 * above under firestore_export/ and a firebase-export-metadata.json naming it (its other entries,
 * e.g. an Auth export, are kept).
 */
export async function writeExportFolder(
  folder: string,
  db: DatabaseName,
  documents: readonly StoredDocument[],
  format: ExportFormat = 'native',
): Promise<void> {
  await writeExport(folder, EXPORT_NAME, db, documents, format);
  const indexFile = path.join(folder, FOLDER_INDEX);
  let index: Record<string, unknown> = {};
  try {
    index = JSON.parse(await readFile(indexFile, 'utf8')) as Record<string, unknown>;
  } catch {
    // a new folder
  }
  index['firestore'] = {
    version: EXPORT_FORMAT,
    path: EXPORT_NAME,
    metadata_file: `${EXPORT_NAME}/${overallMetadataName(EXPORT_NAME)}`,
  };
  await writeFile(indexFile, JSON.stringify(index, null, 2));
}
