import type { Firestore } from 'firebase-admin/firestore';
import { paths } from '@portal/domain';
import { membersOf, readCompany } from './company-record';

/**
 * The company's name on each member's profile (`store_name`, docs/companies.md): after a rename,
 * the copies that differ are brought in line (each then runs the profile's own triggers: the
 * managers' search fields, the standing orders' store name). Returns how many profiles changed.
 */
export async function copyCompanyName(db: Firestore, companyId: string): Promise<number> {
  const company = readCompany(companyId, (await db.doc(paths.company(companyId)).get()).data());
  if (!company || !company.name) return 0;
  const members = await membersOf(db, companyId);
  const profiles = await Promise.all(
    members.map((member) => db.doc(paths.profile(member.uid)).get()),
  );
  const stale = profiles.filter((profile) => profile.get('store_name') !== company.name);
  await Promise.all(stale.map((profile) => profile.ref.update({ store_name: company.name })));
  return stale.length;
}
