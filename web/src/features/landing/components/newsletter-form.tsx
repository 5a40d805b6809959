import { useId, useState, type FormEvent } from 'react';
import { newsletterFormSchema } from '@portal/domain';
import { brand } from '@/config/brand';
import { useSubscribeNewsletter } from '../api/use-subscribe-newsletter';
import styles from './landing.module.css';

/** Footer newsletter: validates with newsletterFormSchema, asks for a subscription (double opt-in), thanks inline. */
export function NewsletterForm() {
  const inputId = useId();
  const errorId = useId();
  const [email, setEmail] = useState('');
  const [validationError, setValidationError] = useState<string | null>(null);
  const { state, subscribe } = useSubscribeNewsletter();

  if (state.status === 'done') {
    return (
      <p className={styles.newsletterThanks} role="status">
        {brand.footer.newsletterThanks}
      </p>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = newsletterFormSchema.safeParse({ email });
    if (!parsed.success) {
      setValidationError(parsed.error.issues[0]?.message ?? 'Enter a valid email address');
      return;
    }
    setValidationError(null);
    void subscribe(parsed.data.email);
  };

  const error = validationError ?? (state.status === 'error' ? state.message : null);
  const sending = state.status === 'sending';

  return (
    <form
      className={styles.newsletter}
      onSubmit={onSubmit}
      noValidate
      aria-label="Newsletter signup"
    >
      <label htmlFor={inputId} className={styles.newsletterLabel}>
        {brand.footer.newsletterLabel}
      </label>
      <div className={styles.newsletterRow}>
        <input
          id={inputId}
          className={styles.newsletterInput}
          type="email"
          name="email"
          autoComplete="email"
          placeholder="Enter your email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <button type="submit" className={styles.button} disabled={sending}>
          {sending ? 'Subscribing…' : 'Subscribe'}
        </button>
      </div>
      {error && (
        <p id={errorId} className={styles.newsletterError} role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
