import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import {
  isBuyerRole,
  paths,
  type BuyerRole,
  type CompanyRole,
  type ProfileStatus,
  type Role,
} from '@portal/domain';

/**
 * A buyer as the portal now keeps one (docs/companies.md): a one-member company whose id is the
 * buyer's uid, and the buyer's profile as its owner, carrying the company's copies. Managers get
 * a profile only.
 */
export interface BuyerFixture {
  role: Role;
  status: ProfileStatus;
  fullName?: string;
  storeName?: string;
  sellerPermitId?: string;
  /** Extra profile fields (ship_to, email_verified, ...). */
  profile?: Record<string, unknown>;
}

export function buyerDocuments(uid: string, fixture: BuyerFixture) {
  const { role, status } = fixture;
  const storeName = fixture.storeName ?? `Store ${uid}`;
  const sellerPermitId = fixture.sellerPermitId ?? 'SR-TEST-1';
  const createdAt = Timestamp.now();
  const buyer = isBuyerRole(role);
  return {
    company: buyer
      ? {
          name: storeName,
          business_type: role,
          seller_permit_id: sellerPermitId,
          status,
          created_by: uid,
          created_at: createdAt,
          review_round: 0,
        }
      : null,
    profile: {
      user_id: uid,
      full_name: fixture.fullName ?? `Name ${uid}`,
      store_name: storeName,
      seller_permit_id: sellerPermitId,
      role,
      status,
      created_at: createdAt,
      ...(buyer ? { company_id: uid, company_role: 'owner', location_ids: [] } : {}),
      ...fixture.profile,
    },
  };
}

/** Writes the buyer's company and profile (a manager's profile only). */
export async function writeBuyer(db: Firestore, uid: string, fixture: BuyerFixture) {
  const { company, profile } = buyerDocuments(uid, fixture);
  const batch = db.batch();
  if (company) batch.set(db.doc(paths.company(uid)), company);
  batch.set(db.doc(paths.profile(uid)), profile);
  await batch.commit();
}

/** The claims the functions give such a buyer (a manager: role and status only). */
export function buyerClaims(uid: string, role: Role, status: ProfileStatus) {
  return isBuyerRole(role)
    ? { role, status, company: uid, company_role: 'owner' }
    : { role, status };
}

/** Another member of an existing company: their role in it and, for a buyer, their locations. */
export interface MemberFixture {
  companyId: string;
  companyRole: CompanyRole;
  locationIds?: string[];
  fullName?: string;
}

/**
 * Writes a member's profile as joining a company leaves it: the company's copies (name, business
 * type, permit, status) and the membership. Returns the claims the functions give such a member.
 */
export async function writeMember(db: Firestore, uid: string, fixture: MemberFixture) {
  const company = (await db.doc(paths.company(fixture.companyId)).get()).data();
  if (!company) throw new Error(`No company ${fixture.companyId} to join`);
  const role = company.business_type as BuyerRole;
  const status = company.status as ProfileStatus;
  await db.doc(paths.profile(uid)).set({
    user_id: uid,
    full_name: fixture.fullName ?? `Name ${uid}`,
    store_name: company.name as string,
    seller_permit_id: company.seller_permit_id as string,
    role,
    status,
    created_at: Timestamp.now(),
    company_id: fixture.companyId,
    company_role: fixture.companyRole,
    location_ids: fixture.locationIds ?? [],
  });
  return { role, status, company: fixture.companyId, company_role: fixture.companyRole };
}

/**
 * A ship-to location as saveLocation stores it, for writing straight to Firestore. In Oregon (no
 * sales tax) unless `state` says otherwise: the tax tests choose their states.
 */
export function locationDocument(
  name: string,
  options: { archived?: boolean; state?: 'OR' | 'CA' | 'NV' } = {},
) {
  const address = {
    OR: { line1: '1 Harbor Way', city: 'Portland', state: 'OR', postal_code: '97209' },
    CA: { line1: '1 Harbor Way', city: 'Oakland', state: 'CA', postal_code: '94607' },
    NV: { line1: '200 S Virginia St', city: 'Reno', state: 'NV', postal_code: '89501' },
  }[options.state ?? 'OR'];
  return {
    name,
    ship_to: {
      name: `Receiving at ${name}`,
      phone: '5035550100',
      address: { ...address, line2: '', country: 'US' },
    },
    delivery_notes: '',
    archived: options.archived ?? false,
    created_at: Timestamp.now(),
    updated_at: Timestamp.now(),
  };
}

/** Writes a location of the company under a generated id; returns the id. */
export async function writeLocation(
  db: Firestore,
  companyId: string,
  name: string,
  options: { archived?: boolean; state?: 'OR' | 'CA' | 'NV' } = {},
): Promise<string> {
  const ref = db.collection(paths.locations(companyId)).doc();
  await ref.set(locationDocument(name, options));
  return ref.id;
}
