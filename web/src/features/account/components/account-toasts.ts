/** Toasts of the account page (docs/product.md §17.6) (title: text). */
export const ACCOUNT_TOASTS = {
  load: ['Error', 'Could not load account data.'],
  update: ['Error', 'Could not update profile.'],
  unexpected: ['Error', 'Something went wrong.'],
  updated: ['Success', 'Your profile has been successfully updated.'],
} as const;
