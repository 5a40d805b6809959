import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import type { CallableRequest } from 'firebase-functions/v2/https';
import { COMPANY_LIMITS, OWNERS_ONLY, paths, UNSAFE_TEXT_MESSAGE } from '@portal/domain';
import * as deployed from '../../src/index';
import { LOCATION_HAS_STANDING_ORDERS, LOCATION_NOT_FOUND } from '../../src/companies/locations';
import type { CallRequest } from '../../src/handlers/edge';
import { archiveLocationHandler, saveLocationHandler } from '../../src/handlers/locations';
import { firestore } from '../../src/lib/admin';
import { NOT_APPROVED, UNKNOWN_FIELDS } from '../../src/lib/caller';
import { log } from '../../src/lib/log';
import { locationDocument, writeLocation } from '../company-fixtures';
import { createMember, createUser, type TestUser } from '../payments/support';
import { databaseState, stateChanges, type DatabaseState } from '../support/database-state';

/**
 * A company's ship-to locations (docs/companies.md): saveLocation adds or edits one,
 * archiveLocation archives it or brings it back; only an approved company's owner may, and only
 * their own company's. Called through the handlers (App Check, payload limits, the caller's
 * token, the request's schema, the rate limits) as the Functions runtime calls them.
 */

/** Each test's calls from an address of their own: no test shares another's per-IP window. */
const call = (user: TestUser, data: unknown): CallRequest => ({
  ...user.request(data),
  rawRequest: {
    ip: `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
  },
});
const save = (user: TestUser, data: unknown) => saveLocationHandler(call(user, data));
const archive = (user: TestUser, data: unknown) => archiveLocationHandler(call(user, data));

/** A location as the owner types it: a lower-case state and a formatted phone, padded. */
const MAIN_ST = {
  name: '  Main St store ',
  ship_to: {
    name: 'Rico Alvarez',
    phone: '(310) 555-0142',
    address: {
      line1: '1418 Ocean Front Walk',
      line2: '',
      city: 'Venice',
      state: 'ca',
      postal_code: '90291',
      country: 'US',
    },
  },
  delivery_notes: 'Ring the back bell.',
};
/** MAIN_ST as stored: trimmed, the state upper-case, the phone digits only. */
const MAIN_ST_STORED = {
  name: 'Main St store',
  ship_to: {
    ...MAIN_ST.ship_to,
    phone: '3105550142',
    address: { ...MAIN_ST.ship_to.address, state: 'CA' },
  },
  delivery_notes: 'Ring the back bell.',
};

async function locationsOf(companyId: string) {
  const snap = await firestore().collection(paths.locations(companyId)).get();
  return new Map(snap.docs.map((doc) => [doc.id, doc.data()]));
}

/** What a refused call changed, besides the rate-limit windows that count every call. */
async function changesSince(before: DatabaseState) {
  return stateChanges(before, await databaseState()).filter(
    (change) =>
      !change.startsWith('firestore: created rate_limits/') &&
      !change.startsWith('firestore: wrote rate_limits/'),
  );
}

beforeAll(() => {
  // The services log each change; the tests read the documents instead.
  for (const level of ['info', 'warn', 'error'] as const) {
    vi.spyOn(log, level).mockImplementation(() => undefined);
  }
});

describe('saveLocation and archiveLocation (src/index.ts)', () => {
  it('are deployed as callables with no secrets that run the tested handlers', async () => {
    for (const fn of [deployed.saveLocation, deployed.archiveLocation]) {
      const endpoint = (fn as unknown as { __endpoint: Record<string, unknown> }).__endpoint;
      expect(endpoint).toHaveProperty('callableTrigger');
      expect(endpoint.secretEnvironmentVariables ?? []).toEqual([]);
    }
    const owner = await createUser('retailer');
    const run = (fn: typeof deployed.saveLocation, data: unknown) =>
      fn.run({ ...call(owner, data), acceptsStreaming: false } as unknown as CallableRequest);
    const { locationId } = await run(deployed.saveLocation, { location: MAIN_ST });
    await run(deployed.archiveLocation, { locationId, archived: true });
    expect((await locationsOf(owner.uid)).get(locationId)).toMatchObject({ archived: true });
  });
});

describe('saveLocation', () => {
  it('adds a location under a generated id: trimmed, normalized, not archived, timestamped', async () => {
    const owner = await createUser('retailer');
    const before = Timestamp.now();
    const { locationId } = await save(owner, { location: MAIN_ST });
    expect(locationId).toMatch(/^[A-Za-z0-9]{20}$/);
    const stored = await locationsOf(owner.uid);
    expect([...stored.keys()]).toEqual([locationId]);
    const location = stored.get(locationId)!;
    expect(location).toEqual({
      ...MAIN_ST_STORED,
      archived: false,
      created_at: expect.any(Timestamp),
      updated_at: expect.any(Timestamp),
    });
    const createdAt = location.created_at as Timestamp;
    expect(createdAt.toMillis()).toBeGreaterThanOrEqual(before.toMillis() - 1000);
    expect((location.updated_at as Timestamp).isEqual(createdAt)).toBe(true);

    // Delivery notes are optional: a second location without any has none.
    const { locationId: second } = await save(owner, {
      location: { name: 'Warehouse', ship_to: MAIN_ST.ship_to },
    });
    expect(second).not.toBe(locationId);
    expect((await locationsOf(owner.uid)).get(second)).toMatchObject({
      name: 'Warehouse',
      delivery_notes: '',
      archived: false,
    });
  });

  it('edits a location in place: same id, created_at kept, updated_at moved, archived kept', async () => {
    const owner = await createUser('wholesaler');
    const { locationId } = await save(owner, { location: MAIN_ST });
    const created = (await locationsOf(owner.uid)).get(locationId)!;
    await archive(owner, { locationId, archived: true });

    const edited = {
      name: 'Main St store (rear)',
      ship_to: {
        ...MAIN_ST.ship_to,
        address: { ...MAIN_ST.ship_to.address, line2: 'Loading dock' },
      },
      delivery_notes: '',
    };
    expect(await save(owner, { locationId, location: edited })).toEqual({ locationId });
    const stored = await locationsOf(owner.uid);
    expect(stored.size).toBe(1);
    const location = stored.get(locationId)!;
    expect(location).toMatchObject({
      name: 'Main St store (rear)',
      ship_to: { phone: '3105550142', address: { line2: 'Loading dock', state: 'CA' } },
      delivery_notes: '',
      // An edit is not an unarchive: that is archiveLocation's.
      archived: true,
    });
    expect((location.created_at as Timestamp).isEqual(created.created_at as Timestamp)).toBe(true);
    expect((location.updated_at as Timestamp).toMillis()).toBeGreaterThan(
      (created.updated_at as Timestamp).toMillis(),
    );
  });
});

describe('archiveLocation', () => {
  it('archives a location and brings it back, keeping everything else', async () => {
    const owner = await createUser('retailer');
    const { locationId } = await save(owner, { location: MAIN_ST });
    const saved = (await locationsOf(owner.uid)).get(locationId)!;

    expect(await archive(owner, { locationId, archived: true })).toEqual({ locationId });
    const archived = (await locationsOf(owner.uid)).get(locationId)!;
    expect(archived).toMatchObject({ ...MAIN_ST_STORED, archived: true });
    expect((archived.updated_at as Timestamp).toMillis()).toBeGreaterThan(
      (saved.updated_at as Timestamp).toMillis(),
    );

    await archive(owner, { locationId, archived: false });
    expect((await locationsOf(owner.uid)).get(locationId)).toMatchObject({
      ...MAIN_ST_STORED,
      archived: false,
      created_at: saved.created_at,
    });
  });
});

describe('a location its standing orders ship to', () => {
  it('is not archived while one runs; once they are cancelled it is', async () => {
    const owner = await createUser('retailer');
    const { locationId } = await save(owner, { location: MAIN_ST });
    // What archiveLocation reads of a standing order: its company, location and status.
    const standing = firestore().doc(paths.standingOrder(`so-${randomUUID()}`));
    await standing.set({ company_id: owner.uid, location_id: locationId, status: 'active' });
    await expect(archive(owner, { locationId, archived: true })).rejects.toThrow(
      LOCATION_HAS_STANDING_ORDERS,
    );
    expect((await locationsOf(owner.uid)).get(locationId)).toMatchObject({ archived: false });
    await standing.update({ status: 'paused' });
    await expect(archive(owner, { locationId, archived: true })).rejects.toThrow(
      LOCATION_HAS_STANDING_ORDERS,
    );
    await standing.update({ status: 'cancelled' });
    expect(await archive(owner, { locationId, archived: true })).toEqual({ locationId });
    expect((await locationsOf(owner.uid)).get(locationId)).toMatchObject({ archived: true });
    await standing.delete();
  });
});

describe('who may change locations', () => {
  let owner: TestUser;
  let locationId: string;
  beforeAll(async () => {
    owner = await createUser('retailer');
    locationId = await writeLocation(firestore(), owner.uid, 'Main St store');
  });

  it('refuses a buyer and a viewer of the company: only the owner, and nothing changes', async () => {
    const buyer = await createMember(owner.uid, 'buyer', [locationId]);
    const viewer = await createMember(owner.uid, 'viewer');
    const before = await databaseState();
    for (const member of [buyer, viewer]) {
      for (const attempt of [
        () => save(member, { location: MAIN_ST }),
        () => save(member, { locationId, location: MAIN_ST }),
        () => archive(member, { locationId, archived: true }),
      ]) {
        await expect(attempt()).rejects.toMatchObject({
          code: 'permission-denied',
          message: OWNERS_ONLY,
        });
      }
    }
    expect(await changesSince(before)).toEqual([]);
  });

  it('refuses the owner of a pending company, and one whose company was rejected since sign-in', async () => {
    const pending = await createUser('retailer', 'pending');
    // Approved when the token was issued; the company (and so the profile's copy) rejected since.
    const stale = await createUser('wholesaler');
    const staleLocation = await writeLocation(firestore(), stale.uid, 'Depot');
    await Promise.all([
      firestore().doc(paths.company(stale.uid)).update({ status: 'rejected' }),
      firestore().doc(paths.profile(stale.uid)).update({ status: 'rejected' }),
    ]);
    const before = await databaseState();
    await expect(save(pending, { location: MAIN_ST })).rejects.toMatchObject({
      code: 'permission-denied',
      message: NOT_APPROVED,
    });
    await expect(save(stale, { location: MAIN_ST })).rejects.toMatchObject({
      code: 'permission-denied',
      message: NOT_APPROVED,
    });
    await expect(
      archive(stale, { locationId: staleLocation, archived: true }),
    ).rejects.toMatchObject({ code: 'permission-denied', message: NOT_APPROVED });
    expect(await changesSince(before)).toEqual([]);
  });

  it('refuses a manager and a signed-out caller', async () => {
    const manager = await createUser('manager');
    await expect(save(manager, { location: MAIN_ST })).rejects.toMatchObject({
      code: 'permission-denied',
    });
    await expect(
      saveLocationHandler({ auth: undefined, data: { location: MAIN_ST } }),
    ).rejects.toMatchObject({ code: 'unauthenticated' });
    await expect(
      archiveLocationHandler({ auth: undefined, data: { locationId, archived: true } }),
    ).rejects.toMatchObject({ code: 'unauthenticated' });
    expect((await locationsOf(owner.uid)).get(locationId)).toMatchObject({ archived: false });
  });

  it("answers not-found for another company's location (looked up in the caller's own), changing neither", async () => {
    const other = await createUser('wholesaler');
    const before = await databaseState();
    await expect(save(other, { locationId, location: MAIN_ST })).rejects.toMatchObject({
      code: 'not-found',
      message: LOCATION_NOT_FOUND,
    });
    await expect(archive(other, { locationId, archived: true })).rejects.toMatchObject({
      code: 'not-found',
      message: LOCATION_NOT_FOUND,
    });
    // Nor a location the caller's company never had.
    await expect(
      archive(owner, { locationId: `no-such-${randomUUID()}`, archived: true }),
    ).rejects.toMatchObject({
      code: 'not-found',
      message: LOCATION_NOT_FOUND,
    });
    expect(await changesSince(before)).toEqual([]);
    expect((await locationsOf(other.uid)).size).toBe(0);
  });
});

describe('bad input', () => {
  const withShipTo = (change: Record<string, unknown>) => ({
    location: { ...MAIN_ST, ship_to: { ...MAIN_ST.ship_to, ...change } },
  });
  const withAddress = (change: Record<string, unknown>) =>
    withShipTo({ address: { ...MAIN_ST.ship_to.address, ...change } });

  it('refuses each bad location with a clear invalid-argument, writing nothing', async () => {
    const owner = await createUser('retailer');
    const locationId = await writeLocation(firestore(), owner.uid, 'Main St store');
    const cases: Array<[label: string, data: unknown, message: string]> = [
      ['a missing name', { location: { ship_to: MAIN_ST.ship_to } }, 'location.name: '],
      ['an empty name', { location: { ...MAIN_ST, name: '   ' } }, 'Enter a location name.'],
      [
        'a name too long',
        { location: { ...MAIN_ST, name: 'x'.repeat(COMPANY_LIMITS.locationName + 1) } },
        `Use at most ${COMPANY_LIMITS.locationName} characters.`,
      ],
      [
        'a name with a line break',
        { location: { ...MAIN_ST, name: 'Main St\r\nBcc: x@y.z' } },
        `location.name: ${UNSAFE_TEXT_MESSAGE}`,
      ],
      [
        'a name with bidirectional formatting',
        { location: { ...MAIN_ST, name: 'Main \u202Eerots' } },
        `location.name: ${UNSAFE_TEXT_MESSAGE}`,
      ],
      [
        'delivery notes with a control character',
        { location: { ...MAIN_ST, delivery_notes: 'Back\u0007door' } },
        `location.delivery_notes: ${UNSAFE_TEXT_MESSAGE}`,
      ],
      ['a bad ZIP', withAddress({ postal_code: '9029' }), 'Enter a 5-digit ZIP code (or ZIP+4).'],
      [
        'an address outside the US',
        withAddress({ country: 'CA' }),
        'We ship to US addresses only.',
      ],
      ['an unknown state', withAddress({ state: 'ZZ' }), 'Choose a US state.'],
      ['a missing street', withAddress({ line1: '' }), 'Enter the street address.'],
      ['a short phone', withShipTo({ phone: '12' }), 'Enter a phone number with 10 to 15 digits.'],
      [
        'a recipient with a line break',
        withShipTo({ name: 'Rico\r\nBcc: x@y.z' }),
        `location.ship_to.name: ${UNSAFE_TEXT_MESSAGE}`,
      ],
      [
        'a ship-to that is text',
        { location: { ...MAIN_ST, ship_to: 'Venice' } },
        'location.ship_to: ',
      ],
      ['no location', {}, 'location: '],
      ['an unknown field', { location: MAIN_ST, extra: true }, UNKNOWN_FIELDS],
      [
        'a location id with a slash',
        { locationId: `${locationId}/x`, location: MAIN_ST },
        'locationId: Must be a document id',
      ],
      [
        'a reserved location id',
        { locationId: '__x__', location: MAIN_ST },
        'locationId: Must be a document id',
      ],
      ['an empty location id', { locationId: '', location: MAIN_ST }, 'locationId: '],
    ];
    const before = await databaseState();
    for (const [label, data, message] of cases) {
      await expect(save(owner, data), label).rejects.toMatchObject({
        code: 'invalid-argument',
        message: expect.stringContaining(message),
      });
    }
    for (const [label, data, message] of [
      [
        'a slash',
        { locationId: `${locationId}/x`, archived: true },
        'locationId: Must be a document id',
      ],
      ['no archived flag', { locationId }, 'archived: Say whether to archive the location.'],
      [
        'an archived flag that is text',
        { locationId, archived: 'yes' },
        'archived: Say whether to archive the location.',
      ],
      ['an unknown field', { locationId, archived: true, name: 'x' }, UNKNOWN_FIELDS],
    ] as const) {
      await expect(archive(owner, data), label).rejects.toMatchObject({
        code: 'invalid-argument',
        message: expect.stringContaining(message),
      });
    }
    // Refused before anything is read or counted: not even a rate-limit window moves.
    expect(stateChanges(before, await databaseState())).toEqual([]);
  });
});

describe('the location limit', () => {
  it(`refuses a location past ${COMPANY_LIMITS.locations}, archived ones counted; editing one still works`, async () => {
    const owner = await createUser('wholesaler');
    const db = firestore();
    const batch = db.batch();
    const ids: string[] = [];
    for (let i = 0; i < COMPANY_LIMITS.locations; i++) {
      const ref = db.collection(paths.locations(owner.uid)).doc();
      ids.push(ref.id);
      // A few of them archived: they stay on their orders, and count.
      batch.set(ref, locationDocument(`Store ${i}`, { archived: i % 10 === 0 }));
    }
    await batch.commit();

    const before = await databaseState();
    await expect(save(owner, { location: MAIN_ST })).rejects.toMatchObject({
      code: 'failed-precondition',
      message: `A company can have at most ${COMPANY_LIMITS.locations} locations, archived ones included. Edit one instead.`,
    });
    expect(await changesSince(before)).toEqual([]);

    // Archiving one more does not make room.
    await archive(owner, { locationId: ids[1], archived: true });
    await expect(save(owner, { location: MAIN_ST })).rejects.toMatchObject({
      code: 'failed-precondition',
    });
    expect((await locationsOf(owner.uid)).size).toBe(COMPANY_LIMITS.locations);

    // Editing is not adding.
    await save(owner, { locationId: ids[0], location: MAIN_ST });
    const stored = await locationsOf(owner.uid);
    expect(stored.size).toBe(COMPANY_LIMITS.locations);
    expect(stored.get(ids[0]!)).toMatchObject({ name: 'Main St store' });

    // One below the limit, a new one fits again.
    await db.doc(paths.location(owner.uid, ids[2]!)).delete();
    const { locationId } = await save(owner, { location: MAIN_ST });
    expect((await locationsOf(owner.uid)).has(locationId)).toBe(true);
  });
});
