import { zodResolver } from '@hookform/resolvers/zod';
import { ReloadOutlined } from '@/components/icons';
import { Button } from '@/components/button';
import { FormField } from '@/components/form-field';
import { TextInput } from '@/components/text-input';
import { Tag, type TagColor } from '@/components/tag';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  companyRoleCan,
  profileUpdateSchema,
  ROLE_LABELS,
  storeRenameWaitMs,
  type Profile,
  type ProfileStatus,
  type ProfileUpdate,
} from '@portal/domain';
import { useNotify } from '@/lib/notify';
import { useCompany, useUpdateCompanyName, type CompanyRecord } from '@/entities/company';
import { profileKeys, useProfile } from '@/entities/profile';
import { ACCOUNT_TOASTS } from './account-toasts';
import { LocationsCard } from './locations-card';
import { MembersCard } from './members-card';
import { TaxCertificatesCard } from './tax-certificates-card';
import { TextSkeleton } from '@/components/skeleton';

/** The member's back-in-stock alerts: a chunk of its own, loaded with the tab. */
const StockAlertsCard = lazy(() => import('./stock-alerts-card'));

const STATUS_COLORS: Record<ProfileStatus, TagColor> = {
  approved: 'green',
  pending: 'gold',
  rejected: 'red',
};
const STATUS_LABELS: Record<ProfileStatus, string> = {
  approved: 'Approved',
  pending: 'Pending',
  rejected: 'Rejected',
};

/**
 * Reads the profile itself rather than taking the page's query result: this tab is a lazy chunk,
 * and React Query re-renders a component only for the result fields read while it rendered, so a
 * result handed down before the chunk arrived could stay at "loading" for good.
 */
export function ProfileTab({ uid }: { uid: string }) {
  const profile = useProfile(uid);
  if (profile.isPending) {
    return (
      <div
        className="account-card profile-card"
        role="status"
        aria-busy="true"
        aria-label="Loading profile"
      >
        <TextSkeleton rows={4} />
      </div>
    );
  }
  if (profile.isError || !profile.data) {
    return (
      <div className="account-state" role="alert">
        <h2>{ACCOUNT_TOASTS.load[1]}</h2>
        <Button icon={<ReloadOutlined />} onClick={() => void profile.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  return (
    <div className="account-list">
      <ProfileForm uid={uid} profile={profile.data} />
      {profile.data.company_id && (
        <MembersCard
          companyId={profile.data.company_id}
          selfUid={uid}
          canManage={
            !!profile.data.company_role && companyRoleCan(profile.data.company_role, 'manage')
          }
        />
      )}
      {profile.data.company_id && (
        <LocationsCard
          companyId={profile.data.company_id}
          canManage={
            !!profile.data.company_role && companyRoleCan(profile.data.company_role, 'manage')
          }
        />
      )}
      {profile.data.company_id && (
        <TaxCertificatesCard
          companyId={profile.data.company_id}
          canManage={
            !!profile.data.company_role && companyRoleCan(profile.data.company_role, 'manage')
          }
          // storage.rules give the files to the owners and buyers, not to viewers.
          canViewFiles={!!profile.data.company_role && profile.data.company_role !== 'viewer'}
        />
      )}
      {profile.data.company_id && (
        <Suspense fallback={null}>
          <StockAlertsCard uid={uid} />
        </Suspense>
      )}
    </div>
  );
}

/** Whether the last rename is under a minute old (read when the form is sent, not in render). */
function renameTooSoon(company: CompanyRecord | null | undefined): boolean {
  return storeRenameWaitMs(company?.name_changed_at, Date.now()) > 0;
}

function ProfileForm({ uid, profile }: { uid: string; profile: Profile }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const companyId = profile.company_id ?? '';
  // The store name is the company's: only an owner renames it (companyRoleCan 'manage').
  const canRename = !!profile.company_role && companyRoleCan(profile.company_role, 'manage');
  const company = useCompany(canRename ? companyId : undefined);
  // The members' profiles take the new name from a trigger: show it at once.
  const update = useUpdateCompanyName(companyId, (name) =>
    queryClient.setQueryData(profileKeys.detail(uid), (cached) =>
      cached ? { ...cached, store_name: name } : cached,
    ),
  );
  const form = useForm<ProfileUpdate>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: { storeName: profile.store_name },
  });
  const { reset } = form;
  useEffect(() => reset({ storeName: profile.store_name }), [profile.store_name, reset]);

  const onSubmit = form.handleSubmit((values) => {
    // One rename a minute (the rules refuse a quicker one): say so instead of a failed save.
    if (!canRename) return;
    if (renameTooSoon(company.data)) {
      notify.error(...ACCOUNT_TOASTS.renameTooSoon);
      return;
    }
    return update.mutateAsync(values).then(
      () => notify.success(...ACCOUNT_TOASTS.updated),
      () => notify.error(...ACCOUNT_TOASTS.update),
    );
  });
  const error = form.formState.errors.storeName?.message;

  return (
    <form
      className="account-card profile-card"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
    >
      <h2 className="profile-card__title">Business Profile</h2>
      <div className="profile-card__badges">
        <span>
          Business type{' '}
          <Tag color={profile.role === 'wholesaler' ? 'cyan' : 'purple'}>
            {ROLE_LABELS[profile.role]}
          </Tag>
        </span>
        <span>
          Account status{' '}
          <Tag color={STATUS_COLORS[profile.status]}>{STATUS_LABELS[profile.status]}</Tag>
        </span>
      </div>

      <FormField
        className="profile-field"
        id="profile-store-name"
        label="Store name"
        error={error}
        hint={canRename ? undefined : "Only your company's owner can rename the store"}
      >
        {(aria) => (
          <Controller
            control={form.control}
            name="storeName"
            render={({ field }) => (
              <TextInput {...field} {...aria} size="large" maxLength={100} readOnly={!canRename} />
            )}
          />
        )}
      </FormField>

      <FormField
        className="profile-field"
        id="profile-permit"
        label="Seller permit ID"
        hint="Contact support to update your permit ID"
      >
        <TextInput
          id="profile-permit"
          size="large"
          value={profile.seller_permit_id}
          readOnly
          aria-describedby="profile-permit-hint"
        />
      </FormField>

      {canRename && (
        <Button type="primary" htmlType="submit" size="large" loading={update.isPending}>
          Update Profile
        </Button>
      )}
    </form>
  );
}
