/** Who is calling: the admin (Bearer owner), a signed-in user, or nobody. */
import type { AuthContext } from './authorizer.js';

export type Caller = { kind: 'admin' } | { kind: 'user'; auth: AuthContext | null };

export const ADMIN: Caller = { kind: 'admin' };
export const ANONYMOUS: Caller = { kind: 'user', auth: null };
