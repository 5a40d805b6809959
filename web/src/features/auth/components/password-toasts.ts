/**
 * The password pages' toasts (forgot password, the account action page): [title, text] or a title.
 * Apart from the sign-in toasts (auth-toasts.ts) so a page opened from a reset mail does not load
 * every sign-in message.
 */
export const PASSWORD_TOASTS = {
  resetRequestFailed: [
    'Request Failed',
    "We couldn't send the reset link. Please try again later.",
  ],
  passwordResetFailed: 'Password Not Changed',
} as const satisfies Record<string, string | readonly [string, string]>;
