/**
 * A file a browser uploaded to Cloud Storage, as the functions check it before they keep what
 * refers to it (a resale certificate, a claim's photos). storage.rules already limit what may be
 * uploaded (size, declared content type) but cannot see the content: here the file's first bytes
 * must be what its type says.
 */

import type { Firestore } from 'firebase-admin/firestore';

/** The part of a Cloud Storage bucket (firebase-admin's) the check uses. */
export interface UploadBucket {
  file(path: string): {
    getMetadata(): Promise<[{ size?: string | number; contentType?: string }, ...unknown[]]>;
    download(): Promise<[Buffer]>;
    delete(options: { ignoreNotFound: boolean }): Promise<unknown>;
  };
}

/** What a kind of upload may be, and the words each refusal uses. */
export interface UploadRule<Type extends string> {
  maxBytes: number;
  types: readonly Type[];
  /** The type the file's first bytes say it is, or null. */
  sniff(head: Uint8Array): Type | null;
  messages: { missing: string; empty: string; tooLarge: string; type: string; content: string };
}

export type UploadedFile<Type extends string> =
  | { ok: true; contentType: Type; size: number }
  | { ok: false; message: string; deleteFile: boolean };

const NOT_FOUND = 404;

/**
 * Checks the object at `path`: there (missing: nothing to delete), not empty, at most
 * `maxBytes`, one of `types` by its content type, and by its first bytes the type it says. Only
 * a file within the size limit is downloaded.
 */
export async function checkUploadedFile<Type extends string>(
  bucket: UploadBucket,
  path: string,
  rule: UploadRule<Type>,
): Promise<UploadedFile<Type>> {
  const file = bucket.file(path);
  let metadata: { size?: string | number; contentType?: string };
  try {
    [metadata] = await file.getMetadata();
  } catch (error) {
    if ((error as { code?: unknown }).code === NOT_FOUND) {
      return { ok: false, message: rule.messages.missing, deleteFile: false };
    }
    throw error;
  }
  const size = Number(metadata.size ?? 0);
  const refused = (message: string): UploadedFile<Type> => ({
    ok: false,
    message,
    deleteFile: true,
  });
  if (!Number.isFinite(size) || size <= 0) return refused(rule.messages.empty);
  if (size > rule.maxBytes) return refused(rule.messages.tooLarge);
  const contentType = (metadata.contentType ?? '').toLowerCase();
  const type = rule.types.find((candidate) => candidate === contentType);
  if (!type) return refused(rule.messages.type);
  const [data] = await file.download();
  if (rule.sniff(new Uint8Array(data.subarray(0, 16))) !== type) {
    return refused(rule.messages.content);
  }
  return { ok: true, contentType: type, size };
}

/** Deletes a refused file (gone already: nothing to do). */
export async function deleteUploadedFile(bucket: UploadBucket, path: string): Promise<void> {
  await bucket.file(path).delete({ ignoreNotFound: true });
}

/** An upload no record names this long after it was made is abandoned (abandoned uploads). */
export const ABANDONED_UPLOAD_MS = 24 * 60 * 60 * 1000;

/** The bucket as a sweep of abandoned uploads uses it: listing a folder, deleting a file. */
export interface ListingBucket extends UploadBucket {
  getFiles(options: {
    prefix: string;
  }): Promise<[Array<{ name: string; metadata?: { timeCreated?: string } }>, ...unknown[]]>;
}

/** Which of these documents of a collection exist, read 100 at a time. */
async function existingIds(
  db: Firestore,
  collection: string,
  ids: readonly string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  for (let start = 0; start < ids.length; start += 100) {
    const refs = ids.slice(start, start + 100).map((id) => db.collection(collection).doc(id));
    for (const snapshot of await db.getAll(...refs)) {
      if (snapshot.exists) found.add(snapshot.id);
    }
  }
  return found;
}

/**
 * Deletes the uploads under `folder` (`<folder>/<companyId>/<recordId>/<file>`) made at least
 * ABANDONED_UPLOAD_MS before `now` whose record (`<collection>/<recordId>`: a claim, a resale
 * certificate) does not exist: storage.rules let a member upload before the record is written,
 * and one who never reports the claim or submits the certificate leaves the files behind, kept
 * (and billed) for good. Newer files are left alone: their record may be on its way. Returns
 * how many were deleted.
 */
export async function deleteAbandonedUploads(
  deps: { db: Firestore; bucket: ListingBucket },
  where: { folder: string; collection: string },
  now: number,
): Promise<number> {
  const { folder, collection } = where;
  const [files] = await deps.bucket.getFiles({ prefix: `${folder}/` });
  const recordOf = (name: string) => name.slice(folder.length + 1).split('/')[1] ?? '';
  const old = files.filter((file) => {
    const created = Date.parse(file.metadata?.timeCreated ?? '');
    return Number.isFinite(created) && now - created >= ABANDONED_UPLOAD_MS;
  });
  const ids = [...new Set(old.map((file) => recordOf(file.name)).filter((id) => id !== ''))];
  const kept = ids.length > 0 ? await existingIds(deps.db, collection, ids) : new Set<string>();
  const abandoned = old.filter((file) => !kept.has(recordOf(file.name)));
  await Promise.all(abandoned.map((file) => deleteUploadedFile(deps.bucket, file.name)));
  return abandoned.length;
}
