import type { UserRow } from '@portal/domain';
import { buildCsv } from '@/components/table/csv';

export const USERS_CSV_HEADER = [
  'User ID',
  'Store',
  'Full Name',
  'Seller Permit ID',
  'Email',
  'Role',
  'Status',
  'Verified',
  'Applied',
  'Reviewed',
] as const;

/** One buyer as CSV cells: raw role and status values, yes/no, ISO instants. */
export function userCsvRow(user: UserRow): string[] {
  return [
    user.uid,
    user.storeName,
    user.fullName,
    user.sellerPermitId,
    user.email,
    user.role,
    user.status,
    user.emailVerified ? 'yes' : 'no',
    user.createdAt ?? '',
    user.reviewedAt ?? '',
  ];
}

/** The users export: a header row and one row per buyer, in the order given. */
export function buildUsersCsv(users: readonly UserRow[]): string {
  return buildCsv(USERS_CSV_HEADER, users.map(userCsvRow));
}
