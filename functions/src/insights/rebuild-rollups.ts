import { isDeepStrictEqual } from 'node:util';
import {
  FieldPath,
  Timestamp,
  type DocumentSnapshot,
  type Firestore,
  type Query,
  type WriteBatch,
} from 'firebase-admin/firestore';
import {
  buildRollups,
  claimContributions,
  COLLECTIONS,
  compactRollup,
  isBuyerRole,
  readRollup,
  ROLLUP_COLLECTIONS,
  paths,
  ROLLUP_LEVELS,
  type RollupClaim,
  type SalesOrder,
} from '@portal/domain';
import { salesOrderOfDoc } from './sales-rollups';
import { countedData, rollupClaimOf } from './claim-rollups';

/**
 * Rebuilds the sales rollups from the orders and the approvals (scripts/rebuild-sales-rollups.ts,
 * `npm run rollups:rebuild`): for a new deployment over existing orders, after orders were
 * changed by hand, or when a check finds the figures off. Each document is computed with
 * buildRollups and written whole; documents no order or approval names any more are deleted.
 * Without `apply` it only reports which documents differ.
 *
 * Claims count as the claims' trigger counts them (claim-rollups.ts); with `apply`, what each
 * claim counts is recorded again in claim_rollups/{claimId}, so the trigger goes on from there.
 *
 * Approvals come from the audit log (`profile.status_changed` to approved, at its time), which
 * keeps a company that was rejected later; an approved company without such an entry (demo
 * data, accounts approved by hand) counts at its reviewed_at.
 *
 * Run it when no order is changing: an order change committed between the read of the orders
 * and the writes here is lost from the figures until the next rebuild.
 */
export interface RebuildReport {
  orders: number;
  approvals: number;
  claims: number;
  /** Rollup documents the orders and approvals make. */
  documents: number;
  /** Paths whose stored document differs from the rebuilt one, is missing or is extra. */
  changed: string[];
  /** Documents written and deleted (0 without `apply`). */
  written: number;
  deleted: number;
}

const PAGE = 1000;
const BATCH = 500;

/** Every document of a query, a page at a time, in document id order. */
async function readAll(query: Query): Promise<DocumentSnapshot[]> {
  const docs: DocumentSnapshot[] = [];
  let page = await query.orderBy(FieldPath.documentId()).limit(PAGE).get();
  docs.push(...page.docs);
  while (page.size === PAGE) {
    page = await query
      .orderBy(FieldPath.documentId())
      .startAfter(page.docs[page.size - 1]!)
      .limit(PAGE)
      .get();
    docs.push(...page.docs);
  }
  return docs;
}

async function readOrders(db: Firestore): Promise<SalesOrder[]> {
  const fields = [
    'user_id',
    'store_name',
    'status',
    'amount',
    'refunded_amount',
    'paid_at',
    'items',
    'source',
    'created_at',
    'payment_method',
    'terms',
    'refunds',
  ];
  const docs = await readAll(db.collection(COLLECTIONS.orders).select(...fields));
  return docs.flatMap((doc) => {
    const order = salesOrderOfDoc(doc.data());
    return order ? [order] : [];
  });
}

async function readClaims(db: Firestore) {
  const fields = ['status', 'created_at', 'lines', 'settlement'];
  const docs = await readAll(db.collection(COLLECTIONS.claims).select(...fields));
  return docs.flatMap((doc) => {
    const claim = rollupClaimOf(doc.data());
    return claim ? [{ id: doc.id, claim }] : [];
  });
}

async function readApprovals(db: Firestore): Promise<Date[]> {
  const audited = new Map<string, Date>();
  const entries = await db
    .collection(COLLECTIONS.auditLog)
    .where('action', '==', 'profile.status_changed')
    .get();
  for (const entry of entries.docs) {
    if (entry.get('to') !== 'approved') continue;
    const target: unknown = entry.get('target');
    const at: unknown = entry.get('at');
    if (typeof target === 'string' && at instanceof Timestamp && !audited.has(target)) {
      audited.set(target, at.toDate());
    }
  }
  // The companies approved (a company's id is its applicant's uid, the audit's target before
  // companies too); members who joined later are not approvals.
  const approved = await db
    .collection(COLLECTIONS.companies)
    .where('status', '==', 'approved')
    .get();
  const unaudited = approved.docs.flatMap((company) => {
    const reviewedAt: unknown = company.get('reviewed_at');
    return isBuyerRole(company.get('business_type')) &&
      !audited.has(company.id) &&
      reviewedAt instanceof Timestamp
      ? [reviewedAt.toDate()]
      : [];
  });
  return [...audited.values(), ...unaudited];
}

export async function rebuildSalesRollups(
  db: Firestore,
  options: { apply: boolean },
): Promise<RebuildReport> {
  const [orders, approvals, claims] = await Promise.all([
    readOrders(db),
    readApprovals(db),
    readClaims(db),
  ]);
  const built = new Map(
    buildRollups(
      orders,
      approvals,
      claims.flatMap(({ claim }) => claimContributions(claim)),
    ).map((doc) => [doc.ref.path, doc.rollup]),
  );
  const stored = (
    await Promise.all(ROLLUP_LEVELS.map((level) => db.collection(ROLLUP_COLLECTIONS[level]).get()))
  ).flatMap((snap) => snap.docs);
  const extra = stored.filter((doc) => !built.has(doc.ref.path)).map((doc) => doc.ref.path);
  const storedByPath = new Map(stored.map((doc) => [doc.ref.path, doc]));
  const differing = [...built].flatMap(([path, rollup]) => {
    const doc = storedByPath.get(path);
    if (doc && isDeepStrictEqual(compactRollup(readRollup(doc.data())), rollup)) return [];
    return [path];
  });
  const report: RebuildReport = {
    orders: orders.length,
    approvals: approvals.length,
    claims: claims.length,
    documents: built.size,
    changed: [...differing, ...extra].sort(),
    written: 0,
    deleted: 0,
  };
  if (!options.apply) return report;

  // Every rebuilt document is written whole (a set without merge replaces what was there).
  const writes: Array<(batch: WriteBatch) => void> = [
    ...extra.map((path) => (batch: WriteBatch) => void batch.delete(db.doc(path))),
    ...[...built].map(
      ([path, rollup]) =>
        (batch: WriteBatch) =>
          void batch.set(db.doc(path), rollup),
    ),
    ...(await claimCountWrites(db, claims)),
  ];
  for (let start = 0; start < writes.length; start += BATCH) {
    const batch = db.batch();
    for (const write of writes.slice(start, start + BATCH)) write(batch);
    await batch.commit();
  }
  report.deleted = extra.length;
  report.written = built.size;
  return report;
}

/** claim_rollups as the rebuilt figures count the claims: each claim's, none of a claim gone. */
async function claimCountWrites(
  db: Firestore,
  claims: ReadonlyArray<{ id: string; claim: RollupClaim }>,
): Promise<Array<(batch: WriteBatch) => void>> {
  const ids = new Set(claims.map(({ id }) => id));
  const counted = await db.collection(COLLECTIONS.claimRollups).select().get();
  return [
    ...counted.docs
      .filter((doc) => !ids.has(doc.id))
      .map((doc) => (batch: WriteBatch) => void batch.delete(doc.ref)),
    ...claims.map(
      ({ id, claim }) =>
        (batch: WriteBatch) =>
          void batch.set(db.doc(paths.claimRollup(id)), countedData(claim)),
    ),
  ];
}
