/**
 * Billing-style usage counters per project, for tests that check how much a page or a function
 * reads and writes (GET /emulator/v1/projects/{p}/usage; DELETE resets). Counted as Firestore
 * bills reads: one per document returned by a get, batch get, query, listing or listener; one per
 * document asked for and missing; one for a query that returns nothing; one per 1,000 index
 * entries (at least one) for an aggregation; one per document a request's security rules read
 * with get(), exists(), getAfter() or existsAfter() (each document once per request; not a
 * document the same commit writes, read after it). And as it bills writes: one per document a
 * successful commit sets, updates or transforms (a write with transforms once), one per delete
 * (of a missing document too); verify writes and failed commits are not billed.
 */
export interface UsageCounters {
  /** Billed document reads. */
  documentReads: number;
  /** Documents returned, by kind of call. */
  getReads: number;
  queryReads: number;
  aggregationReads: number;
  listenReads: number;
  /** Documents security rules read for a client's request (admin requests skip the rules). */
  rulesReads: number;
  /** Requests that read: gets and batch gets, queries, aggregations, listings. */
  readRequests: number;
  /** Billed document writes: sets, updates, creates and transforms (each write once). */
  documentWrites: number;
  /** Billed document deletes, of missing documents too. */
  documentDeletes: number;
  /**
   * Successful requests that write: commits, each write of a batch write, REST document creates,
   * patches and deletes (a commit of only verify writes, or of none, is not one).
   */
  writeRequests: number;
}

const empty = (): UsageCounters => ({
  documentReads: 0,
  getReads: 0,
  queryReads: 0,
  aggregationReads: 0,
  listenReads: 0,
  rulesReads: 0,
  readRequests: 0,
  documentWrites: 0,
  documentDeletes: 0,
  writeRequests: 0,
});

export type ReadKind = 'get' | 'query' | 'aggregation' | 'listen' | 'rules';

export class Usage {
  private readonly byProject = new Map<string, UsageCounters>();

  private counters(project: string): UsageCounters {
    let c = this.byProject.get(project);
    if (!c) {
      c = empty();
      this.byProject.set(project, c);
    }
    return c;
  }

  /** `reads` billed reads of one request (`request` false: more reads of a request counted). */
  count(
    project: string,
    kind: ReadKind,
    reads: number,
    request = kind !== 'listen' && kind !== 'rules',
  ): void {
    const c = this.counters(project);
    c.documentReads += reads;
    c[`${kind}Reads`] += reads;
    if (request) c.readRequests += 1;
  }

  /** The billed writes and deletes of one successful commit (none: not a write request). */
  countWrites(project: string, writes: number, deletes: number): void {
    if (writes === 0 && deletes === 0) return;
    const c = this.counters(project);
    c.documentWrites += writes;
    c.documentDeletes += deletes;
    c.writeRequests += 1;
  }

  /** Reads billed for an aggregation over `entries` index entries. */
  static aggregationReads(entries: number): number {
    return Math.max(1, Math.ceil(entries / 1000));
  }

  get(project: string): UsageCounters {
    return { ...this.counters(project) };
  }

  reset(project: string): void {
    this.byProject.delete(project);
  }
}
