import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { paths } from '@portal/domain';
import { copyCompanyName } from '../../src/companies/company-copies';
import { companyChangedHandler } from '../../src/handlers/company-triggers';
import { firestore } from '../../src/lib/admin';
import { log } from '../../src/lib/log';
import { createAccount, createMemberAccount } from '../accounts/support';

/**
 * A rename of companies/{companyId} (an owner, from the browser) reaches every member's profile
 * `store_name` through the onCompanyChanged trigger (docs/companies.md): the profiles' copies are
 * the only ones the functions, the rules and the managers' search read.
 */

beforeAll(() => {
  vi.spyOn(log, 'info').mockImplementation(() => undefined);
});

const db = () => firestore();

async function companyOfThree() {
  const owner = await createAccount('retailer', 'approved');
  const [buyer, viewer] = await Promise.all([
    createMemberAccount(owner.uid, 'buyer'),
    createMemberAccount(owner.uid, 'viewer'),
  ]);
  return { companyId: owner.uid, uids: [owner.uid, buyer.uid, viewer.uid] };
}

const profiles = (uids: string[]) =>
  Promise.all(uids.map((uid) => db().doc(paths.profile(uid)).get()));
const storeNames = async (uids: string[]) =>
  (await profiles(uids)).map((profile) => profile.get('store_name') as unknown);
const updateTimes = async (uids: string[]) =>
  (await profiles(uids)).map((profile) => profile.updateTime?.toMillis());

/** The trigger's event for a change of the company's name from `before` to `after`. */
function renameEvent(companyId: string, before: string, after: string) {
  const snapshot = (name: string) => ({
    get: (field: string) => (field === 'name' ? name : undefined),
  });
  return {
    params: { companyId },
    data: { before: snapshot(before), after: snapshot(after) } as unknown as {
      before: Pick<DocumentSnapshot, 'get'>;
      after: Pick<DocumentSnapshot, 'get'>;
    },
  };
}

describe('copyCompanyName', () => {
  it("copies a new name onto every member's profile, and no other company's", async () => {
    const { companyId, uids } = await companyOfThree();
    const other = await createAccount('retailer', 'approved');
    const otherName = (await storeNames([other.uid]))[0];

    await db().doc(paths.company(companyId)).update({ name: 'Cloud Ten Vapes' });
    expect(await copyCompanyName(db(), companyId)).toBe(3);
    expect(await storeNames(uids)).toEqual([
      'Cloud Ten Vapes',
      'Cloud Ten Vapes',
      'Cloud Ten Vapes',
    ]);
    expect(await storeNames([other.uid])).toEqual([otherName]);
  });

  it('writes nothing when every copy already matches', async () => {
    const { companyId, uids } = await companyOfThree();
    await db().doc(paths.company(companyId)).update({ name: 'Same Name' });
    await copyCompanyName(db(), companyId);
    const before = await updateTimes(uids);

    expect(await copyCompanyName(db(), companyId)).toBe(0);
    expect(await updateTimes(uids)).toEqual(before);
  });

  it('brings only the copies that differ in line', async () => {
    const { companyId, uids } = await companyOfThree();
    const [ownerUid, buyerUid, viewerUid] = uids as [string, string, string];
    await db().doc(paths.company(companyId)).update({ name: 'Half Renamed' });
    await db().doc(paths.profile(ownerUid)).update({ store_name: 'Half Renamed' });
    const [ownerBefore] = await updateTimes([ownerUid]);

    expect(await copyCompanyName(db(), companyId)).toBe(2);
    expect(await storeNames([buyerUid, viewerUid])).toEqual(['Half Renamed', 'Half Renamed']);
    expect(await updateTimes([ownerUid])).toEqual([ownerBefore]);
  });

  it('copies nothing for a company that is not there', async () => {
    expect(await copyCompanyName(db(), 'no-such-company')).toBe(0);
  });
});

describe('onCompanyChanged', () => {
  it('copies a rename, and ignores a change that keeps the name', async () => {
    const { companyId, uids } = await companyOfThree();
    const oldName = `Store ${companyId}`;
    await db().doc(paths.company(companyId)).update({ name: 'Renamed Smoke Shop' });

    // Another field changed (a review, say): the trigger leaves the profiles alone.
    const before = await updateTimes(uids);
    await companyChangedHandler(renameEvent(companyId, 'Renamed Smoke Shop', 'Renamed Smoke Shop'));
    expect(await updateTimes(uids)).toEqual(before);
    expect(await storeNames(uids)).toEqual([oldName, oldName, oldName]);

    await companyChangedHandler(renameEvent(companyId, oldName, 'Renamed Smoke Shop'));
    expect(await storeNames(uids)).toEqual([
      'Renamed Smoke Shop',
      'Renamed Smoke Shop',
      'Renamed Smoke Shop',
    ]);
  });
});
