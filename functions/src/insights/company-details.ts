import {
  AggregateField,
  type DocumentData,
  type Firestore,
  type Query,
} from 'firebase-admin/firestore';
import {
  CLAIM_REMEDIES,
  COLLECTIONS,
  OPEN_CLAIM_STATUSES,
  isBuyerRole,
  locationSchema,
  membershipOf,
  PAID_ORDER_STATUSES,
  parseOrderRow,
  paths,
  type ClaimRemedy,
  type CompanyClaimFigures,
  type CompanyDetailsResponse,
  type CompanyLocationDetails,
  type CompanyMemberDetails,
  type CompanyOrderRow,
  type StoreHistoryEntry,
} from '@portal/domain';
import type { Context } from '../lib/context';
import { NotFoundError } from '../lib/errors';
import { log } from '../lib/log';
import { authUsersOf, companyRowOf, isoOf } from './search';
import { companySearchFields } from './search-fields';
import { reviewHistory, STORE_ORDERS_SHOWN } from './store-details';

/**
 * getCompanyDetails({ companyId }): one company's page for managers: the company, its members
 * and locations, what it ordered (in all and per location: counts and revenue net of refunds,
 * summed on the server), its 50 newest orders, its claims (open, settled, the credits they gave,
 * replacements, the store credit left) and its history (applied, the applicant's address
 * verified, the reviews). docs/manager-insight.md, "The company page".
 */

export const NO_SUCH_COMPANY = 'No company with this id.';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

type Deps = Pick<Context, 'db' | 'auth'>;

/** How many orders a query finds, and their revenue net of refunds over the paid ones. */
async function figuresOf(orders: Query): Promise<{ count: number; revenue: number }> {
  const paid = orders.where('status', 'in', [...PAID_ORDER_STATUSES]);
  const [count, revenue, refunded] = await Promise.all([
    orders.count().get(),
    paid.aggregate({ total: AggregateField.sum('amount') }).get(),
    paid.aggregate({ total: AggregateField.sum('refunded_amount') }).get(),
  ]);
  return {
    count: count.data().count,
    revenue: (revenue.data().total ?? 0) - (refunded.data().total ?? 0),
  };
}

/**
 * The company's claims (claims where company_id ==): open, settled per remedy with the cents it
 * gave back, rejected, and its store credit now. Aggregations (count, sum of settlement.amount),
 * so a company's claims are never read one by one; equality filters only, which Firestore serves
 * by merging its single-field indexes.
 */
async function claimFiguresOf(db: Firestore, companyId: string): Promise<CompanyClaimFigures> {
  const claims = db.collection(COLLECTIONS.claims).where('company_id', '==', companyId);
  const [open, rejected, balance, ...settled] = await Promise.all([
    claims
      .where('status', 'in', [...OPEN_CLAIM_STATUSES])
      .count()
      .get(),
    claims.where('status', '==', 'rejected').count().get(),
    db.doc(paths.storeCredit(companyId)).get(),
    ...CLAIM_REMEDIES.map((remedy) =>
      claims
        .where('status', '==', 'settled')
        .where('settlement.remedy', '==', remedy)
        .aggregate({
          count: AggregateField.count(),
          amount: AggregateField.sum('settlement.amount'),
        })
        .get(),
    ),
  ]);
  const byRemedy = new Map(
    CLAIM_REMEDIES.map((remedy, index) => {
      const data = settled[index]!.data();
      return [remedy, { count: data.count, amount: data.amount ?? 0 }];
    }),
  );
  const of = (remedy: ClaimRemedy) => byRemedy.get(remedy)!;
  const storeCredit: unknown = balance.get('balance');
  return {
    open: open.data().count,
    settled: [...byRemedy.values()].reduce((sum, { count }) => sum + count, 0),
    rejected: rejected.data().count,
    refunds: of('refund').amount,
    creditNotes: of('credit_note').amount,
    storeCredit: of('store_credit').amount,
    replacements: of('replacement').count,
    storeCreditBalance: typeof storeCredit === 'number' ? storeCredit : 0,
  };
}

/**
 * The company's id as asked, or, when no company has it, the company of the member whose uid it
 * is: the Overview's top stores are kept per buyer, and a member's uid named a store before
 * companies.
 */
async function companyOf(db: Deps['db'], companyId: string) {
  const asked = await db.doc(paths.company(companyId)).get();
  if (asked.exists) return asked;
  const membership = membershipOf((await db.doc(paths.profile(companyId)).get()).data());
  return membership ? db.doc(paths.company(membership.companyId)).get() : asked;
}

/** A location's address on one line: "500 Market St, Suite 2, San Francisco, CA 94105". */
function addressOf(location: DocumentData): { address: string; phone: string } {
  const parsed = locationSchema.safeParse(location);
  if (!parsed.success) return { address: '', phone: '' };
  const { address, phone } = parsed.data.ship_to;
  const lines = [
    address.line1,
    address.line2,
    `${address.city}, ${address.state} ${address.postal_code}`,
  ];
  return { address: lines.filter(Boolean).join(', '), phone };
}

export async function companyDetails(
  deps: Deps,
  companyId: string,
): Promise<CompanyDetailsResponse> {
  const { db } = deps;
  const snapshot = await companyOf(db, companyId);
  const data = snapshot.data();
  if (!data || !isBuyerRole(data.business_type)) throw new NotFoundError(NO_SUCH_COMPANY);
  const id = snapshot.id;
  const applicantUid = text(data.created_by);

  const orders = db.collection(COLLECTIONS.orders).where('company_id', '==', id);
  const [profiles, locationDocs, applicantProfile, newest, overall, audit, claims] =
    await Promise.all([
      db.collection(COLLECTIONS.profiles).where('company_id', '==', id).get(),
      db.collection(paths.locations(id)).get(),
      applicantUid ? db.doc(paths.profile(applicantUid)).get() : null,
      orders.orderBy('created_at', 'desc').limit(STORE_ORDERS_SHOWN).get(),
      figuresOf(orders),
      db.collection(COLLECTIONS.auditLog).where('target', '==', id).get(),
      claimFiguresOf(db, id),
    ]);
  const perLocation = await Promise.all(
    locationDocs.docs.map((doc) => figuresOf(orders.where('location_id', '==', doc.id))),
  );

  const memberships = profiles.docs.flatMap((doc) => {
    const membership = membershipOf(doc.data());
    return membership?.companyId === id ? [{ doc, membership }] : [];
  });
  const users = await authUsersOf(deps, [
    ...memberships.map(({ doc }) => doc.id),
    ...(applicantUid ? [applicantUid] : []),
  ]);
  const emailOf = (uid: string) => users.get(uid)?.email?.toLowerCase() ?? null;

  const members: CompanyMemberDetails[] = memberships
    .map(({ doc, membership }) => ({
      uid: doc.id,
      fullName: text(doc.get('full_name')),
      email: users.get(doc.id)?.email ?? '',
      role: membership.role,
      locationIds: membership.locationIds,
      emailVerified: users.get(doc.id)?.emailVerified ?? doc.get('email_verified') === true,
    }))
    .sort(
      (a, b) =>
        Number(b.role === 'owner') - Number(a.role === 'owner') ||
        a.fullName.localeCompare(b.fullName) ||
        a.uid.localeCompare(b.uid),
    );

  const locations: CompanyLocationDetails[] = locationDocs.docs
    .map((doc, index) => ({
      id: doc.id,
      name: text(doc.get('name')),
      ...addressOf(doc.data()),
      archived: doc.get('archived') === true,
      orderCount: perLocation[index]!.count,
      revenue: perLocation[index]!.revenue,
    }))
    .sort((a, b) => Number(a.archived) - Number(b.archived) || a.name.localeCompare(b.name));

  // The row's figures as they are now (the stored ones may lag a trigger behind).
  const live = companySearchFields(
    data,
    memberships.map(({ doc, membership }) => ({
      uid: doc.id,
      role: membership.role,
      email: emailOf(doc.id),
    })),
    locationDocs.docs.map((doc) => ({ id: doc.id, data: doc.data() })),
  );
  const row = companyRowOf(
    id,
    {
      ...data,
      member_count: live.member_count,
      location_count: live.location_count,
      cities: live.cities,
      owner_uid: live.owner_uid,
    },
    applicantUid ? users.get(applicantUid) : undefined,
  );

  const history: StoreHistoryEntry[] = [];
  const applied = isoOf(data.created_at);
  if (applied) history.push({ at: applied, event: 'Applied' });
  const verifiedAt = isoOf(applicantProfile?.get('email_verified_at'));
  if (verifiedAt) history.push({ at: verifiedAt, event: 'Email verified' });
  history.push(...(await reviewHistory(deps, audit.docs)));
  history.sort((a, b) => a.at.localeCompare(b.at));

  const orderRows: CompanyOrderRow[] = newest.docs.flatMap((doc) => {
    const parsed = parseOrderRow(doc.id, doc.data());
    if (!parsed.success) {
      log.error('order_row_unreadable', { orderId: doc.id, problem: parsed.problem });
      return [];
    }
    const order = parsed.row;
    return [
      {
        ...order,
        // Orders the search trigger has not reached yet: their buyer is a member here.
        email: order.email ?? emailOf(order.userId),
        role: order.role ?? row.businessType,
        locationId: text(doc.get('location_id')) || null,
        locationName: text(doc.get('location_name')),
        placedByName: text(doc.get('placed_by_name')),
      },
    ];
  });

  return {
    company: { ...row, applicantUid },
    members,
    locations,
    history,
    orders: orderRows,
    orderCount: overall.count,
    lifetimeRevenue: overall.revenue,
    lastOrderAt: orderRows[0]?.createdAt ?? null,
    claims,
  };
}
