import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  COMPANY_ROLE_HINTS,
  COMPANY_ROLE_LABELS,
  COMPANY_ROLES,
  inviteMemberRequest,
  type CompanyInvitationView,
  type CompanyMemberView,
  type CompanyRole,
  type InviteMemberRequest,
} from '@portal/domain';
import type { z } from 'zod/mini';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { ConfirmPopover } from '@/components/confirm-popover';
import { FormField } from '@/components/form-field';
import { NativeSelect } from '@/components/native-select';
import { Tag } from '@/components/tag';
import { TextInput } from '@/components/text-input';
import {
  useChangeMemberRole,
  useCompanyMembers,
  useInviteMember,
  useLocations,
  useRemoveMember,
  useResendInvitation,
  useRevokeInvitation,
  type LocationRecord,
} from '@/entities/company';
import { errorMessage, useNotify } from '@/lib/notify';
import { businessDayFormat } from '@/lib/intl-formats';

const roleOptions = COMPANY_ROLES.map((role) => ({
  value: role,
  label: COMPANY_ROLE_LABELS[role],
}));

/**
 * My Account's members (docs/companies.md#members-and-invitations): who orders and follows the
 * company's orders, each with their own sign-in. Every member sees the list; the owner invites
 * by email, changes a role (a buyer's locations with it), removes a member, and resends or
 * withdraws a pending invitation. A company keeps at least one owner: ownership moves by making
 * another member owner, then changing one's own role.
 */
export function MembersCard({
  companyId,
  selfUid,
  canManage,
}: {
  companyId: string;
  selfUid: string;
  canManage: boolean;
}) {
  const members = useCompanyMembers(companyId);
  const locations = useLocations(companyId);
  const active = (locations.data ?? []).filter((location) => !location.archived);
  const [inviting, setInviting] = useState(false);
  return (
    <section className="account-card profile-card" aria-labelledby="members-title">
      <h2 className="profile-card__title" id="members-title">
        Members
      </h2>
      {members.isPending && <p className="profile-field__hint">Loading members…</p>}
      {members.isError && (
        <Alert
          type="error"
          title="Could not load the members."
          action={<Button onClick={() => void members.refetch()}>Try Again</Button>}
        />
      )}
      {members.data && (
        <ul className="members" aria-label="Members">
          {members.data.members.map((member) => (
            <MemberItem
              key={member.uid}
              companyId={companyId}
              member={member}
              self={member.uid === selfUid}
              canManage={canManage}
              locations={active}
            />
          ))}
        </ul>
      )}
      {canManage && members.data && members.data.invitations.length > 0 && (
        <>
          <h3 className="members__subtitle">Pending invitations</h3>
          <ul className="members" aria-label="Pending invitations">
            {members.data.invitations.map((invitation) => (
              <InvitationItem
                key={invitation.invitationId}
                companyId={companyId}
                invitation={invitation}
              />
            ))}
          </ul>
        </>
      )}
      {canManage &&
        (inviting ? (
          <InviteForm companyId={companyId} locations={active} onDone={() => setInviting(false)} />
        ) : (
          <Button size="large" onClick={() => setInviting(true)}>
            Invite member
          </Button>
        ))}
    </section>
  );
}

function locationNames(ids: readonly string[], locations: readonly LocationRecord[]): string {
  const names = ids.flatMap((id) => locations.find((l) => l.id === id)?.name ?? []);
  return names.length > 0 ? names.join(', ') : 'No location yet';
}

function MemberItem({
  companyId,
  member,
  self,
  canManage,
  locations,
}: {
  companyId: string;
  member: CompanyMemberView;
  self: boolean;
  canManage: boolean;
  locations: readonly LocationRecord[];
}) {
  const notify = useNotify();
  const remove = useRemoveMember(companyId);
  const [editing, setEditing] = useState(false);
  const name = member.fullName || member.email;
  return (
    <li className="members__item" aria-label={name}>
      <div className="members__head">
        <strong>{name}</strong>
        {self && <Tag color="blue">You</Tag>}
        <Tag color={member.role === 'owner' ? 'purple' : 'default'}>
          {COMPANY_ROLE_LABELS[member.role]}
        </Tag>
      </div>
      <span className="members__email">{member.email}</span>
      {member.role === 'buyer' && (
        <span className="profile-field__hint">
          Orders for: {locationNames(member.locationIds, locations)}
        </span>
      )}
      {canManage && editing && (
        <RoleEditor
          companyId={companyId}
          member={member}
          locations={locations}
          onDone={() => setEditing(false)}
        />
      )}
      {canManage && !editing && (
        <div className="ship-to__actions">
          <Button onClick={() => setEditing(true)} aria-label={`Change role: ${name}`}>
            Change role
          </Button>
          <ConfirmPopover
            title={self ? 'Leave this company?' : `Remove ${name}?`}
            description={
              self
                ? 'You lose access to its orders at once.'
                : 'They lose access at once. Their orders stay with the company.'
            }
            okText={self ? 'Leave' : 'Remove'}
            okDanger
            onConfirm={() =>
              remove.mutate(
                { uid: member.uid },
                {
                  onSuccess: () => notify.success('Saved', `${name} is no longer a member.`),
                  onError: (error) => notify.error('Error', errorMessage(error)),
                },
              )
            }
          >
            {(trigger) => (
              <Button
                {...trigger}
                danger
                loading={remove.isPending}
                aria-label={`${self ? 'Leave' : 'Remove'} ${name}`}
              >
                {self ? 'Leave' : 'Remove'}
              </Button>
            )}
          </ConfirmPopover>
        </div>
      )}
    </li>
  );
}

/** The owner changes a member's role, and a buyer's locations. */
function RoleEditor({
  companyId,
  member,
  locations,
  onDone,
}: {
  companyId: string;
  member: CompanyMemberView;
  locations: readonly LocationRecord[];
  onDone: () => void;
}) {
  const notify = useNotify();
  const change = useChangeMemberRole(companyId);
  const [role, setRole] = useState<CompanyRole>(member.role);
  const [locationIds, setLocationIds] = useState<string[]>(member.locationIds);
  const [failure, setFailure] = useState<string | null>(null);
  const id = `role-${member.uid}`;
  const save = () => {
    setFailure(null);
    change.mutate(
      { uid: member.uid, role, locationIds: role === 'buyer' ? locationIds : [] },
      {
        onSuccess: () => {
          notify.success(
            'Saved',
            `${member.fullName || member.email} is now a ${COMPANY_ROLE_LABELS[role]}.`,
          );
          onDone();
        },
        onError: (error) => setFailure(errorMessage(error)),
      },
    );
  };
  return (
    <div className="members__editor">
      <FormField className="profile-field" id={id} label="Role" hint={COMPANY_ROLE_HINTS[role]}>
        <NativeSelect id={id} name="role" value={role} onChange={setRole} options={roleOptions} />
      </FormField>
      {role === 'buyer' && (
        <LocationChoices
          idPrefix={id}
          locations={locations}
          value={locationIds}
          onChange={setLocationIds}
        />
      )}
      {failure && <Alert type="error" title={failure} role="alert" />}
      <div className="ship-to__actions">
        <Button type="primary" onClick={save} loading={change.isPending}>
          Save role
        </Button>
        <Button onClick={onDone} disabled={change.isPending}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

/** Check boxes of the company's locations a buyer orders for. */
function LocationChoices({
  idPrefix,
  locations,
  value,
  onChange,
}: {
  idPrefix: string;
  locations: readonly LocationRecord[];
  value: readonly string[];
  onChange: (ids: string[]) => void;
}) {
  if (locations.length === 0) {
    return (
      <p className="profile-field__hint">
        Add a location first: a buyer orders for the locations you assign.
      </p>
    );
  }
  return (
    <fieldset className="members__locations">
      <legend>Orders for</legend>
      {locations.map((location) => {
        const id = `${idPrefix}-location-${location.id}`;
        const checked = value.includes(location.id);
        return (
          <label key={location.id} htmlFor={id} className="members__location">
            <input
              id={id}
              type="checkbox"
              checked={checked}
              onChange={() =>
                onChange(checked ? value.filter((v) => v !== location.id) : [...value, location.id])
              }
            />{' '}
            {location.name}
          </label>
        );
      })}
    </fieldset>
  );
}

function InvitationItem({
  companyId,
  invitation,
}: {
  companyId: string;
  invitation: CompanyInvitationView;
}) {
  const notify = useNotify();
  const resend = useResendInvitation(companyId);
  const revoke = useRevokeInvitation(companyId);
  const request = { invitationId: invitation.invitationId };
  const done = (text: string) => ({
    onSuccess: () => notify.success('Saved', text),
    onError: (error: unknown) => notify.error('Error', errorMessage(error)),
  });
  return (
    <li className="members__item" aria-label={`Invitation to ${invitation.email}`}>
      <div className="members__head">
        <strong>{invitation.email}</strong>
        <Tag color="gold">{COMPANY_ROLE_LABELS[invitation.role]}</Tag>
        {invitation.expired && <Tag color="red">Expired</Tag>}
      </div>
      <span className="profile-field__hint">
        {invitation.expired ? 'Expired' : 'Valid until'}{' '}
        {businessDayFormat.format(new Date(invitation.expiresAt))}
        {invitation.invitedBy ? ` · invited by ${invitation.invitedBy}` : ''}
      </span>
      <div className="ship-to__actions">
        <Button
          onClick={() =>
            resend.mutate(request, done(`Invitation sent again to ${invitation.email}.`))
          }
          loading={resend.isPending}
          aria-label={`Resend the invitation to ${invitation.email}`}
        >
          Resend
        </Button>
        <Button
          danger
          onClick={() =>
            revoke.mutate(request, done(`Invitation to ${invitation.email} withdrawn.`))
          }
          loading={revoke.isPending}
          aria-label={`Withdraw the invitation to ${invitation.email}`}
        >
          Withdraw
        </Button>
      </div>
    </li>
  );
}

type InviteForm = z.input<typeof inviteMemberRequest>;

/** The owner invites an address with a role (a buyer with their locations). */
function InviteForm({
  companyId,
  locations,
  onDone,
}: {
  companyId: string;
  locations: readonly LocationRecord[];
  onDone: () => void;
}) {
  const notify = useNotify();
  const invite = useInviteMember(companyId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<InviteForm, unknown, InviteMemberRequest>({
    resolver: zodResolver(inviteMemberRequest),
    defaultValues: { email: '', role: 'buyer', locationIds: [] },
  });
  const role = useWatch({ control: form.control, name: 'role' });
  const onSubmit = form.handleSubmit(async (value) => {
    setFailure(null);
    try {
      await invite.mutateAsync({
        email: value.email,
        role: value.role,
        locationIds: value.role === 'buyer' ? (value.locationIds ?? []) : [],
      });
      notify.success('Invitation sent', `We mailed an invitation to ${String(value.email)}.`);
      onDone();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });
  const { errors } = form.formState;
  return (
    <form className="members__editor" onSubmit={(event) => void onSubmit(event)} noValidate>
      <h3 className="members__subtitle">Invite a member</h3>
      <FormField
        className="profile-field"
        id="invite-email"
        label="Email"
        error={errors.email?.message}
      >
        {(aria) => (
          <Controller
            control={form.control}
            name="email"
            render={({ field }) => (
              <TextInput {...field} {...aria} type="email" size="large" autoComplete="off" />
            )}
          />
        )}
      </FormField>
      <FormField
        className="profile-field"
        id="invite-role"
        label="Role"
        hint={COMPANY_ROLE_HINTS[role]}
      >
        <Controller
          control={form.control}
          name="role"
          render={({ field }) => (
            <NativeSelect
              id="invite-role"
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              options={roleOptions}
            />
          )}
        />
      </FormField>
      {role === 'buyer' && (
        <Controller
          control={form.control}
          name="locationIds"
          render={({ field }) => (
            <LocationChoices
              idPrefix="invite"
              locations={locations}
              value={field.value ?? []}
              onChange={field.onChange}
            />
          )}
        />
      )}
      {failure && <Alert type="error" title={failure} role="alert" />}
      <div className="ship-to__actions">
        <Button type="primary" htmlType="submit" size="large" loading={invite.isPending}>
          Send invitation
        </Button>
        <Button size="large" onClick={onDone} disabled={invite.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
