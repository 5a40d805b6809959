import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import {
  compactRollup,
  emptyRollup,
  readRollup,
  ROLLUP_COLLECTIONS,
  ROLLUP_LEVELS,
  type SalesRollup,
} from '@portal/domain';

/**
 * Helpers of the sales-rollup tests: a Firestore of another project on the stack's emulator (so
 * a test's data never mixes with the shared project's), the emulator's read counter, and the
 * rollup documents as the domain reads them.
 */

function emulatorHost(): string {
  const host = process.env.FIRESTORE_EMULATOR_HOST;
  if (!host) throw new Error('FIRESTORE_EMULATOR_HOST is not set (global setup)');
  return host;
}

/** The Admin SDK's Firestore for `projectId` on the same emulator. */
export function projectDb(projectId: string): Firestore {
  const app =
    getApps().find((a) => a.name === projectId) ?? initializeApp({ projectId }, projectId);
  return getFirestore(app);
}

/** Deletes every document of the project (the emulator's admin endpoint). */
export async function clearProject(projectId: string): Promise<void> {
  const url = `http://${emulatorHost()}/emulator/v1/projects/${projectId}/databases/(default)/documents`;
  const response = await fetch(url, { method: 'DELETE' });
  if (!response.ok) throw new Error(`Clearing ${projectId} failed: ${response.status}`);
}

const usageUrl = (projectId: string) =>
  `http://${emulatorHost()}/emulator/v1/projects/${projectId}/usage`;

/** Documents read in the project since the last reset, as Firestore bills them. */
export async function documentReads(projectId: string): Promise<number> {
  const response = await fetch(usageUrl(projectId));
  if (!response.ok) throw new Error(`Usage of ${projectId}: ${response.status}`);
  const usage = (await response.json()) as { documentReads?: unknown };
  if (typeof usage.documentReads !== 'number') throw new Error('No documentReads in the usage');
  return usage.documentReads;
}

export async function resetUsage(projectId: string): Promise<void> {
  const response = await fetch(usageUrl(projectId), { method: 'DELETE' });
  if (!response.ok) throw new Error(`Resetting the usage of ${projectId}: ${response.status}`);
}

/** Every rollup document of the database, by path, read as the domain reads them. */
export async function rollupDocs(db: Firestore): Promise<Map<string, SalesRollup>> {
  const snaps = await Promise.all(
    ROLLUP_LEVELS.map((level) => db.collection(ROLLUP_COLLECTIONS[level]).get()),
  );
  return new Map(
    snaps.flatMap((snap) => snap.docs).map((doc) => [doc.ref.path, readRollup(doc.data())]),
  );
}

/** A rollup for comparing: entries at zero dropped, a missing document as an empty one. */
export const comparable = (rollup: SalesRollup | undefined) =>
  compactRollup(rollup ?? emptyRollup());
