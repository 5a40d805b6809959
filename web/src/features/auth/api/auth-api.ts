// Everything the sign-in and application forms need from Firebase, loaded lazily as one chunk
// (load-auth-api.ts).
import { noteAlreadyPainted } from '@/lib/first-paint';

export { signIn } from './sign-in';
export { getAccountAccess, ProfileUnreadableError } from './get-account-access';
export { resendVerificationEmail } from './resend-verification';
export { requestPasswordReset } from './request-password-reset';
export { acceptInvitation, currentAccount } from './invitations';
export { AccountCreationError, ProfileSaveError, submitApplication } from './sign-up';
export { readClaims, signOutUser } from '@/lib/session';

// A form is being used, so its page has long been painted: Firebase Auth need not wait for the
// first paint of a signed-in page (lib/first-paint.ts) before it starts.
noteAlreadyPainted();
