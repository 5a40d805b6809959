import { taxCertificateFilePath } from '@portal/domain';
import { useCallback, useEffect, useState } from 'react';

/**
 * A certificate's file in Cloud Storage (tax-certificates/{companyId}/{certificateId}/certificate).
 * The Storage SDK and the app's Storage (lib/storage.ts) are fetched on the first upload or view,
 * dynamic imports, so no page carries them in its first load (docs/storage.md).
 */
function loadStorage() {
  return Promise.all([import('firebase/storage'), import('@/lib/storage')]);
}

/** What an upload stopped by its AbortSignal rejects with. */
export class UploadCancelled extends Error {
  constructor() {
    super('The upload was cancelled.');
    this.name = 'UploadCancelled';
  }
}

/**
 * Uploads the certificate's file with its content type, reporting the percent sent; the signal
 * cancels it (the promise then rejects with UploadCancelled).
 */
export async function uploadTaxCertificateFile(
  companyId: string,
  certificateId: string,
  file: File,
  { onProgress, signal }: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<void> {
  const path = taxCertificateFilePath(companyId, certificateId);
  if (signal?.aborted) throw new UploadCancelled();
  const [{ ref, uploadBytesResumable }, { storage }] = await loadStorage();
  if (signal?.aborted) throw new UploadCancelled();
  const task = uploadBytesResumable(ref(storage, path), file, { contentType: file.type });
  const cancel = () => task.cancel();
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    await new Promise<void>((resolve, reject) => {
      task.on(
        'state_changed',
        (snapshot) =>
          onProgress?.(
            Math.round((snapshot.bytesTransferred / Math.max(1, snapshot.totalBytes)) * 100),
          ),
        (error) => reject(signal?.aborted ? new UploadCancelled() : error),
        () => resolve(),
      );
    });
  } finally {
    signal?.removeEventListener('abort', cancel);
  }
}

/** The file of a certificate, as a Blob (the reader's ID token decides, storage.rules). */
export async function fetchTaxCertificateFile(filePath: string): Promise<Blob> {
  const [{ getBlob, ref }, { storage }] = await loadStorage();
  return getBlob(ref(storage, filePath));
}

export type CertificateFileView =
  | { status: 'loading'; url: null; retry: () => void }
  | { status: 'ready'; url: string; retry: () => void }
  | { status: 'error'; url: null; retry: () => void };

/**
 * The certificate's file as an object URL for an <img> or <iframe>, read when `filePath` is
 * given; the URL is revoked when the path changes and when the component goes away.
 */
export function useTaxCertificateFile(filePath: string | null): CertificateFileView {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{
    key: string;
    status: 'ready' | 'error';
    url: string | null;
  } | null>(null);
  const key = `${filePath ?? ''}#${attempt}`;
  useEffect(() => {
    if (!filePath) return;
    let live = true;
    let url: string | null = null;
    fetchTaxCertificateFile(filePath).then(
      (blob) => {
        if (!live) return;
        url = URL.createObjectURL(blob);
        setState({ key, status: 'ready', url });
      },
      (error: unknown) => {
        if (!live) return;
        console.error(error);
        setState({ key, status: 'error', url: null });
      },
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [filePath, key]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  if (state?.key === key && state.status === 'ready' && state.url) {
    return { status: 'ready', url: state.url, retry };
  }
  if (state?.key === key && state.status === 'error') return { status: 'error', url: null, retry };
  return { status: 'loading', url: null, retry };
}
