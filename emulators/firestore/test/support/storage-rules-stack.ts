/**
 * What the storage rules tests through firebase-tools share (storage-firebase-tools.test.ts,
 * company-files-storage-rules.test.ts): the functions fixture their stack deploys, Firestore
 * rules that refuse every client (the storage rules read Firestore with the server's rights), and
 * the code of a request the rules refused.
 */
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

export const STORAGE_FUNCTIONS_FIXTURE = fileURLToPath(
  new URL('../fixtures/storage-functions', import.meta.url),
);

export const DENY_ALL_FIRESTORE_RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /{document=**} { allow read, write: if false; }
  }
}
`;

/** The error code of a request that must be refused ('storage/unauthorized', say). */
export async function refused(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e as { code?: string },
  );
  expect(error, 'the request should have been refused').not.toBeNull();
  return error?.code ?? '';
}
