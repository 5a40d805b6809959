import { COLLECTIONS, paths } from '@portal/domain';
import { ALL_ACTORS, COMPANY, type Actor } from '../support/actors';
import type { Operation, RuleCase } from '../support/matrix';
import { PRICE_LIST, PRODUCT } from '../support/seed';

/**
 * Prices per company (docs/pricing.md).
 * - price_lists/{listId}: the managers' lists (which companies, at what prices): managers read
 *   them; nobody writes one from a client, managers included (savePriceList does).
 * - companies/{companyId}/price_lists/{listId}: a company's copy of each list assigned to it:
 *   its approved members and managers read it; nobody writes one from a client.
 * No company reads another company's list or copy, by get or by list.
 */

const OPERATIONS: Operation[] = ['get', 'list', 'create', 'update', 'delete'];
const LIST = {
  name: 'Forged 90% off',
  valid_from: null,
  valid_to: null,
  company_ids: [COMPANY.A],
  entries: { [PRODUCT.active]: { kind: 'percent', percent_off_bps: 9000, breaks: [] } },
};
const COPY = {
  name: 'Forged 90% off',
  valid_from: null,
  valid_to: null,
  entries: LIST.entries,
};

function pathFor(op: Operation, collection: string, existing: string, actor: Actor): string {
  if (op === 'list') return collection;
  if (op === 'create') return `${collection}/new-${actor}`;
  return `${collection}/${existing}`;
}

/** Who reads company A's copies. */
const READS_A: readonly Actor[] = ['retailer', 'buyerA', 'viewerA', 'manager'];

export const priceListCases: RuleCase[] = [
  // The managers' lists.
  ...ALL_ACTORS.flatMap((actor) =>
    OPERATIONS.map((op): RuleCase => {
      const allowed = actor === 'manager' && (op === 'get' || op === 'list');
      return {
        actor,
        op,
        path: pathFor(op, COLLECTIONS.priceLists, PRICE_LIST.a, actor),
        expect: allowed ? 'allow' : 'deny',
        why: allowed
          ? 'managers read the price lists'
          : op === 'get' || op === 'list'
            ? 'a buyer never reads a list (which companies it names)'
            : 'only the functions write price lists',
        ...(op === 'create' || op === 'update' ? { data: LIST } : {}),
      };
    }),
  ),
  // Company A's copies.
  ...ALL_ACTORS.flatMap((actor) =>
    OPERATIONS.map((op): RuleCase => {
      const reads = op === 'get' || op === 'list';
      const allowed = reads && READS_A.includes(actor);
      return {
        actor,
        op,
        path: pathFor(op, paths.companyPriceLists(COMPANY.A), PRICE_LIST.a, actor),
        expect: allowed ? 'allow' : 'deny',
        why: allowed
          ? actor === 'manager'
            ? 'managers read every company'
            : "a member reads the company's prices"
          : reads
            ? "not an approved member of company A: another company's prices"
            : 'only the functions write price lists',
        ...(op === 'create' || op === 'update' ? { data: COPY } : {}),
      };
    }),
  ),
  // Company B's members read their own copies, and A's members not B's.
  ...(['another', 'memberB'] as const).map((actor): RuleCase => ({
    actor,
    op: 'list',
    path: paths.companyPriceLists(COMPANY.B),
    expect: 'allow',
    why: "own company's prices",
  })),
  ...(['retailer', 'buyerA', 'viewerA'] as const).flatMap((actor): RuleCase[] => [
    {
      actor,
      op: 'get',
      path: paths.companyPriceList(COMPANY.B, PRICE_LIST.b),
      expect: 'deny',
      why: "another company's prices",
    },
    {
      actor,
      op: 'list',
      path: paths.companyPriceLists(COMPANY.B),
      expect: 'deny',
      why: "another company's prices",
    },
    {
      actor,
      op: 'create',
      path: paths.companyPriceList(COMPANY.A, `forged-${actor}`),
      data: COPY,
      expect: 'deny',
      why: 'own company: only the functions write price lists',
    },
  ]),
];
