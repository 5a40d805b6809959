import { COLLECTIONS } from '@portal/domain';
import { addDoc, collection, serverTimestamp } from 'firebase/firestore/lite';
import { db } from '../firestore';

/**
 * Stores a newsletter signup: newsletter_signups/{auto id} { email, created_at }. The rules
 * allow create only, with exactly these fields and a server timestamp.
 *
 * This module pulls in the Firebase SDK, so the landing page must only load it with a dynamic
 * import when the visitor submits (features/landing/api/use-subscribe-newsletter.ts): the route
 * itself ships no Firebase code.
 */
export async function subscribeNewsletter(email: string): Promise<void> {
  await addDoc(collection(db, COLLECTIONS.newsletterSignups), {
    email,
    created_at: serverTimestamp(),
  });
}
