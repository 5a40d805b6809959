import {
  COMPANY_ROLE_HINTS,
  COMPANY_ROLE_LABELS,
  COMPANY_ROLES,
  emailSchema,
  type CompanyInvitationView,
  type CompanyLocationDetails,
  type CompanyRole,
} from '@portal/domain';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { FormField } from '@/components/form-field';
import { Tag } from '@/components/tag';
import { TextInput } from '@/components/text-input';
import { TextSkeleton } from '@/components/skeleton';
import { callableErrorMessage } from '@/lib/callable-errors';
import { useNotify } from '@/lib/notify';
import { useCompanyMembers, useInviteMember } from '../common/search';
import { businessDayFormat } from '@/lib/intl-formats';

export const ADD_MEMBER_TEXTS = {
  sent: (email: string) => `We emailed an invitation to ${email}.`,
  failed: 'Could not send the invitation.',
  loadFailed: 'Could not load the invitations.',
  none: 'No pending invitations.',
} as const;

/** The names of these locations, in the company's order ("All locations" for a role that has them all). */
export function locationNames(
  role: CompanyRole,
  ids: readonly string[],
  locations: readonly CompanyLocationDetails[],
): string {
  if (role !== 'buyer') return 'All locations';
  const names = locations.filter((l) => ids.includes(l.id)).map((l) => l.name);
  return names.length > 0 ? names.join(', ') : 'No locations';
}

/**
 * A manager adds a member to the company: an invitation (inviteMember naming the company) to an
 * address, with a role and, for a buyer, the locations they order for. A refusal shows the
 * server's reason (an address already a member, of another company, a manager's, …).
 */
function AddMemberForm({
  companyId,
  locations,
}: {
  companyId: string;
  locations: readonly CompanyLocationDetails[];
}) {
  const id = useId();
  const notify = useNotify();
  const invite = useInviteMember(companyId);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<CompanyRole>('buyer');
  const [locationIds, setLocationIds] = useState<string[]>([]);
  const [emailError, setEmailError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const open = locations.filter((location) => !location.archived);

  const toggle = (locationId: string, on: boolean) =>
    setLocationIds((ids) =>
      on ? [...ids, locationId] : ids.filter((other) => other !== locationId),
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message ?? 'Enter a valid email address.');
      return;
    }
    setEmailError(undefined);
    try {
      await invite.mutateAsync({
        email: parsed.data,
        role,
        locationIds: role === 'buyer' ? locationIds : [],
      });
      notify.success('Invitation sent', ADD_MEMBER_TEXTS.sent(parsed.data));
      setEmail('');
      setLocationIds([]);
    } catch (error) {
      setRefusal(callableErrorMessage(error, ADD_MEMBER_TEXTS.failed));
    }
  };

  return (
    <form
      className="company-invite"
      aria-label="Add member"
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <FormField id={`${id}-email`} label="Email" error={emailError}>
        {(control) => (
          <TextInput
            {...control}
            type="email"
            autoComplete="off"
            value={email}
            maxLength={254}
            onChange={(event) => setEmail(event.target.value)}
          />
        )}
      </FormField>
      <fieldset className="company-invite__group">
        <legend className="company-invite__legend">Role</legend>
        {COMPANY_ROLES.map((value) => (
          <label key={value} className="company-invite__choice">
            <input
              type="radio"
              name={`${id}-role`}
              value={value}
              checked={role === value}
              aria-describedby={`${id}-role-${value}`}
              onChange={() => setRole(value)}
            />
            <span>
              <span className="company-invite__choice-label">{COMPANY_ROLE_LABELS[value]}</span>
              <span id={`${id}-role-${value}`} className="company-invite__hint">
                {COMPANY_ROLE_HINTS[value]}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      {role === 'buyer' && (
        <fieldset className="company-invite__group">
          <legend className="company-invite__legend">Locations</legend>
          {open.length === 0 ? (
            <p className="company-invite__hint">This company has no locations yet.</p>
          ) : (
            open.map((location) => (
              <label key={location.id} className="company-invite__choice">
                <input
                  type="checkbox"
                  checked={locationIds.includes(location.id)}
                  onChange={(event) => toggle(location.id, event.target.checked)}
                />
                <span>{location.name}</span>
              </label>
            ))
          )}
        </fieldset>
      )}
      {refusal && <Alert className="company-invite__refusal" type="error" title={refusal} />}
      <Button type="primary" htmlType="submit" loading={invite.isPending}>
        Send invitation
      </Button>
    </form>
  );
}

function Invitation({
  invitation,
  locations,
}: {
  invitation: CompanyInvitationView;
  locations: readonly CompanyLocationDetails[];
}) {
  return (
    <li className="company-invitations__item" aria-label={invitation.email}>
      <div className="company-invitations__head">
        <strong>{invitation.email}</strong>
        {invitation.expired && <Tag color="orange">Expired</Tag>}
      </div>
      <div className="admin-muted">
        {COMPANY_ROLE_LABELS[invitation.role]} ·{' '}
        {locationNames(invitation.role, invitation.locationIds, locations)}
      </div>
      <div className="admin-muted">
        Invited by {invitation.invitedBy}
        {!invitation.expired &&
          ` · expires ${businessDayFormat.format(new Date(invitation.expiresAt))}`}
      </div>
    </li>
  );
}

/** The pending invitations (listCompanyMembers), with their loading, empty and error states. */
function PendingInvitations({
  companyId,
  locations,
}: {
  companyId: string;
  locations: readonly CompanyLocationDetails[];
}) {
  const members = useCompanyMembers(companyId);
  const titleId = useId();
  let body;
  if (members.isPending) {
    body = (
      <div role="status" aria-label="Loading invitations">
        <TextSkeleton rows={2} />
      </div>
    );
  } else if (members.isError) {
    body = (
      <Alert
        type="error"
        title={ADD_MEMBER_TEXTS.loadFailed}
        action={
          <Button size="small" onClick={() => void members.refetch()}>
            Retry
          </Button>
        }
      />
    );
  } else if (members.data.invitations.length === 0) {
    body = <span className="admin-secondary">{ADD_MEMBER_TEXTS.none}</span>;
  } else {
    body = (
      <ul className="company-invitations" aria-label="Pending invitations">
        {members.data.invitations.map((invitation) => (
          <Invitation key={invitation.invitationId} invitation={invitation} locations={locations} />
        ))}
      </ul>
    );
  }
  return (
    <section aria-labelledby={titleId}>
      <h3 id={titleId} className="company-invite__subtitle">
        Pending invitations
      </h3>
      {body}
    </section>
  );
}

/** The company page's Add member box: the form, then the pending invitations. */
export function AddMember({
  companyId,
  locations,
}: {
  companyId: string;
  locations: readonly CompanyLocationDetails[];
}) {
  return (
    <>
      <AddMemberForm companyId={companyId} locations={locations} />
      <PendingInvitations companyId={companyId} locations={locations} />
    </>
  );
}
