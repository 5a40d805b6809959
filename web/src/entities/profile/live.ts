import { COLLECTIONS } from '@portal/domain';
import { useState } from 'react';
import { parseDocuments } from '../firestore';
import { useLiveListener } from '../live-listener';
import { parseProfile, type ProfileRecord } from './documents';

/**
 * The accounts waiting for review, live (docs/live-updates.md): the managers' badge of new
 * applicants counts them as they apply and as they are reviewed. Undefined until the listener's
 * first snapshot (the dashboard shows the count it read meanwhile), and when `enabled` is false.
 */
export function useLivePendingProfiles(enabled = true): ProfileRecord[] | undefined {
  const [pending, setPending] = useState<ProfileRecord[] | undefined>(undefined);
  useLiveListener(enabled ? 'pending-profiles' : null, ({ sdk, db }) =>
    sdk.onSnapshot(
      sdk.query(sdk.collection(db, COLLECTIONS.profiles), sdk.where('status', '==', 'pending')),
      (snapshot) => {
        // Only what the server says: the SDK's cache (offline) is not the list of applicants.
        if (!snapshot.metadata.fromCache) {
          setPending(parseDocuments(snapshot.docs, parseProfile, 'skip'));
        }
      },
      () => undefined,
    ),
  );
  return enabled ? pending : undefined;
}
