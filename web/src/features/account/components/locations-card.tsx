import { zodResolver } from '@hookform/resolvers/zod';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { FormField } from '@/components/form-field';
import { Tag } from '@/components/tag';
import { TextInput } from '@/components/text-input';
import { useState } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { COMPANY_LIMITS, locationInputSchema, US_STATES, type LocationInput } from '@portal/domain';
import type { z } from 'zod/mini';
import { NativeSelect } from '@/components/native-select';
import { ShipToAddress } from '@/components/order-fulfilment';
import {
  useArchiveLocation,
  useLocations,
  useSaveLocation,
  type LocationRecord,
} from '@/entities/company';
import { errorMessage, useNotify } from '@/lib/notify';

type LocationForm = z.input<typeof locationInputSchema>;

const EMPTY: LocationForm = {
  name: '',
  ship_to: {
    name: '',
    phone: '',
    address: { line1: '', line2: '', city: '', state: '', postal_code: '', country: 'US' },
  },
  delivery_notes: '',
};

const stateOptions = US_STATES.map((code) => ({ value: code, label: code }));

/**
 * My Account's locations: the company's stores orders ship to (docs/companies.md#locations).
 * Every member sees them; the owner adds, edits and archives them through the saveLocation and
 * archiveLocation functions. An archived location stays on the orders that shipped to it.
 */
export function LocationsCard({ companyId, canManage }: { companyId: string; canManage: boolean }) {
  const locations = useLocations(companyId);
  // null: not editing; 'new': adding one; else the id of the one being edited.
  const [editing, setEditing] = useState<string | null>(null);
  const list = locations.data ?? [];
  const editingLocation = list.find((location) => location.id === editing) ?? null;
  return (
    <section className="account-card profile-card" aria-labelledby="locations-title">
      <h2 className="profile-card__title" id="locations-title">
        Locations
      </h2>
      {locations.isPending && <p className="profile-field__hint">Loading locations…</p>}
      {locations.isError && (
        <Alert
          type="error"
          title="Could not load the locations."
          action={<Button onClick={() => void locations.refetch()}>Try Again</Button>}
        />
      )}
      {locations.isSuccess && list.length === 0 && editing === null && (
        <p className="profile-field__hint">
          {canManage
            ? 'No locations yet. Add your store so checkout fills in its address.'
            : 'No locations yet. Checkout asks for the address.'}
        </p>
      )}
      {editing !== null ? (
        <LocationEditor
          companyId={companyId}
          location={editingLocation}
          onDone={() => setEditing(null)}
        />
      ) : (
        <ul className="locations" aria-label="Locations">
          {list.map((location) => (
            <LocationItem
              key={location.id}
              companyId={companyId}
              location={location}
              canManage={canManage}
              onEdit={() => setEditing(location.id)}
            />
          ))}
        </ul>
      )}
      {canManage && editing === null && locations.isSuccess && (
        <Button
          size="large"
          onClick={() => setEditing('new')}
          disabled={list.length >= COMPANY_LIMITS.locations}
        >
          Add location
        </Button>
      )}
    </section>
  );
}

function LocationItem({
  companyId,
  location,
  canManage,
  onEdit,
}: {
  companyId: string;
  location: LocationRecord;
  canManage: boolean;
  onEdit: () => void;
}) {
  const notify = useNotify();
  const archive = useArchiveLocation(companyId);
  const toggle = () =>
    archive.mutate(
      { locationId: location.id, archived: !location.archived },
      {
        onSuccess: () =>
          notify.success(
            'Saved',
            location.archived
              ? `${location.name} takes orders again.`
              : `${location.name} is archived. Its past orders keep it.`,
          ),
        onError: (error) => notify.error('Error', errorMessage(error)),
      },
    );
  return (
    <li className="locations__item" aria-label={location.name}>
      <div className="locations__head">
        <strong>{location.name}</strong>
        {location.archived && <Tag color="default">Archived</Tag>}
      </div>
      <ShipToAddress shipTo={location.ship_to} className="ship-to__address" />
      {location.delivery_notes && (
        <p className="profile-field__hint">Delivery notes: {location.delivery_notes}</p>
      )}
      {canManage && (
        <div className="ship-to__actions">
          {!location.archived && (
            <Button onClick={onEdit} aria-label={`Edit ${location.name}`}>
              Edit
            </Button>
          )}
          <Button
            onClick={toggle}
            loading={archive.isPending}
            aria-label={`${location.archived ? 'Restore' : 'Archive'} ${location.name}`}
          >
            {location.archived ? 'Restore' : 'Archive'}
          </Button>
        </div>
      )}
    </li>
  );
}

function LocationEditor({
  companyId,
  location,
  onDone,
}: {
  companyId: string;
  /** The location edited; null: a new one. */
  location: LocationRecord | null;
  onDone: () => void;
}) {
  const notify = useNotify();
  const save = useSaveLocation(companyId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<LocationForm, unknown, LocationInput>({
    resolver: zodResolver(locationInputSchema),
    defaultValues: location
      ? { name: location.name, ship_to: location.ship_to, delivery_notes: location.delivery_notes }
      : EMPTY,
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (value) => {
    setFailure(null);
    try {
      await save.mutateAsync({ ...(location ? { locationId: location.id } : {}), location: value });
      notify.success('Saved', `${value.name} saved.`);
      onDone();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });

  const text = (
    name: FieldPath<LocationForm>,
    id: string,
    label: string,
    error: string | undefined,
    props: Record<string, unknown> = {},
  ) => (
    <FormField className="profile-field" id={id} label={label} error={error}>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <TextInput
            id={id}
            name={field.name}
            value={(field.value as string | undefined) ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            size="large"
            aria-invalid={!!error}
            aria-describedby={error ? `${id}-error` : undefined}
            {...props}
          />
        )}
      />
    </FormField>
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="ship-to__form">
      {text('name', 'location-name', 'Location name', errors.name?.message, {
        maxLength: COMPANY_LIMITS.locationName,
        placeholder: 'Main St store',
      })}
      {text('ship_to.name', 'ship-to-name', 'Ship to (name)', errors.ship_to?.name?.message, {
        autoComplete: 'shipping name',
        maxLength: 100,
      })}
      {text('ship_to.phone', 'ship-to-phone', 'Phone', errors.ship_to?.phone?.message, {
        autoComplete: 'shipping tel',
        inputMode: 'tel',
      })}
      {text(
        'ship_to.address.line1',
        'ship-to-line1',
        'Address line 1',
        errors.ship_to?.address?.line1?.message,
        {
          autoComplete: 'shipping address-line1',
          maxLength: 100,
        },
      )}
      {text(
        'ship_to.address.line2',
        'ship-to-line2',
        'Address line 2',
        errors.ship_to?.address?.line2?.message,
        {
          autoComplete: 'shipping address-line2',
          maxLength: 100,
        },
      )}
      {text(
        'ship_to.address.city',
        'ship-to-city',
        'City',
        errors.ship_to?.address?.city?.message,
        {
          autoComplete: 'shipping address-level2',
          maxLength: 60,
        },
      )}
      <div className="ship-to__row">
        <FormField
          className="profile-field"
          id="ship-to-state"
          label="State"
          error={errors.ship_to?.address?.state?.message}
        >
          <Controller
            control={form.control}
            name="ship_to.address.state"
            render={({ field }) => (
              <NativeSelect
                id="ship-to-state"
                name={field.name}
                ref={field.ref}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                options={stateOptions}
                placeholder="Choose"
                invalid={!!errors.ship_to?.address?.state}
              />
            )}
          />
        </FormField>
        {text(
          'ship_to.address.postal_code',
          'ship-to-zip',
          'ZIP code',
          errors.ship_to?.address?.postal_code?.message,
          {
            autoComplete: 'shipping postal-code',
            inputMode: 'numeric',
          },
        )}
      </div>
      <p className="profile-field__hint">Country: United States (we ship to US addresses only)</p>
      {text(
        'delivery_notes',
        'location-notes',
        'Delivery notes (optional)',
        errors.delivery_notes?.message,
        { maxLength: COMPANY_LIMITS.deliveryNotes, placeholder: 'Back door, before 11 am' },
      )}
      {failure && <Alert type="error" title={failure} role="alert" />}
      <div className="ship-to__actions">
        <Button type="primary" htmlType="submit" size="large" loading={save.isPending}>
          Save location
        </Button>
        <Button size="large" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
