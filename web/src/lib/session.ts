import type { AccessClaims, ProfileStatus, Role } from '@portal/domain';
import { signOut, type User } from 'firebase/auth';
import { useIdTokenResult, useUser } from 'reactfire';
import { auth } from './firebase';

export type SessionState =
  | { status: 'loading'; user: null; claims: null }
  | { status: 'signed-out'; user: null; claims: null }
  | { status: 'signed-in'; user: User; claims: Partial<AccessClaims> };

function claimsOf(raw: Record<string, unknown> | undefined): Partial<AccessClaims> {
  return {
    role: raw?.role as Role | undefined,
    status: raw?.status as ProfileStatus | undefined,
  };
}

/** The Firebase user (reactfire) and their role/status custom claims from the ID token. */
export function useSession(): SessionState {
  const { status, data: user } = useUser();
  if (status === 'loading') return { status: 'loading', user: null, claims: null };
  if (!user) return { status: 'signed-out', user: null, claims: null };
  return { status: 'signed-in', user, claims: {} };
}

/** Custom claims of a signed-in user, read from the (cached) ID token. */
export function useClaims(user: User): { status: 'loading' | 'success' | 'error'; claims: Partial<AccessClaims> } {
  const { status, data } = useIdTokenResult(user);
  return { status, claims: claimsOf(data?.claims) };
}

/** Reads claims directly (outside React), forcing a refresh so a fresh approval is seen. */
export async function readClaims(user: User, forceRefresh = false): Promise<Partial<AccessClaims>> {
  const result = await user.getIdTokenResult(forceRefresh);
  return claimsOf(result.claims);
}

export async function signOutUser(): Promise<void> {
  await signOut(auth);
}
