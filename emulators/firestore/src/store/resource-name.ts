/** Resource names: projects/{p}/databases/{d}/documents/{path}. */
import { invalidArgument } from './errors.js';

export interface DatabaseName {
  project: string;
  database: string;
}

export function databaseRoot(db: DatabaseName): string {
  return `projects/${db.project}/databases/${db.database}`;
}

export function documentsRoot(db: DatabaseName): string {
  return `${databaseRoot(db)}/documents`;
}

function lacks(kind: string, name: string, what: string, index: number): Error {
  return invalidArgument(`${kind} name "${name}" lacks "${what}" at index ${index}.`);
}

/** Parses "projects/p/databases/d". */
export function parseDatabaseName(name: string): DatabaseName {
  const parts = name.split('/');
  if (parts[0] !== 'projects') throw lacks('Database', name, 'projects', 0);
  if (parts.length < 3) throw lacks('Database', name, '/', name.length);
  if (parts[2] !== 'databases')
    throw lacks('Database', name, 'databases', 'projects/'.length + (parts[1] ?? '').length + 1);
  if (parts.length !== 4 || parts[1] === '' || parts[3] === '')
    throw invalidArgument(`Invalid database name "${name}".`);
  return { project: parts[1] as string, database: parts[3] as string };
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

function isLongId(text: string): boolean {
  if (!/^-?\d+$/.test(text)) return false;
  const n = BigInt(text);
  return n >= INT64_MIN && n <= INT64_MAX;
}

function validateSegments(segments: string[], name: string, kind: string, offset: number): void {
  let index = offset;
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i] as string;
    if (s === '')
      throw invalidArgument(
        `${kind} name "${name}" lacks a ${i % 2 === 0 ? 'collection' : 'resource'} id at index ${index}.`,
      );
    if (s === '.' || s === '..')
      throw invalidArgument(
        `${kind} name "${name}" contains a resource id "${s}" at index ${index}.`,
      );
    if (/^__.*__$/.test(s)) {
      if (i % 2 === 1 && s.startsWith('__id')) {
        const digits = s.slice(4, -2);
        if (!isLongId(digits)) {
          throw invalidArgument(
            `A long document ID string must be formatted like '__id{LONG}__', where LONG is a 64-bit integer. Found: '${s}'.`,
          );
        }
      } else if (i % 2 === 0) {
        throw invalidArgument(`Collection id "${s}" is invalid because it is reserved.`);
      } else {
        throw invalidArgument(`Resource id "${s}" is invalid because it is reserved.`);
      }
    }
    index += s.length + 1;
  }
}

export interface ParsedName {
  db: DatabaseName;
  /** Path under documents/, "" for the root. */
  path: string;
  segments: string[];
}

/** Parses any name under projects/p/databases/d/documents (document, collection or root). */
export function parseResourceName(name: string, kind = 'Document'): ParsedName {
  const parts = name.split('/');
  if (parts[0] !== 'projects') throw lacks(kind, name, 'projects', 0);
  if (parts.length < 5 || parts[2] !== 'databases' || parts[4] !== 'documents') {
    throw lacks(kind, name, '/', name.length);
  }
  const segments = parts.slice(5);
  validateSegments(segments, name, kind, parts.slice(0, 5).join('/').length + 1);
  return {
    db: { project: parts[1] as string, database: parts[3] as string },
    path: segments.join('/'),
    segments,
  };
}

/** Parses a document name (an even number of segments under documents/). */
export function parseDocumentName(name: string): ParsedName {
  const parsed = parseResourceName(name);
  if (parsed.segments.length === 0 || parsed.segments.length % 2 !== 0) {
    throw lacks('Document', name, '/', name.length);
  }
  checkDocumentNameLimits(parsed);
  return parsed;
}

/** Production's limits on a document's name: 100 levels of collections, 6 KiB. */
export const MAX_COLLECTION_DEPTH = 100;
export const MAX_DOCUMENT_NAME_BYTES = 6 * 1024;

function checkDocumentNameLimits(parsed: ParsedName): void {
  const depth = parsed.segments.length / 2;
  if (depth > MAX_COLLECTION_DEPTH) {
    throw invalidArgument(
      `Document path has ${depth} levels of collections; the maximum is ${MAX_COLLECTION_DEPTH}.`,
    );
  }
  if (Buffer.byteLength(parsed.path, 'utf8') > MAX_DOCUMENT_NAME_BYTES) {
    throw invalidArgument(`Document name is longer than ${MAX_DOCUMENT_NAME_BYTES} bytes.`);
  }
}

/** Parses a parent for queries and listings: the documents root or a document. */
export function parseParentName(name: string): ParsedName {
  const parsed = parseResourceName(name, 'Document parent');
  if (parsed.segments.length % 2 !== 0) throw lacks('Document parent', name, '/', name.length);
  return parsed;
}

/** Checks a collection id or document id given on its own (CreateDocument), with the official messages. */
export function validateIdSegment(id: string, kind: 'collection' | 'document'): void {
  const label = kind === 'collection' ? 'Collection id' : 'Resource id';
  if (id.includes('/'))
    throw invalidArgument(`${label} "${id}" is invalid because it contains "/".`);
  if (id === '.' || id === '..')
    throw invalidArgument(`${label} "${id}" is invalid because it is reserved.`);
  if (/^__.*__$/.test(id)) {
    if (kind === 'document' && id.startsWith('__id')) {
      if (!isLongId(id.slice(4, -2))) {
        throw invalidArgument(
          `A long document ID string must be formatted like '__id{LONG}__', where LONG is a 64-bit integer. Found: '${id}'.`,
        );
      }
      return;
    }
    throw invalidArgument(`${label} "${id}" is invalid because it is reserved.`);
  }
}

export function sameDatabase(a: DatabaseName, b: DatabaseName): boolean {
  return a.project === b.project && a.database === b.database;
}
