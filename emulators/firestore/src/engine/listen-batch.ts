/**
 * One batch of a Listen stream's responses (listen.ts): the documents that changed for its
 * targets, per path, with the targets each enters and leaves, sent in path order as document
 * changes, deletes and removes.
 */
import { compareDocumentPaths, type StoredDocument } from '../store/document-store.js';
import { documentsRoot, type DatabaseName } from '../store/resource-name.js';
import { formatMicros, type Micros } from '../store/timestamp.js';
import type { ListenTarget } from './listen-targets.js';
import type { JsonRecord, ServiceCore } from './service-core.js';

/** The documents of one response batch, per path, with the targets they enter and leave. */
interface Pending {
  doc: StoredDocument | undefined;
  /** The document's content changed (for the client) in this batch. */
  changed: boolean;
  added: ListenTarget[];
  removed: number[];
}

export class ResponseBatch {
  private readonly pending = new Map<string, Pending>();

  get size(): number {
    return this.pending.size;
  }

  private entry(path: string, doc: StoredDocument | undefined): Pending {
    let p = this.pending.get(path);
    if (!p) {
      p = { doc, changed: false, added: [], removed: [] };
      this.pending.set(path, p);
    }
    return p;
  }

  /** The document is (now) in the target's result, in this version. */
  enter(target: ListenTarget, doc: StoredDocument, changed: boolean): void {
    const p = this.entry(doc.path, doc);
    p.added.push(target);
    p.changed ||= changed;
  }

  /** The document left the target's result (`doc` = its current state, undefined = deleted). */
  leave(
    target: ListenTarget,
    path: string,
    doc: StoredDocument | undefined,
    changed: boolean,
  ): void {
    const p = this.entry(path, doc);
    p.removed.push(target.id);
    p.changed ||= changed;
  }

  /**
   * Sends the batch, in path order, as of `readMicros`: a change per projection for a document
   * that entered targets, else a delete, a change (it left its targets but changed) or a remove.
   */
  emit(
    send: (response: JsonRecord) => void,
    service: Pick<ServiceCore, 'toDocumentJson' | 'usage'>,
    dbName: DatabaseName,
    readMicros: Micros,
  ): void {
    const readTime = formatMicros(readMicros);
    const name = (path: string) => `${documentsRoot(dbName)}/${path}`;
    const paths = [...this.pending.keys()].sort(compareDocumentPaths);
    for (const path of paths) {
      const p = this.pending.get(path) as Pending;
      if (p.doc && p.added.length > 0) {
        // Targets with different projections see different documents: one change per projection.
        const groups = new Map<string, ListenTarget[]>();
        for (const t of p.added) {
          const k = t.projection ? JSON.stringify(t.projection) : '';
          const g = groups.get(k);
          if (g) g.push(t);
          else groups.set(k, [t]);
        }
        let first = true;
        for (const group of groups.values()) {
          service.usage.count(dbName.project, 'listen', 1);
          send({
            documentChange: {
              document: service.toDocumentJson(dbName, p.doc, group[0]?.projection),
              targetIds: group.map((t) => t.id),
              removedTargetIds: first ? p.removed : [],
            },
          });
          first = false;
        }
      } else if (!p.doc) {
        send({
          documentDelete: { document: name(path), removedTargetIds: p.removed, readTime },
        });
      } else if (p.changed) {
        // Still exists, left every target it was in: the new version, so caches stay right.
        send({
          documentChange: {
            document: service.toDocumentJson(dbName, p.doc),
            targetIds: [],
            removedTargetIds: p.removed,
          },
        });
      } else {
        send({
          documentRemove: { document: name(path), removedTargetIds: p.removed, readTime },
        });
      }
    }
  }
}
