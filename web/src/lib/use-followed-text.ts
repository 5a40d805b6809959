import { useState } from 'react';

/**
 * A search box's text that follows `value` (what the address says) when it changes from
 * elsewhere (Back, a link, Clear filters), but not when it comes to say what the box itself
 * wrote (`wrote`): the router takes a new address in as a transition, drawn after any letter
 * typed meanwhile, and putting the written text back in the box lost those letters ("cup-16"
 * became "cu-16" on a busy phone) and the space after a word searched alone ("cloud " then
 * "nine" became "cloudnine"). The store's search and the dashboard tables' share it.
 */
export function useFollowedText(value: string) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  const [sent, setSent] = useState<string | null>(null);
  if (value !== shown) {
    setShown(value);
    if (value !== sent) setText(value);
    setSent(null);
  }
  return { text, setText, wrote: setSent };
}
