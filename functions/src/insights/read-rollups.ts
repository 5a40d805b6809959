import { FieldPath, type Firestore } from 'firebase-admin/firestore';
import { readRollup, rollupRuns, type RollupRef, type SalesRollup } from '@portal/domain';

/**
 * The sales rollup documents `refs` names that exist, by path, read with one range query on the
 * document id per run of documents that follow each other (rollupRuns), in parallel. A batch get
 * would bill every document asked for, the missing ones too (a day without sales has none); a
 * query bills those it returns, one when it returns none. A missing document is absent from the
 * answer: it reads as zeros (summarizeOverview).
 */
export async function readRollups(
  db: Firestore,
  refs: readonly RollupRef[],
): Promise<Map<string, SalesRollup>> {
  const wanted = new Set(refs.map((ref) => ref.path));
  const snaps = await Promise.all(
    rollupRuns(refs).map((run) =>
      db
        .collection(run.collection)
        .where(FieldPath.documentId(), '>=', run.first)
        .where(FieldPath.documentId(), '<=', run.last)
        .get(),
    ),
  );
  const docs = new Map<string, SalesRollup>();
  for (const doc of snaps.flatMap((snap) => snap.docs)) {
    // Only the documents asked for (any other id sorting between a run's bounds is not one).
    if (wanted.has(doc.ref.path)) docs.set(doc.ref.path, readRollup(doc.data()));
  }
  return docs;
}
