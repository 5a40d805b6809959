import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

/**
 * A labelled text input bound to react-hook-form, with its inline message announced to screen
 * readers and tied to the input by aria-describedby. A plain input styled by auth.css, so the
 * sign-in pages load no antd.
 */
export function TextField<T extends FieldValues>({
  control,
  name,
  label,
  id,
  type = 'text',
  autoComplete,
  maxLength,
  hint,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  id: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  maxLength?: number;
  hint?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = fieldState.error?.message;
        const describedBy = [hint && `${id}-hint`, error && `${id}-error`]
          .filter(Boolean)
          .join(' ');
        return (
          <div className="auth-field">
            <label htmlFor={id} className="auth-field__label">
              {label}
            </label>
            <input
              {...field}
              value={typeof field.value === 'string' ? field.value : ''}
              id={id}
              type={type}
              className="auth-input"
              autoComplete={autoComplete}
              maxLength={maxLength}
              aria-invalid={!!error}
              aria-describedby={describedBy || undefined}
            />
            {hint && (
              <p id={`${id}-hint`} className="auth-field__hint">
                {hint}
              </p>
            )}
            {error && (
              <p id={`${id}-error`} className="auth-field__error" role="alert">
                {error}
              </p>
            )}
          </div>
        );
      }}
    />
  );
}
