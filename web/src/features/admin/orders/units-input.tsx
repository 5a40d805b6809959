import { Input } from 'antd';
import { useState } from 'react';

/** The units typed in a box: null when empty, NaN when not a whole number of 0 or more. */
export function parseUnits(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/**
 * A box of whole units for the dialogs' line tables: antd's Input with the numeric keyboard
 * (InputNumber's step icons would split a chunk every page loads). It keeps what was typed
 * while that reads as `value`, and shows `value` when it moved on its own (a default that
 * follows another box).
 */
export function UnitsInput({
  value,
  onChange,
  label,
  describedBy,
}: {
  value: number | null;
  onChange: (value: number | null) => void;
  label: string;
  describedBy?: string;
}) {
  const [text, setText] = useState(value === null ? '' : String(value));
  const shown = Object.is(parseUnits(text), value) ? text : value === null ? '' : String(value);
  return (
    <Input
      aria-label={label}
      aria-describedby={describedBy}
      inputMode="numeric"
      autoComplete="off"
      style={{ width: 72, textAlign: 'right' }}
      value={shown}
      onChange={(event) => {
        setText(event.target.value);
        onChange(parseUnits(event.target.value));
      }}
    />
  );
}
