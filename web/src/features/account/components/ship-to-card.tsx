import { zodResolver } from '@hookform/resolvers/zod';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { FormField } from '@/components/form-field';
import { TextInput } from '@/components/text-input';
import { useState } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { shipToSchema, US_STATES, type ShipTo } from '@portal/domain';
import type { z } from 'zod/mini';
import { NativeSelect } from '@/components/native-select';
import { ShipToAddress } from '@/components/order-fulfilment';
import { useSaveShipTo } from '@/entities/profile';
import { errorMessage, useNotify } from '@/lib/notify';

type ShipToForm = z.input<typeof shipToSchema>;

const EMPTY: ShipToForm = {
  name: '',
  phone: '',
  address: { line1: '', line2: '', city: '', state: '', postal_code: '', country: 'US' },
};

const stateOptions = US_STATES.map((code) => ({ value: code, label: code }));

/**
 * My Account's default ship-to: the last order's, or as edited here. Saved through the
 * saveShipTo function (the Stripe Customer first, so Checkout pre-fills it next time).
 */
export function ShipToCard({ uid, shipTo }: { uid: string; shipTo: ShipTo | null }) {
  const [editing, setEditing] = useState(false);
  return (
    <section className="account-card profile-card" aria-labelledby="ship-to-title">
      <h2 className="profile-card__title" id="ship-to-title">
        Ship-to address
      </h2>
      {editing ? (
        <ShipToEditor uid={uid} shipTo={shipTo} onDone={() => setEditing(false)} />
      ) : (
        <>
          {shipTo ? (
            <ShipToAddress shipTo={shipTo} className="ship-to__address" />
          ) : (
            <p className="profile-field__hint">
              No ship-to address yet. Checkout will ask for one.
            </p>
          )}
          <Button onClick={() => setEditing(true)} size="large">
            {shipTo ? 'Edit address' : 'Add address'}
          </Button>
        </>
      )}
    </section>
  );
}

function ShipToEditor({
  uid,
  shipTo,
  onDone,
}: {
  uid: string;
  shipTo: ShipTo | null;
  onDone: () => void;
}) {
  const notify = useNotify();
  const save = useSaveShipTo(uid);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ShipToForm, unknown, ShipTo>({
    resolver: zodResolver(shipToSchema),
    defaultValues: shipTo ?? EMPTY,
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (value) => {
    setFailure(null);
    try {
      await save.mutateAsync(value);
      notify.success('Saved', 'Ship-to address saved. Checkout will use it next time.');
      onDone();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });

  const text = (
    name: FieldPath<ShipToForm>,
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
      {text('name', 'ship-to-name', 'Full name', errors.name?.message, {
        autoComplete: 'shipping name',
        maxLength: 100,
      })}
      {text('phone', 'ship-to-phone', 'Phone', errors.phone?.message, {
        autoComplete: 'shipping tel',
        inputMode: 'tel',
      })}
      {text('address.line1', 'ship-to-line1', 'Address line 1', errors.address?.line1?.message, {
        autoComplete: 'shipping address-line1',
        maxLength: 100,
      })}
      {text('address.line2', 'ship-to-line2', 'Address line 2', errors.address?.line2?.message, {
        autoComplete: 'shipping address-line2',
        maxLength: 100,
      })}
      {text('address.city', 'ship-to-city', 'City', errors.address?.city?.message, {
        autoComplete: 'shipping address-level2',
        maxLength: 60,
      })}
      <div className="ship-to__row">
        <FormField
          className="profile-field"
          id="ship-to-state"
          label="State"
          error={errors.address?.state?.message}
        >
          <Controller
            control={form.control}
            name="address.state"
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
                invalid={!!errors.address?.state}
              />
            )}
          />
        </FormField>
        {text(
          'address.postal_code',
          'ship-to-zip',
          'ZIP code',
          errors.address?.postal_code?.message,
          {
            autoComplete: 'shipping postal-code',
            inputMode: 'numeric',
          },
        )}
      </div>
      <p className="profile-field__hint">Country: United States (we ship to US addresses only)</p>
      {failure && <Alert type="error" title={failure} role="alert" />}
      <div className="ship-to__actions">
        <Button type="primary" htmlType="submit" size="large" loading={save.isPending}>
          Save address
        </Button>
        <Button size="large" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
