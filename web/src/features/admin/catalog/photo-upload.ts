/**
 * Uploads a product photo to Cloud Storage. Only the catalog editor imports this module, and it
 * loads `firebase/storage` (with lib/storage.ts, the app's Storage) on the first upload, a dynamic
 * import, so no other page ships the Storage SDK.
 */

/**
 * Uploads `file` to `path` with its content type, reporting the percent sent. Resolves when
 * Storage has it (the functions then check it and make its sizes: waitForProductPhoto).
 */
export async function uploadPhoto(
  path: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<void> {
  const [{ ref, uploadBytesResumable }, { storage }] = await Promise.all([
    import('firebase/storage'),
    import('@/lib/storage'),
  ]);
  const task = uploadBytesResumable(ref(storage, path), file, { contentType: file.type });
  await new Promise<void>((resolve, reject) => {
    task.on(
      'state_changed',
      (snapshot) => {
        onProgress(
          Math.round((snapshot.bytesTransferred / Math.max(1, snapshot.totalBytes)) * 100),
        );
      },
      reject,
      () => resolve(),
    );
  });
}
