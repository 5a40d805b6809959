import { COLLECTIONS, paths } from '@portal/domain';
import { ALL_ACTORS, COMPANY, type Actor } from '../support/actors';
import type { Operation, RuleCase } from '../support/matrix';

/**
 * tax_certificates/{certificateId} (docs/tax.md): a company's resale certificates. Its approved
 * members read theirs (a list filtered on company_id), managers all (the review queue, by
 * status); nobody writes one from a client, managers included (the callables do): a buyer who
 * could write one would exempt their own orders from tax.
 *
 * stripe_customers/{companyId}/exempt_states/{state}: the company's tax-exempt Stripe Customer
 * per state, server only.
 */

const OPERATIONS: Operation[] = ['get', 'list', 'create', 'update', 'delete'];
const FORGED = {
  company_id: COMPANY.A,
  state: 'CA',
  number: 'FORGED-1',
  expires_on: null,
  file_path: 'tax-certificates/rules-retailer/forged/certificate',
  content_type: 'application/pdf',
  size: 1,
  status: 'approved',
};
const A_CERTIFICATE = paths.taxCertificate('certificate-a');
const B_CERTIFICATE = paths.taxCertificate('certificate-b');

/** Who reads company A's certificates: its approved members, and managers. */
const READS_A: readonly Actor[] = ['retailer', 'buyerA', 'viewerA', 'manager'];

const ofCompanyA = { where: [['company_id', '==', COMPANY.A]] as [string, '==', unknown][] };

export const taxCertificateCases: RuleCase[] = [
  ...ALL_ACTORS.flatMap((actor) =>
    OPERATIONS.map((op): RuleCase => {
      const allowed = (op === 'get' || op === 'list') && READS_A.includes(actor);
      return {
        actor,
        op,
        path:
          op === 'list'
            ? COLLECTIONS.taxCertificates
            : op === 'create'
              ? paths.taxCertificate(`new-${actor}`)
              : A_CERTIFICATE,
        ...(op === 'list' ? { query: ofCompanyA } : {}),
        expect: allowed ? 'allow' : 'deny',
        why: allowed
          ? actor === 'manager'
            ? 'managers read every certificate'
            : "a member reads the company's certificates"
          : op === 'get' || op === 'list'
            ? "not an approved member of company A: another company's certificates"
            : 'only the functions write certificates',
        ...(op === 'create' || op === 'update' ? { data: FORGED } : {}),
      };
    }),
  ),
  // The managers' review queue: every company's pending certificates, newest first.
  {
    actor: 'manager',
    op: 'list',
    path: COLLECTIONS.taxCertificates,
    query: { where: [['status', '==', 'pending']], orderBy: [['submitted_at', 'desc']] },
    expect: 'allow',
    why: 'the review queue',
  },
  // A member's page: the company's certificates, newest first.
  {
    actor: 'buyerA',
    op: 'list',
    path: COLLECTIONS.taxCertificates,
    query: { ...ofCompanyA, orderBy: [['submitted_at', 'desc']] },
    expect: 'allow',
    why: "the company's certificates, newest first",
  },
  // A list not fixed to the caller's company, or fixed to another's, is refused.
  ...(['retailer', 'buyerA', 'memberB'] as const).map((actor): RuleCase => ({
    actor,
    op: 'list',
    path: COLLECTIONS.taxCertificates,
    query: { where: [['status', '==', 'pending']] },
    expect: 'deny',
    why: "the review queue is the managers'",
  })),
  {
    actor: 'memberB',
    op: 'get',
    path: B_CERTIFICATE,
    expect: 'allow',
    why: 'own company',
  },
  {
    actor: 'memberB',
    op: 'list',
    path: COLLECTIONS.taxCertificates,
    query: { where: [['company_id', '==', COMPANY.B]] },
    expect: 'allow',
    why: 'own company',
  },
  ...(['retailer', 'buyerA', 'viewerA'] as const).map((actor): RuleCase => ({
    actor,
    op: 'get',
    path: B_CERTIFICATE,
    expect: 'deny',
    why: "another company's certificate",
  })),
  // A member approving their own company's pending certificate.
  {
    actor: 'another',
    op: 'update',
    path: B_CERTIFICATE,
    data: { status: 'approved' },
    expect: 'deny',
    why: 'only a manager approves, through reviewTaxCertificate',
  },
];

const EXEMPT = paths.exemptCustomer(COMPANY.A, 'CA');

/** stripe_customers/{companyId}/exempt_states/{state}: every client request denied. */
export const exemptStateCases: RuleCase[] = ALL_ACTORS.flatMap((actor) =>
  OPERATIONS.map((op): RuleCase => ({
    actor,
    op,
    path:
      op === 'list'
        ? `${paths.stripeCustomer(COMPANY.A)}/${COLLECTIONS.exemptCustomers}`
        : op === 'create'
          ? paths.exemptCustomer(COMPANY.A, 'NV')
          : EXEMPT,
    expect: 'deny',
    why: 'server only',
    ...(op === 'create' || op === 'update' ? { data: { customer_id: 'cus_hijack' } } : {}),
  })),
);
