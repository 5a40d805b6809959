/** Toasts of the account page (docs/product.md#176-my-account) (title: text). */
export const ACCOUNT_TOASTS = {
  load: ['Error', 'Could not load account data.'],
  update: ['Error', 'Could not update profile.'],
  unexpected: ['Error', 'Something went wrong.'],
  updated: ['Success', 'Your profile has been successfully updated.'],
  renameTooSoon: ['Not Yet', 'You changed the store name a moment ago. Try again in a minute.'],
} as const;

/** Success toasts of the standing orders' actions (title: text); failures show the server's reason. */
export const STANDING_ORDER_TOASTS = {
  skipped: ['Success', 'Next delivery skipped.'],
  unskipped: ['Success', 'Skip undone: the next delivery goes ahead.'],
  cancelled: ['Success', 'Standing order cancelled.'],
  products: ['Success', 'Products saved. They apply from the next delivery.'],
  schedule: ['Success', 'Schedule saved.'],
  paused: ['Success', 'Deliveries paused until'],
  resumed: ['Success', 'Resumed: the next delivery goes ahead.'],
} as const;
