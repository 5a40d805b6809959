import type { ProfileStatus, Role } from '@portal/domain';

/** The demo accounts in emulator-data/ (all with password demo1234). One list for docs, seed and tests. */
export interface DemoAccount {
  uid: string;
  email: string;
  fullName: string;
  storeName: string;
  sellerPermitId: string;
  role: Role;
  status: ProfileStatus;
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
