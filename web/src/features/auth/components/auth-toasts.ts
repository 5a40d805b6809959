import { brand } from '@/config/brand';
import { CATCH_ALL, INVALID_CREDENTIALS } from '../lib/auth-errors';

/** docs/product.md#171-request-access, docs/product.md#172-portal-access, docs/product.md#173-admin-login: sign-up, login and admin login: [title, text]. */
export const AUTH_TOASTS = {
  applicationError: 'Application Error',
  applicationCatchAll: ['Application Error', CATCH_ALL],
  profileSaveError: ['Profile Error', 'There was an issue saving your profile information.'],
  applicationSubmitted: [
    'Application Submitted!',
    "We'll review your application and notify you when approved.",
  ],
  loginFailed: ['Login Failed', INVALID_CREDENTIALS],
  loginError: 'Login Error',
  loginCatchAll: ['Login Error', CATCH_ALL],
  profileUnreadable: ['Profile Error', 'Could not verify account status.'],
  accountPending: [
    'Account Pending',
    "Your account is still pending approval. We'll notify you when it's ready.",
  ],
  accountNotApproved: [
    'Account Not Approved',
    `Your application was not approved. Questions? Write to ${brand.supportEmail}.`,
  ],
  welcomeBack: 'Welcome back!',
  welcomeBackText: 'Taking you to your account in 3 seconds.',
  adminLoginFailed: 'Login Failed',
  accessDenied: ['Access Denied', "You don't have admin privileges"],
  adminWelcome: ['Welcome back!', 'Successfully logged in as admin'],
  unexpected: ['Error', 'An unexpected error occurred'],
} as const satisfies Record<string, string | readonly [string, string]>;

/** The login redirect delay (docs/product.md#19-constants-and-limits). */
export const LOGIN_REDIRECT_MS = 3000;
