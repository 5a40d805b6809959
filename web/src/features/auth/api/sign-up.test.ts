import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApplicationForm } from '@portal/domain';
import { AccountCreationError, ProfileSaveError, submitApplication } from './sign-up';

const sdk = vi.hoisted(() => {
  const calls: string[] = [];
  const user = { uid: 'new-uid' };
  const track = <T>(name: string, result: T) =>
    vi.fn(async () => {
      calls.push(name);
      return result;
    });
  return {
    calls,
    user,
    createUserWithEmailAndPassword: track('createUser', { user }),
    updateProfile: track('updateProfile', undefined),
    signOut: track('signOut', undefined),
    deleteUser: track('deleteUser', undefined),
    setDoc: track('setDoc', undefined),
    doc: vi.fn((_db: unknown, path: string) => ({ path })),
    serverTimestamp: vi.fn(() => 'SERVER_TIMESTAMP'),
  };
});
vi.mock('firebase/auth', () => ({
  createUserWithEmailAndPassword: sdk.createUserWithEmailAndPassword,
  updateProfile: sdk.updateProfile,
  signOut: sdk.signOut,
  deleteUser: sdk.deleteUser,
}));
vi.mock('firebase/firestore/lite', () => ({
  doc: sdk.doc,
  setDoc: sdk.setDoc,
  serverTimestamp: sdk.serverTimestamp,
}));
vi.mock('@/lib/firebase', () => ({ auth: { name: 'auth' }, db: { name: 'db' } }));

const form: ApplicationForm = {
  fullName: ' Ada Lovelace ',
  storeName: 'Cloud Nine Smoke',
  email: 'ada@cloudnine.test',
  password: 'secret12',
  sellerPermitId: 'SP-123456',
  businessType: 'retailer',
};

beforeEach(() => {
  sdk.calls.length = 0;
  vi.clearAllMocks();
});

describe('submitApplication', () => {
  it('creates the user, names it, saves the pending profile the rules allow, then signs out', async () => {
    await submitApplication(form);
    expect(sdk.calls).toEqual(['createUser', 'updateProfile', 'setDoc', 'signOut']);
    expect(sdk.createUserWithEmailAndPassword).toHaveBeenCalledWith(
      { name: 'auth' },
      'ada@cloudnine.test',
      'secret12',
    );
    expect(sdk.updateProfile).toHaveBeenCalledWith(sdk.user, { displayName: 'Ada Lovelace' });
    expect(sdk.setDoc).toHaveBeenCalledWith(
      { path: 'profiles/new-uid' },
      {
        user_id: 'new-uid',
        full_name: 'Ada Lovelace',
        store_name: 'Cloud Nine Smoke',
        seller_permit_id: 'SP-123456',
        role: 'retailer',
        status: 'pending',
        created_at: 'SERVER_TIMESTAMP',
      },
    );
  });

  it('reports a refused account without touching the profile', async () => {
    const refused = Object.assign(new Error('taken'), { code: 'auth/email-already-in-use' });
    sdk.createUserWithEmailAndPassword.mockRejectedValueOnce(refused);
    const error = await submitApplication(form).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AccountCreationError);
    expect((error as AccountCreationError).cause).toBe(refused);
    expect(sdk.setDoc).not.toHaveBeenCalled();
  });

  it('deletes the new account and signs out when the profile cannot be saved', async () => {
    sdk.setDoc.mockRejectedValueOnce(new Error('permission-denied'));
    await expect(submitApplication(form)).rejects.toBeInstanceOf(ProfileSaveError);
    expect(sdk.calls).toEqual(['createUser', 'updateProfile', 'deleteUser', 'signOut']);
  });
});
