import { isBuyerRole, type CompanyRole, type ProfileStatus, type Role } from '@portal/domain';

/** The demo accounts in emulator-data/ (all with password demo1234). One list for docs, seed and tests. */
export interface DemoAccount {
  uid: string;
  email: string;
  fullName: string;
  /** The company's name (a buyer's store) or the manager's label. */
  storeName: string;
  sellerPermitId: string;
  /** The company's business type (a member's platform role), or manager. */
  role: Role;
  status: ProfileStatus;
  /**
   * A member of another account's company (docs/companies.md): that account's uid (the company
   * id) and the role in it. A buyer without one owns a company of their own, whose id is their uid.
   */
  memberOf?: { companyId: string; role: Exclude<CompanyRole, 'owner'> };
}

/** A demo buyer's company and role in it; null for the manager. */
export function demoMembership(
  account: DemoAccount,
): { companyId: string; role: CompanyRole } | null {
  if (!isBuyerRole(account.role)) return null;
  return account.memberOf ?? { companyId: account.uid, role: 'owner' };
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    uid: 'demo-manager',
    email: 'manager@demo.test',
    fullName: 'Maya Chen',
    storeName: 'Electric Slush HQ',
    sellerPermitId: 'HQ-000-001',
    role: 'manager',
    status: 'approved',
  },
  {
    uid: 'demo-retailer',
    email: 'retailer@demo.test',
    fullName: 'Rico Alvarez',
    storeName: 'Cloud Nine Smoke Shop',
    sellerPermitId: 'SR-EAA-102938',
    role: 'retailer',
    status: 'approved',
  },
  {
    uid: 'demo-buyer',
    email: 'buyer@demo.test',
    fullName: 'Bianca Ortiz',
    storeName: 'Cloud Nine Smoke Shop',
    sellerPermitId: 'SR-EAA-102938',
    role: 'retailer',
    status: 'approved',
    memberOf: { companyId: 'demo-retailer', role: 'buyer' },
  },
  {
    uid: 'demo-viewer',
    email: 'books@demo.test',
    fullName: 'Victor Lee',
    storeName: 'Cloud Nine Smoke Shop',
    sellerPermitId: 'SR-EAA-102938',
    role: 'retailer',
    status: 'approved',
    memberOf: { companyId: 'demo-retailer', role: 'viewer' },
  },
  {
    uid: 'demo-wholesaler',
    email: 'wholesaler@demo.test',
    fullName: 'Wendy Park',
    storeName: 'Pacific Coast Distributors',
    sellerPermitId: 'SR-FHB-556677',
    role: 'wholesaler',
    status: 'approved',
  },
  {
    uid: 'demo-pending',
    email: 'pending@demo.test',
    fullName: 'Pete Nguyen',
    storeName: 'Haze Corner Shop',
    sellerPermitId: 'SR-KLM-334455',
    role: 'retailer',
    status: 'pending',
  },
  {
    uid: 'demo-rejected',
    email: 'rejected@demo.test',
    fullName: 'Rae Thompson',
    storeName: 'Discount Vapor Outlet',
    sellerPermitId: 'SR-XYZ-000111',
    role: 'wholesaler',
    status: 'rejected',
  },
];
