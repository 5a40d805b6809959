import { useId, useRef } from 'react';
import { Button } from '@/components/button';
import { TextInput } from '@/components/text-input';
import { useNotify } from '@/lib/notify';
import { QUOTES_TEXTS } from './quote-text';

/** The link mailed, read-only, with a Copy button (the clipboard may be refused: then select it). */
export function PaymentLink({ url }: { url: string }) {
  const notify = useNotify();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notify.success(QUOTES_TEXTS.copied);
    } catch {
      input.current?.select();
      notify.error('Error', QUOTES_TEXTS.copyFailed);
    }
  };
  return (
    <div className="send-quote__link">
      <label htmlFor={id}>Payment link</label>
      <div className="send-quote__link-row">
        <TextInput
          ref={input}
          id={id}
          readOnly
          value={url}
          onFocus={(event) => event.target.select()}
        />
        <Button onClick={() => void copy()}>{QUOTES_TEXTS.copyLink}</Button>
      </div>
    </div>
  );
}
