import {
  createUserWithEmailAndPassword,
  deleteUser,
  signOut,
  updateProfile,
  type User,
} from 'firebase/auth';
import type { ApplicationForm } from '@portal/domain';
import { callSubmitApplication } from '@/lib/callables';
import { auth } from '@/lib/firebase';
import { noteSignOutAsked } from '@/lib/session-end';

/** The auth account could not be created (email taken, weak password, network...). */
export class AccountCreationError extends Error {
  constructor(cause: unknown) {
    super('The account could not be created', { cause });
    this.name = 'AccountCreationError';
  }
}

/** The account was created but its profile could not be saved. */
export class ProfileSaveError extends Error {
  constructor(cause: unknown) {
    super('The profile could not be saved', { cause });
    this.name = 'ProfileSaveError';
  }
}

async function saveProfile(user: User, form: ApplicationForm): Promise<void> {
  const fullName = form.fullName.trim();
  await updateProfile(user, { displayName: fullName });
  // The submitApplication function writes the pending profile (browsers cannot create one): it
  // limits applications per IP and per address and sends the first mail.
  await callSubmitApplication({
    fullName,
    storeName: form.storeName.trim(),
    sellerPermitId: form.sellerPermitId.trim(),
    businessType: form.businessType,
  });
}

/**
 * The sign-up flow (docs/product.md#152-sign-up-flow): create the auth user, name it, have the
 * submitApplication function write its profile as pending, then sign it out: a pending applicant must not stay signed in. When the profile
 * cannot be saved the new account is deleted again (best effort), so the applicant can retry
 * with the same email instead of being stuck with an account that has no profile.
 */
export async function submitApplication(form: ApplicationForm): Promise<void> {
  let user: User;
  try {
    user = (await createUserWithEmailAndPassword(auth, form.email.trim(), form.password)).user;
  } catch (error) {
    throw new AccountCreationError(error);
  }
  try {
    await saveProfile(user, form);
  } catch (error) {
    noteSignOutAsked();
    await deleteUser(user).catch(() => undefined);
    await signOut(auth).catch(() => undefined);
    throw new ProfileSaveError(error);
  }
  // On purpose: no "session expired" later in this tab.
  noteSignOutAsked();
  await signOut(auth).catch(() => undefined);
}
