/**
 * Uploads a product photo to Cloud Storage. Only the catalog editor imports this module, and it
 * loads `firebase/storage` on the first upload (a dynamic import), so no other page ships it.
 */
import { env } from '@/config/env';
import { firebaseApp } from '@/lib/firebase';

type StorageModule = typeof import('firebase/storage');
let loaded: Promise<{ sdk: StorageModule; storage: ReturnType<StorageModule['getStorage']> }> | null =
  null;

function storage() {
  loaded ??= import('firebase/storage').then((sdk) => {
    const instance = sdk.getStorage(firebaseApp);
    if (env.emulators) {
      const { host } = env.emulators;
      const port = (env.emulators as { storagePort?: number }).storagePort ?? 9199;
      sdk.connectStorageEmulator(instance, host, port);
    }
    return { sdk, storage: instance };
  });
  return loaded;
}

/**
 * Uploads `file` to `path` with its content type, reporting the percent sent. Resolves when
 * Storage has it (the functions then check it and make its sizes: waitForProductPhoto).
 */
export async function uploadPhoto(
  path: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<void> {
  const { sdk, storage: instance } = await storage();
  const task = sdk.uploadBytesResumable(sdk.ref(instance, path), file, {
    contentType: file.type,
  });
  await new Promise<void>((resolve, reject) => {
    task.on(
      'state_changed',
      (snapshot) => {
        onProgress(Math.round((snapshot.bytesTransferred / Math.max(1, snapshot.totalBytes)) * 100));
      },
      reject,
      () => resolve(),
    );
  });
}
