import type * as FirebaseAuth from 'firebase/auth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApplicationForm } from '@portal/domain';
import { auth } from '@/lib/firebase';
import { fakeDb } from '@/testing/fake-firestore-lite';
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
  };
});
const callables = vi.hoisted(() => ({ callSubmitApplication: vi.fn() }));
vi.mock('@/lib/callables', () => callables);

vi.mock('firebase/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof FirebaseAuth>()),
  createUserWithEmailAndPassword: sdk.createUserWithEmailAndPassword,
  updateProfile: sdk.updateProfile,
  signOut: sdk.signOut,
  deleteUser: sdk.deleteUser,
}));

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
  callables.callSubmitApplication.mockReset().mockImplementation(async () => {
    sdk.calls.push('submitApplication');
    return { accepted: true };
  });
});

describe('submitApplication', () => {
  it('creates the user, names it, has submitApplication write the pending profile, then signs out', async () => {
    await submitApplication(form);
    expect(sdk.calls).toEqual(['createUser', 'updateProfile', 'submitApplication', 'signOut']);
    expect(sdk.createUserWithEmailAndPassword).toHaveBeenCalledWith(
      auth,
      'ada@cloudnine.test',
      'secret12',
    );
    expect(sdk.updateProfile).toHaveBeenCalledWith(sdk.user, { displayName: 'Ada Lovelace' });
    // Trimmed; no address or password (the signed-in account is the applicant).
    expect(callables.callSubmitApplication).toHaveBeenCalledWith({
      fullName: 'Ada Lovelace',
      storeName: 'Cloud Nine Smoke',
      sellerPermitId: 'SP-123456',
      businessType: 'retailer',
    });
    // Browsers write no profile (the rules refuse it).
    expect(fakeDb.calls).toEqual([]);
  });

  it('reports a refused account without touching the profile', async () => {
    const refused = Object.assign(new Error('taken'), { code: 'auth/email-already-in-use' });
    sdk.createUserWithEmailAndPassword.mockRejectedValueOnce(refused);
    const error = await submitApplication(form).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AccountCreationError);
    expect((error as AccountCreationError).cause).toBe(refused);
    expect(callables.callSubmitApplication).not.toHaveBeenCalled();
  });

  it('deletes the new account and signs out when the profile cannot be saved (or the limit is reached)', async () => {
    const refused = Object.assign(new Error('Too many requests. Try again later.'), {
      code: 'functions/resource-exhausted',
    });
    callables.callSubmitApplication.mockImplementationOnce(async () => {
      sdk.calls.push('submitApplication');
      throw refused;
    });
    const error = await submitApplication(form).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProfileSaveError);
    expect((error as ProfileSaveError).cause).toBe(refused);
    expect(sdk.calls).toEqual([
      'createUser',
      'updateProfile',
      'submitApplication',
      'deleteUser',
      'signOut',
    ]);
  });
});
