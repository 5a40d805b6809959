/** Resource names: projects/{p}/databases/{d}/documents/{path}. */
import { invalidArgument } from '../engine/errors.js';

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
  if (parts[2] !== 'databases') throw lacks('Database', name, 'databases', 'projects/'.length + (parts[1] ?? '').length + 1);
  if (parts.length !== 4 || parts[1] === '' || parts[3] === '') throw invalidArgument(`Invalid database name "${name}".`);
  return { project: parts[1] as string, database: parts[3] as string };
}

function validateSegments(segments: string[], name: string): void {
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i] as string;
    if (s === '') throw invalidArgument(`Resource name "${name}" has an empty path segment.`);
    if (s === '.' || s === '..') throw invalidArgument(`Resource id "${s}" is invalid.`);
    if (/^__.*__$/.test(s)) {
      const kind = i % 2 === 0 ? 'Collection' : 'Document';
      throw invalidArgument(`${kind} id "${s}" is invalid because it is reserved.`);
    }
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
  validateSegments(segments, name);
  return { db: { project: parts[1] as string, database: parts[3] as string }, path: segments.join('/'), segments };
}

/** Parses a document name (an even number of segments under documents/). */
export function parseDocumentName(name: string): ParsedName {
  const parsed = parseResourceName(name);
  if (parsed.segments.length === 0 || parsed.segments.length % 2 !== 0) {
    throw lacks('Document', name, '/', name.length);
  }
  return parsed;
}

/** Parses a parent for queries and listings: the documents root or a document. */
export function parseParentName(name: string): ParsedName {
  const parsed = parseResourceName(name, 'Parent');
  if (parsed.segments.length % 2 !== 0) throw invalidArgument(`Invalid parent "${name}".`);
  return parsed;
}

export function sameDatabase(a: DatabaseName, b: DatabaseName): boolean {
  return a.project === b.project && a.database === b.database;
}
