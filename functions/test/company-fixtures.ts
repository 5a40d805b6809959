import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { isBuyerRole, paths, type ProfileStatus, type Role } from '@portal/domain';

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
