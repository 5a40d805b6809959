import { defineInt } from 'firebase-functions/params';

/**
 * The most instances any one function may run at once. Ten handle far more checkouts and webhook
 * deliveries than a small wholesale business sees, and bound the cost of a spike or a retry
 * loop. Set FUNCTIONS_MAX_INSTANCES in functions/.env (or answer firebase deploy's prompt) to
 * change it.
 */
export const MAX_INSTANCES_DEFAULT = 10;

export const maxInstances = defineInt('FUNCTIONS_MAX_INSTANCES', {
  default: MAX_INSTANCES_DEFAULT,
  description: 'Most instances of each function at once',
});
