// Everything the sign-in and application forms need from Firebase, loaded lazily as one chunk
// (load-auth-api.ts).
export { signIn } from './sign-in';
export { getAccountAccess, ProfileUnreadableError } from './get-account-access';
export { resendVerificationEmail } from './resend-verification';
export { requestPasswordReset } from './request-password-reset';
export { AccountCreationError, ProfileSaveError, submitApplication } from './sign-up';
export { readClaims, signOutUser } from '@/lib/session';
