import { useCallback, useSyncExternalStore } from 'react';
import { memberCoversLocation, type CompanyRole } from '@portal/domain';
import type { LocationRecord } from './documents';
import { readOrderingChoice, saveOrderingChoice, subscribeOrderingChoice } from './ordering-choice';
import { useLocations } from './queries';

/**
 * The location a member orders for (the cart's "Ship to"): one of their company's active
 * locations that they cover (owners all, buyers their assigned ones). The choice is kept on this
 * device per member (ordering-choice.ts); the first such location is the default, as on the
 * server. The server checks it again at checkout.
 */
export function useOrderingLocation(member: {
  uid: string;
  companyId: string;
  companyRole: CompanyRole;
  locationIds: readonly string[];
}) {
  const locations = useLocations(member.companyId || undefined);
  const chosen = useSyncExternalStore(subscribeOrderingChoice, () =>
    readOrderingChoice(member.uid),
  );
  const usable: LocationRecord[] = (locations.data ?? []).filter(
    (location) =>
      !location.archived &&
      memberCoversLocation(
        { role: member.companyRole, locationIds: member.locationIds },
        location.id,
      ),
  );
  const current = usable.find((location) => location.id === chosen) ?? usable[0] ?? null;
  const choose = useCallback(
    (locationId: string) => saveOrderingChoice(member.uid, locationId),
    [member.uid],
  );
  return { locations, usable, current, choose };
}
