/**
 * The toasts of a standing order's actions, in the Standing orders tab's own chunk (My Account's
 * first load carries none of them). Failures show the server's reason.
 */
export const STANDING_ORDER_TOASTS = {
  skipped: ['Success', 'Next delivery skipped.'],
  unskipped: ['Success', 'Skip undone: the next delivery goes ahead.'],
  cancelled: ['Success', 'Standing order cancelled.'],
  products: ['Success', 'Products saved. They apply from the next delivery.'],
  schedule: ['Success', 'Schedule saved.'],
  paused: ['Success', 'Deliveries paused until'],
  resumed: ['Success', 'Resumed: the next delivery goes ahead.'],
} as const;
