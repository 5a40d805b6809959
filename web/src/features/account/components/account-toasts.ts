/** Toasts of the account page (docs/product.md#176-my-account) (title: text). */
export const ACCOUNT_TOASTS = {
  load: ['Error', 'Could not load account data.'],
  update: ['Error', 'Could not update profile.'],
  unexpected: ['Error', 'Something went wrong.'],
  updated: ['Success', 'Your profile has been successfully updated.'],
  renameTooSoon: ['Not Yet', 'You changed the store name a moment ago. Try again in a minute.'],
} as const;
