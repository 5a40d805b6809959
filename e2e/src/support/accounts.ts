/**
 * Fresh accounts for journeys that must not share data with others: created through the Auth
 * emulator's and the Firestore emulator's admin REST endpoints (`Bearer owner`), exactly as an
 * application and setProfileStatus leave an approved buyer: a one-member company whose id is the
 * buyer's uid (docs/companies.md), custom claims { role, status, company, company_role } and the
 * profile as the company's owner.
 */
import { randomBytes } from 'node:crypto';
import type { StackInfo } from './provided';
import { DEMO_PASSWORD } from './ui';

export type BuyerRole = 'retailer' | 'wholesaler';

export interface TestBuyer {
  uid: string;
  email: string;
  password: string;
  fullName: string;
  storeName: string;
  sellerPermitId: string;
  role: BuyerRole;
}

/** A short unique tag for names and emails made by this run. */
export function uniqueTag(): string {
  return randomBytes(3).toString('hex');
}

async function call(url: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: url.includes('/documents/') ? 'PATCH' : 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/**
 * A fresh applicant as /apply leaves one: an Auth user without claims whose address is not
 * verified, and a pending profile (written through the emulator's admin endpoint; no mail is
 * queued: the journeys that need the application mail apply through /apply itself).
 */
export async function createApplicant(stack: StackInfo, label: string): Promise<TestBuyer> {
  return createBuyer(stack, 'retailer', label, 'pending');
}

export async function createApprovedBuyer(
  stack: StackInfo,
  role: BuyerRole,
  label: string,
): Promise<TestBuyer> {
  return createBuyer(stack, role, label, 'approved');
}

async function createBuyer(
  stack: StackInfo,
  role: BuyerRole,
  label: string,
  status: 'pending' | 'approved',
): Promise<TestBuyer> {
  const tag = uniqueTag();
  const buyer: TestBuyer = {
    uid: '',
    email: `${label}-${tag}@e2e.test`,
    password: DEMO_PASSWORD,
    fullName: `E2E ${label} ${tag}`,
    storeName: `E2E ${label} Shop ${tag}`,
    sellerPermitId: `SR-E2E-${tag.toUpperCase()}`,
    role,
  };
  const identity = `${stack.urls.auth}/identitytoolkit.googleapis.com/v1`;
  const created = await call(`${identity}/accounts:signUp?key=e2e`, {
    email: buyer.email,
    password: buyer.password,
    displayName: buyer.fullName,
  });
  buyer.uid = String(created.localId);
  if (status === 'approved') {
    await call(`${identity}/projects/${stack.projectId}/accounts:update`, {
      localId: buyer.uid,
      customAttributes: JSON.stringify({
        role,
        status: 'approved',
        company: buyer.uid,
        company_role: 'owner',
      }),
    });
  }
  const now = new Date().toISOString();
  const documents = `${stack.urls.firestore}/v1/projects/${stack.projectId}/databases/(default)/documents`;
  const reviewed =
    status === 'approved'
      ? { reviewed_at: { timestampValue: now }, reviewed_by: { stringValue: 'demo-manager' } }
      : {};
  await call(`${documents}/companies/${buyer.uid}`, {
    fields: {
      name: { stringValue: buyer.storeName },
      business_type: { stringValue: role },
      seller_permit_id: { stringValue: buyer.sellerPermitId },
      status: { stringValue: status },
      created_by: { stringValue: buyer.uid },
      created_at: { timestampValue: now },
      review_round: { integerValue: '0' },
      ...reviewed,
    },
  });
  await call(`${documents}/profiles/${buyer.uid}`, {
    fields: {
      company_id: { stringValue: buyer.uid },
      company_role: { stringValue: 'owner' },
      location_ids: { arrayValue: {} },
      user_id: { stringValue: buyer.uid },
      full_name: { stringValue: buyer.fullName },
      store_name: { stringValue: buyer.storeName },
      seller_permit_id: { stringValue: buyer.sellerPermitId },
      role: { stringValue: role },
      status: { stringValue: status },
      created_at: { timestampValue: now },
      ...reviewed,
    },
  });
  return buyer;
}
