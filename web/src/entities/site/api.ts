import {
  COLLECTIONS,
  paths,
  POLICY_PAGES,
  policyPageUpdateSchema,
  readSupportContact,
  supportContactSchema,
  type PolicyPage,
  type PolicySlug,
  type SupportContact,
} from '@portal/domain';
import { collection, doc, getDoc, getDocs, serverTimestamp, setDoc } from 'firebase/firestore/lite';
import { db, toDate } from '../firestore';

/**
 * What the site shows everyone (packages/domain site-content.ts): site_settings/support (the
 * support contact) and policy_pages/{slug} (the footer's pages). Anyone reads them; managers
 * write them (firestore.rules), each write checked against the domain schema first.
 */
const supportRef = () => doc(db, paths.supportSettings());
const policyRef = (slug: PolicySlug) => doc(db, paths.policyPage(slug));

/** The support contact; unset fields (and a missing document) read as ''. */
export async function fetchSupportSettings(): Promise<SupportContact> {
  const snapshot = await getDoc(supportRef());
  return readSupportContact(snapshot.data());
}

export async function saveSupportSettings(contact: SupportContact): Promise<SupportContact> {
  const valid = supportContactSchema.parse(contact);
  await setDoc(supportRef(), { ...valid, updated_at: serverTimestamp() });
  return valid;
}

/** Every policy page, in the footer's order; a page without text has body ''. */
export async function fetchPolicyPages(): Promise<PolicyPage[]> {
  const snapshot = await getDocs(collection(db, COLLECTIONS.policyPages));
  const bySlug = new Map(snapshot.docs.map((d) => [d.id, d.data()]));
  return POLICY_PAGES.map(({ slug }) => {
    const data = bySlug.get(slug);
    return {
      slug,
      body: typeof data?.body === 'string' ? data.body : '',
      updatedAt: toDate(data?.updated_at),
    };
  });
}

export async function savePolicyPage({
  slug,
  body,
  uid,
}: {
  slug: PolicySlug;
  body: string;
  uid: string;
}): Promise<void> {
  const valid = policyPageUpdateSchema.parse({ body });
  await setDoc(policyRef(slug), {
    body: valid.body,
    updated_at: serverTimestamp(),
    updated_by: uid,
  });
}
