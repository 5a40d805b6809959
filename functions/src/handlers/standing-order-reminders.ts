import { createContext } from '../lib/context';
import { sendStandingOrderReminders } from '../standing-orders/reminders';

/**
 * The standing order reminder sweep (standing-orders/reminders.ts): every hour in production, so
 * each reminder goes out about 3 days before its charge; the tests call it directly.
 */
export async function sendStandingOrderRemindersHandler(): Promise<void> {
  await sendStandingOrderReminders(createContext());
}
