import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import {
  connectFirestoreEmulator,
  doc,
  getFirestore,
  serverTimestamp,
  setDoc,
  setLogLevel,
  updateDoc,
  type Firestore,
} from 'firebase/firestore/lite';
import { Timestamp } from 'firebase-admin/firestore';
import { COLLECTIONS, mailKeys, paths } from '@portal/domain';
import { subscribeNewsletterHandler } from '../../src/handlers/newsletter';
import { adminAuth, firestore } from '../../src/lib/admin';
import { log } from '../../src/lib/log';
import { subscriberId } from '../../src/newsletter/subscriptions';
import { createAccount, PASSWORD, requestAs, type TestAccount } from '../accounts/support';
import { attackTable } from './attack-table';

/**
 * Applications, store names and what strangers leave behind (docs/security.md: P4, W4, W8).
 *
 * An application goes through whichever door the portal has: the browser's own create of
 * profiles/{uid} under the rules (and the trigger that mailed on it), or else the
 * submitApplication callable (reached by a dynamic import: it is the door the fix added).
 * Renames are the approved buyer's own Firestore writes under the rules.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const RUN = randomUUID().slice(0, 6);
const LINK = 'Visit https://evil.test/login';
let manager: TestAccount;
const apps: FirebaseApp[] = [];

beforeAll(async () => {
  setLogLevel('silent');
  for (const level of ['info', 'warn', 'error'] as const) {
    vi.spyOn(log, level).mockImplementation(() => undefined);
  }
  manager = await createAccount('manager', 'approved');
});
afterAll(async () => {
  await Promise.all(apps.map((app) => deleteApp(app)));
});

/** Signs up through the Auth emulator's REST API, as the browser's SDK does: any address. */
async function signUp(email: string): Promise<TestAccount> {
  const response = await fetch(
    `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as { localId?: string; error?: { message: string } };
  if (!body.localId) throw new Error(`Sign-up failed: ${body.error?.message ?? response.status}`);
  return { uid: body.localId, email };
}

/** The account's own Firestore client (Firestore Lite, signed in), as in the browser. */
async function clientOf(account: TestAccount): Promise<Firestore> {
  const app = initializeApp(
    { projectId: process.env.GCLOUD_PROJECT ?? 'demo-wholesale-portal', apiKey: 'fake-api-key' },
    `attack-${account.uid}-${randomUUID().slice(0, 4)}`,
  );
  apps.push(app);
  const auth = getAuth(app);
  connectAuthEmulator(auth, `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}`, {
    disableWarnings: true,
  });
  await signInWithEmailAndPassword(auth, account.email, PASSWORD);
  const db = getFirestore(app);
  const host = process.env.FIRESTORE_EMULATOR_HOST!;
  const at = host.lastIndexOf(':');
  connectFirestoreEmulator(db, host.slice(0, at), Number(host.slice(at + 1)));
  return db;
}

interface Application {
  fullName: string;
  storeName: string;
  sellerPermitId: string;
  businessType: 'retailer' | 'wholesaler';
}
const application = (storeName: string): Application => ({
  fullName: 'Mallory Attacker',
  storeName,
  sellerPermitId: 'SP-EVIL-1',
  businessType: 'retailer',
});

/** A module of the functions, or null when this checkout has none. */
async function moduleOf(file: string): Promise<Record<string, unknown> | null> {
  const url = new URL(`../../src/${file}.ts`, import.meta.url);
  try {
    readFileSync(url);
  } catch {
    return null;
  }
  return (await import(/* @vite-ignore */ url.href)) as Record<string, unknown>;
}

type Outcome = 'accepted' | 'refused';

/**
 * Applies as the signed-up account through the first door that opens: the browser's create of
 * its profile (then the profile trigger, as the deployed function would run it), else the
 * submitApplication callable from `ip`.
 */
async function apply(account: TestAccount, form: Application, ip: string): Promise<Outcome> {
  const db = await clientOf(account);
  const created = await setDoc(doc(db, paths.profile(account.uid)), {
    user_id: account.uid,
    full_name: form.fullName,
    store_name: form.storeName,
    seller_permit_id: form.sellerPermitId,
    role: form.businessType,
    status: 'pending',
    created_at: serverTimestamp(),
  }).then(
    () => true,
    () => false,
  );
  if (created) {
    const trigger = (await moduleOf('handlers/mail-sender'))?.profileCreatedHandler as
      ((event: unknown) => Promise<void>) | undefined;
    const stored = await firestore().doc(paths.profile(account.uid)).get();
    await trigger?.({ params: { uid: account.uid }, data: { data: () => stored.data() } });
    return 'accepted';
  }
  const door = (await moduleOf('handlers/submit-application'))?.submitApplicationHandler as
    ((request: unknown) => Promise<unknown>) | undefined;
  if (!door) return 'refused';
  return door({ ...(await requestAs(account, form)), rawRequest: { ip } }).then(
    () => 'accepted' as const,
    () => 'refused' as const,
  );
}

const newIp = () => `10.66.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
const victim = (label: string) => `victim-${label}-${RUN}-${randomUUID().slice(0, 4)}@inbox.test`;

async function mailsTo(uid: string): Promise<Array<Record<string, unknown>>> {
  const all = await firestore().collection(COLLECTIONS.mail).get();
  return all.docs.filter((d) => d.id.includes(uid)).map((d) => d.data());
}

function textOf(mail: Record<string, unknown>): string {
  const message = mail.message as { subject: string; text: string; html: string };
  return `${message.subject}\n${message.text}\n${message.html}`;
}

attackTable('applications, store names and expiry', [
  {
    id: 'P4',
    attack:
      "applies as someone else's address with a link as store name: the mail to that unverified address carries none of it",
    run: async () => {
      const account = await signUp(victim('link'));
      await apply(account, application(LINK), newIp());
      const toVictim = (await mailsTo(account.uid)).filter((m) =>
        (m.to as string[]).includes(account.email),
      );
      for (const mail of toVictim) {
        expect(textOf(mail)).not.toContain('evil.test');
        expect(textOf(mail)).not.toContain('Mallory');
        expect(textOf(mail)).not.toContain('SP-EVIL-1');
      }
    },
    timeoutMs: 30_000,
  },
  {
    id: 'P4',
    attack: 'applies with an unverified address: no manager is mailed before it is verified',
    run: async () => {
      const account = await signUp(victim('managers'));
      await apply(account, application(LINK), newIp());
      const key = mailKeys.newApplication(account.uid, manager.uid);
      expect((await firestore().collection(COLLECTIONS.mail).doc(key).get()).exists).toBe(false);
    },
    timeoutMs: 30_000,
  },
  {
    id: 'P4',
    attack: 'puts a right-to-left override in the store name: refused, or in no mail',
    run: async () => {
      const account = await signUp(victim('rlo'));
      await adminAuth().updateUser(account.uid, { emailVerified: true });
      const outcome = await apply(account, application('Shop \u202egnp.exe'), newIp());
      if (outcome === 'refused') return;
      for (const mail of await mailsTo(account.uid)) {
        expect(textOf(mail)).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/);
      }
      const stored = await firestore().doc(paths.profile(account.uid)).get();
      expect(String(stored.get('store_name'))).not.toMatch(/[\u202a-\u202e]/);
    },
    timeoutMs: 30_000,
  },
  {
    id: 'P4',
    attack: 'applies again and again for one address (new account each time): refused past a limit',
    run: async () => {
      const email = victim('flood');
      const outcomes: Outcome[] = [];
      for (let i = 0; i < 6; i++) {
        const account = await signUp(i % 2 ? email.toUpperCase() : email);
        outcomes.push(await apply(account, application('Flood Shop'), newIp()));
        await adminAuth().deleteUser(account.uid);
      }
      expect(outcomes).toContain('refused');
    },
    timeoutMs: 60_000,
  },
  {
    id: 'W4',
    attack: 'an approved buyer renames the store ten times in a row: the second is refused',
    run: async () => {
      const buyer = await createAccount('retailer', 'approved');
      const db = await clientOf(buyer);
      const ref = doc(db, paths.profile(buyer.uid));
      let renamed = 0;
      for (let i = 0; i < 10; i++) {
        const name = `Electric Slush HQ ${i}`;
        // Whichever shape the rules take: the bare name, or the name with the rename's time.
        const ok =
          (await updateDoc(ref, { store_name: name }).then(
            () => true,
            () => false,
          )) ||
          (await updateDoc(ref, {
            store_name: name,
            store_name_changed_at: serverTimestamp(),
          }).then(
            () => true,
            () => false,
          ));
        if (ok) renamed += 1;
      }
      expect(renamed).toBeLessThanOrEqual(1);
    },
    timeoutMs: 30_000,
  },
  {
    id: 'W4',
    attack: 'renames the store with bidi and control characters: refused',
    run: async () => {
      const buyer = await createAccount('wholesaler', 'approved');
      const db = await clientOf(buyer);
      const ref = doc(db, paths.profile(buyer.uid));
      const name = 'Shop \u202egnp.exe\u2066';
      const renamed =
        (await updateDoc(ref, { store_name: name }).then(
          () => true,
          () => false,
        )) ||
        (await updateDoc(ref, { store_name: name, store_name_changed_at: serverTimestamp() }).then(
          () => true,
          () => false,
        ));
      expect(renamed).toBe(false);
    },
    timeoutMs: 30_000,
  },
  {
    id: 'W8',
    attack: "an unverified applicant's profile and mails are kept for good: they carry a TTL field",
    run: async () => {
      const account = await signUp(victim('ttl'));
      expect(await apply(account, application('Never Verified Shop'), newIp())).toBe('accepted');
      const profile = await firestore().doc(paths.profile(account.uid)).get();
      expect(profile.get('expires_at')).toBeInstanceOf(Timestamp);
      const mails = await mailsTo(account.uid);
      expect(mails.length).toBeGreaterThan(0);
      for (const mail of mails) expect(mail.expires_at).toBeInstanceOf(Timestamp);
    },
    timeoutMs: 30_000,
  },
  {
    id: 'W8',
    attack: 'a newsletter sign-up nobody confirms is kept for good: it carries a TTL field',
    run: async () => {
      const email = victim('news');
      await subscribeNewsletterHandler({ data: { email }, rawRequest: { ip: newIp() } });
      const subscriber = await firestore()
        .collection(COLLECTIONS.newsletterSubscribers)
        .doc(subscriberId(email))
        .get();
      expect(subscriber.get('state')).toBe('pending');
      expect(subscriber.get('expires_at')).toBeInstanceOf(Timestamp);
    },
    timeoutMs: 30_000,
  },
  {
    id: 'W8',
    attack: 'the TTL policies of profiles, mail and newsletter_subscribers are not deployed',
    run: async () => {
      const spec = JSON.parse(
        readFileSync(path.join(repoRoot, 'firestore.indexes.json'), 'utf8'),
      ) as {
        fieldOverrides?: Array<{ collectionGroup: string; fieldPath: string; ttl?: boolean }>;
      };
      for (const collectionGroup of ['profiles', 'mail', 'newsletter_subscribers']) {
        expect(
          spec.fieldOverrides?.find(
            (f) => f.collectionGroup === collectionGroup && f.fieldPath === 'expires_at',
          )?.ttl,
          collectionGroup,
        ).toBe(true);
      }
    },
  },
]);
