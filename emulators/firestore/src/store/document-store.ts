/** In-memory documents of one database, indexed by full path and by collection. */
import type { Micros } from './timestamp.js';
import { compareReferences, compareUtf8, type Fields } from './value.js';

export interface StoredDocument {
  /** Path under documents/, e.g. "profiles/u1/cart_items/p1". */
  readonly path: string;
  readonly fields: Fields;
  readonly createTime: Micros;
  readonly updateTime: Micros;
}

export function parentCollection(path: string): string {
  return path.slice(0, path.lastIndexOf('/'));
}

export function lastSegment(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Orders document paths the way __name__ orders them. */
export function compareDocumentPaths(a: string, b: string): number {
  return compareReferences(a, b);
}

export class DocumentStore {
  private readonly documents = new Map<string, StoredDocument>();
  private readonly collections = new Map<string, Map<string, StoredDocument>>();

  get size(): number {
    return this.documents.size;
  }

  get(path: string): StoredDocument | undefined {
    return this.documents.get(path);
  }

  put(doc: StoredDocument): void {
    this.documents.set(doc.path, doc);
    const collection = parentCollection(doc.path);
    let docs = this.collections.get(collection);
    if (!docs) {
      docs = new Map();
      this.collections.set(collection, docs);
    }
    docs.set(doc.path, doc);
  }

  delete(path: string): void {
    if (!this.documents.delete(path)) return;
    const collection = parentCollection(path);
    const docs = this.collections.get(collection);
    if (docs) {
      docs.delete(path);
      if (docs.size === 0) this.collections.delete(collection);
    }
  }

  /** A copy that later writes do not change (documents themselves are never mutated). */
  clone(): DocumentStore {
    const copy = new DocumentStore();
    for (const doc of this.documents.values()) copy.put(doc);
    return copy;
  }

  clear(): void {
    this.documents.clear();
    this.collections.clear();
  }

  /** Documents directly in one collection (unordered). */
  collection(collectionPath: string): Iterable<StoredDocument> {
    return this.collections.get(collectionPath)?.values() ?? [];
  }

  /** Documents of every collection with this id under a parent ("" = the root), at any depth. */
  *collectionGroup(parentPath: string, collectionId: string): Iterable<StoredDocument> {
    const prefix = parentPath === '' ? '' : parentPath + '/';
    for (const [collection, docs] of this.collections) {
      if (prefix !== '' && !collection.startsWith(prefix)) continue;
      if (lastSegment(collection) !== collectionId) continue;
      yield* docs.values();
    }
  }

  /** Documents of every collection directly under a parent ("" = the root). */
  *children(parentPath: string): Iterable<StoredDocument> {
    const depth = parentPath === '' ? 1 : parentPath.split('/').length + 1;
    const prefix = parentPath === '' ? '' : parentPath + '/';
    for (const [collection, docs] of this.collections) {
      if (prefix !== '' && !collection.startsWith(prefix)) continue;
      if (collection.split('/').length !== depth) continue;
      yield* docs.values();
    }
  }

  /** Every document under a parent path (any collection, any depth). */
  *descendants(parentPath: string): Iterable<StoredDocument> {
    const prefix = parentPath === '' ? '' : parentPath + '/';
    for (const [collection, docs] of this.collections) {
      if (prefix === '' || collection.startsWith(prefix)) yield* docs.values();
    }
  }

  /** Paths of missing documents directly in a collection that still have descendants (showMissing). */
  missingParents(collectionPath: string): string[] {
    const prefix = collectionPath + '/';
    const out = new Set<string>();
    for (const collection of this.collections.keys()) {
      if (!collection.startsWith(prefix)) continue;
      const id = collection.slice(prefix.length).split('/')[0] as string;
      const path = prefix + id;
      if (!this.documents.has(path)) out.add(path);
    }
    return [...out];
  }

  /** Ids of the collections directly under a document ("" = the root), sorted. */
  collectionIds(parentPath: string): string[] {
    const prefix = parentPath === '' ? '' : parentPath + '/';
    const ids = new Set<string>();
    for (const collection of this.collections.keys()) {
      if (!collection.startsWith(prefix)) continue;
      const rest = collection.slice(prefix.length);
      // The first segment below the parent names a collection even when only deeper documents exist.
      ids.add(rest.split('/')[0] as string);
    }
    return [...ids].sort(compareUtf8);
  }

  /** All documents sorted by path. */
  all(): StoredDocument[] {
    return [...this.documents.values()].sort((a, b) => compareDocumentPaths(a.path, b.path));
  }
}
