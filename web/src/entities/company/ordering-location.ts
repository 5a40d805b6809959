import { useCallback, useSyncExternalStore } from 'react';
import { memberCoversLocation, type CompanyRole } from '@portal/domain';
import type { LocationRecord } from './documents';
import { useLocations } from './queries';

/**
 * The location a member orders for (the cart's "Ship to", and Buy Now): one of their company's
 * active locations that they cover (owners all, buyers their assigned ones). The choice is kept
 * on this device per member; the first such location is the default. The server checks it again
 * at checkout.
 */
const storageKey = (uid: string) => `portal.ordering-location.${uid}`;
const listeners = new Set<() => void>();

function readChoice(uid: string): string | null {
  try {
    return window.localStorage.getItem(storageKey(uid));
  } catch {
    return null;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useOrderingLocation(member: {
  uid: string;
  companyId: string;
  companyRole: CompanyRole;
  locationIds: readonly string[];
}) {
  const locations = useLocations(member.companyId || undefined);
  const chosen = useSyncExternalStore(subscribe, () => readChoice(member.uid));
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
    (locationId: string) => {
      try {
        window.localStorage.setItem(storageKey(member.uid), locationId);
      } catch {
        // No storage on this device (a private window): the first location stays the one used.
      }
      listeners.forEach((listener) => listener());
    },
    [member.uid],
  );
  return { locations, usable, current, choose };
}
