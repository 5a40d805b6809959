import { claimPhotoPath } from '@portal/domain';
import { useEffect, useState } from 'react';

/**
 * A claim's photos in Cloud Storage (claim-photos/{companyId}/{claimId}/{photoId}). The Storage
 * SDK and the app's Storage (lib/storage.ts) are fetched on the first upload or view, dynamic
 * imports, so no page carries them in its first load (docs/storage.md).
 */
function loadStorage() {
  return Promise.all([import('firebase/storage'), import('@/lib/storage')]);
}

/** What an upload stopped by its AbortSignal rejects with. */
export class PhotoUploadCancelled extends Error {
  constructor() {
    super('The upload was cancelled.');
    this.name = 'PhotoUploadCancelled';
  }
}

/** One photo to upload under a claim: its id and its file. */
export interface ClaimPhotoUpload {
  id: string;
  file: File;
}

/**
 * Uploads the photos one after the other with their content types, reporting the percent of all
 * their bytes sent; the signal cancels (the promise then rejects with PhotoUploadCancelled).
 */
export async function uploadClaimPhotos(
  companyId: string,
  claimId: string,
  photos: readonly ClaimPhotoUpload[],
  { onProgress, signal }: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<void> {
  if (photos.length === 0) return;
  if (signal?.aborted) throw new PhotoUploadCancelled();
  const [{ ref, uploadBytesResumable }, { storage }] = await loadStorage();
  const total = Math.max(
    1,
    photos.reduce((sum, photo) => sum + photo.file.size, 0),
  );
  let done = 0;
  for (const photo of photos) {
    if (signal?.aborted) throw new PhotoUploadCancelled();
    const path = claimPhotoPath(companyId, claimId, photo.id);
    const task = uploadBytesResumable(ref(storage, path), photo.file, {
      contentType: photo.file.type,
    });
    const cancel = () => task.cancel();
    signal?.addEventListener('abort', cancel, { once: true });
    try {
      await new Promise<void>((resolve, reject) => {
        task.on(
          'state_changed',
          (snapshot) =>
            onProgress?.(Math.round(((done + snapshot.bytesTransferred) / total) * 100)),
          (error) => reject(signal?.aborted ? new PhotoUploadCancelled() : error),
          () => resolve(),
        );
      });
    } finally {
      signal?.removeEventListener('abort', cancel);
    }
    done += photo.file.size;
    onProgress?.(Math.round((done / total) * 100));
  }
}

/**
 * Download URLs already asked for, by path: a photo shown twice (the order and the Claims tab)
 * is asked for once. Kept in memory only, not in the query cache the device keeps
 * (lib/last-view.ts): a download URL opens the file to whoever holds it.
 */
const urls = new Map<string, Promise<string>>();

/** A photo's download URL (the reader's ID token decides, storage.rules). */
export function claimPhotoUrl(companyId: string, claimId: string, photoId: string) {
  const path = claimPhotoPath(companyId, claimId, photoId);
  let url = urls.get(path);
  if (!url) {
    url = loadStorage().then(([{ getDownloadURL, ref }, { storage }]) =>
      getDownloadURL(ref(storage, path)),
    );
    url.catch(() => urls.delete(path));
    urls.set(path, url);
  }
  return url;
}

export type ClaimPhotoView =
  | { status: 'loading'; url: null }
  | { status: 'ready'; url: string }
  | { status: 'error'; url: null };

/** A claim photo's URL for an <img>, asked for once the component shows. */
export function useClaimPhotoUrl(
  companyId: string,
  claimId: string,
  photoId: string,
): ClaimPhotoView {
  const key = `${companyId}/${claimId}/${photoId}`;
  const [state, setState] = useState<{ key: string; view: ClaimPhotoView } | null>(null);
  useEffect(() => {
    let live = true;
    claimPhotoUrl(companyId, claimId, photoId).then(
      (url) => {
        if (live) setState({ key, view: { status: 'ready', url } });
      },
      (error: unknown) => {
        if (!live) return;
        console.error(error);
        setState({ key, view: { status: 'error', url: null } });
      },
    );
    return () => {
      live = false;
    };
  }, [companyId, claimId, photoId, key]);
  return state?.key === key ? state.view : { status: 'loading', url: null };
}
