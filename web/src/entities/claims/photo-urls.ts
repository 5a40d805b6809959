import { claimPhotoPath, type Claim } from '@portal/domain';

/**
 * A claim's photos in Cloud Storage (claim-photos/{companyId}/{claimId}/{photoId}), read by the
 * company's members and the managers (storage.rules). The Storage SDK and the app's Storage
 * (lib/storage.ts) are fetched on the first view, dynamic imports, so no page carries them in its
 * first load (docs/storage.md).
 */
function loadStorage() {
  return Promise.all([import('firebase/storage'), import('@/lib/storage')]);
}

/** One photo of a claim, with the address to show it at (null: it could not be read). */
export interface ClaimPhotoLink {
  id: string;
  name: string;
  url: string | null;
}

/** The claim's photos, each with its download URL (the reader's ID token decides). */
export async function fetchClaimPhotoUrls(
  claim: Pick<Claim, 'id' | 'company_id' | 'photos'>,
): Promise<ClaimPhotoLink[]> {
  if (claim.photos.length === 0) return [];
  const [{ getDownloadURL, ref }, { storage }] = await loadStorage();
  const urls = await Promise.allSettled(
    claim.photos.map((photo) =>
      getDownloadURL(ref(storage, claimPhotoPath(claim.company_id, claim.id, photo.id))),
    ),
  );
  return claim.photos.map((photo, index) => {
    const result = urls[index];
    if (result?.status === 'rejected') console.error(result.reason);
    return {
      id: photo.id,
      name: photo.name,
      url: result?.status === 'fulfilled' ? result.value : null,
    };
  });
}
