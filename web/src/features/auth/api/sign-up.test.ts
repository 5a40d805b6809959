import type * as FirebaseAuth from 'firebase/auth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApplicationForm } from '@portal/domain';
import { auth } from '@/lib/firebase';
import { fakeDb, Timestamp } from '@/testing/fake-firestore-lite';
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
  // Firestore writes take their place among the auth calls.
  fakeDb.onCall((call) => sdk.calls.push(call.op));
});

describe('submitApplication', () => {
  it('creates the user, names it, saves the pending profile the rules allow, then signs out', async () => {
    await submitApplication(form);
    expect(sdk.calls).toEqual(['createUser', 'updateProfile', 'setDoc', 'signOut']);
    expect(sdk.createUserWithEmailAndPassword).toHaveBeenCalledWith(
      auth,
      'ada@cloudnine.test',
      'secret12',
    );
    expect(sdk.updateProfile).toHaveBeenCalledWith(sdk.user, { displayName: 'Ada Lovelace' });
    expect(fakeDb.calls.map((c) => [c.op, c.path, c.options])).toEqual([
      ['setDoc', 'profiles/new-uid', undefined],
    ]);
    const { created_at, ...saved } = fakeDb.get('profiles/new-uid') ?? {};
    expect(saved).toEqual({
      user_id: 'new-uid',
      full_name: 'Ada Lovelace',
      store_name: 'Cloud Nine Smoke',
      seller_permit_id: 'SP-123456',
      role: 'retailer',
      status: 'pending',
    });
    // The server's timestamp (serverTimestamp()), not the browser's clock.
    expect(created_at).toBeInstanceOf(Timestamp);
  });

  it('reports a refused account without touching the profile', async () => {
    const refused = Object.assign(new Error('taken'), { code: 'auth/email-already-in-use' });
    sdk.createUserWithEmailAndPassword.mockRejectedValueOnce(refused);
    const error = await submitApplication(form).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AccountCreationError);
    expect((error as AccountCreationError).cause).toBe(refused);
    expect(fakeDb.calls).toEqual([]);
  });

  it('deletes the new account and signs out when the profile cannot be saved', async () => {
    fakeDb.fail('setDoc', 'profiles/new-uid');
    await expect(submitApplication(form)).rejects.toBeInstanceOf(ProfileSaveError);
    expect(sdk.calls).toEqual(['createUser', 'updateProfile', 'setDoc', 'deleteUser', 'signOut']);
    expect(fakeDb.has('profiles/new-uid')).toBe(false);
  });
});
