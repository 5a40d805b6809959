/**
 * A file a browser uploaded to Cloud Storage, as the functions check it before they keep what
 * refers to it (a resale certificate, a claim's photos). storage.rules already limit what may be
 * uploaded (size, declared content type) but cannot see the content: here the file's first bytes
 * must be what its type says.
 */

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
