import { COLLECTIONS, paths } from '@portal/domain';
import { ALL_ACTORS, COMPANY, type Actor } from '../support/actors';
import type { Operation, RuleCase } from '../support/matrix';

/**
 * company_credit/{companyId} (docs/payment-terms.md): a company's terms, credit limit, open
 * balance and overdue orders. Its approved members and the managers read it; nobody writes it
 * from a client, managers included (setCompanyTerms and the orders on terms do, on the server):
 * a buyer who could write it would give themselves credit.
 */

const OPERATIONS: Operation[] = ['get', 'list', 'create', 'update', 'delete'];
const FORGED = { net_days: 60, credit_limit: 100_000_000, open_balance: 0, overdue_orders: [] };

/** Who reads company A's credit account. */
const READS_A: readonly Actor[] = ['retailer', 'buyerA', 'viewerA', 'manager'];

export const companyCreditCases: RuleCase[] = [
  ...ALL_ACTORS.flatMap((actor) =>
    OPERATIONS.map((op): RuleCase => {
      const allowed =
        (op === 'get' && READS_A.includes(actor)) || (op === 'list' && actor === 'manager');
      return {
        actor,
        op,
        path: op === 'list' ? COLLECTIONS.companyCredit : paths.companyCredit(COMPANY.A),
        expect: allowed ? 'allow' : 'deny',
        why: allowed
          ? actor === 'manager'
            ? 'managers read every credit account'
            : "a member reads the company's terms and credit"
          : op === 'get'
            ? "not an approved member of company A: another company's credit"
            : op === 'list'
              ? 'only managers list the credit accounts'
              : 'only the functions write terms and balances',
        ...(op === 'create' || op === 'update' ? { data: FORGED } : {}),
      };
    }),
  ),
  // Company B's member reads B's, and A's members not B's.
  {
    actor: 'memberB',
    op: 'get',
    path: paths.companyCredit(COMPANY.B),
    expect: 'allow',
    why: 'own company',
  },
  ...(['retailer', 'buyerA', 'viewerA'] as const).map((actor): RuleCase => ({
    actor,
    op: 'get',
    path: paths.companyCredit(COMPANY.B),
    expect: 'deny',
    why: "another company's credit",
  })),
];
