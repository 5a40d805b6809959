import { SEARCH_TEXT_MAX, type DayRange } from '@portal/domain';
import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { useFollowedText } from '@/lib/use-followed-text';
import { Alert } from '../alert';
import { Button } from '../button';
import { DownloadOutlined, DownOutlined, SearchOutlined } from '../icons';
import { TextInput } from '../text-input';
import './table.css';

/** How long the search box waits after the last key before it searches. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The search box: searches SEARCH_DEBOUNCE_MS after the last key, or at once on Enter; follows
 * the URL when it changes from elsewhere (Clear filters, Back).
 */
function SearchBox({
  value,
  placeholder,
  onSearch,
}: {
  value: string;
  placeholder: string;
  onSearch: (text: string) => void;
}) {
  // The URL moved (cleared, Back): the box shows what it says now; what it searched (trimmed)
  // coming back keeps what was typed since, and the space after a word.
  const { text, setText, wrote } = useFollowedText(value);
  const latest = useRef(onSearch);
  useEffect(() => {
    latest.current = onSearch;
  }, [onSearch]);
  const search = useCallback(
    (trimmed: string) => {
      wrote(trimmed);
      latest.current(trimmed);
    },
    [wrote],
  );

  useEffect(() => {
    if (text.trim() === value) return undefined;
    const timer = setTimeout(() => search(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, search]);

  return (
    <TextInput
      type="search"
      className="table-toolbar__search"
      prefix={<SearchOutlined />}
      aria-label={placeholder}
      placeholder={placeholder}
      value={text}
      maxLength={SEARCH_TEXT_MAX}
      allowClear
      onChange={(event) => setText(event.target.value)}
      onPressEnter={() => {
        const trimmed = text.trim();
        if (trimmed !== value) search(trimmed);
      }}
    />
  );
}

const RANGE_ENDS = [
  { end: 'from', text: 'From' },
  { end: 'to', text: 'To' },
] as const;

/** `{ from, to }` as one string, so a range is compared by its days, not by its object. */
const rangeKey = (range: DayRange | null) => (range ? `${range.from}/${range.to}` : '');

/** What the two fields show for a range ('' for an end not given). */
const fieldsOf = (range: DayRange | null) => ({ from: range?.from ?? '', to: range?.to ?? '' });

/**
 * The date range as two native date fields, From and To: a phone shows its own date picker, a
 * keyboard types the day, and the dashboard loads no calendar library for it. The range applies
 * once both ends are set (the earlier day first); emptying either end removes it. An end alone
 * stays in its field until the other is given.
 */
function DayRangeInputs({
  value,
  label,
  onChange,
}: {
  value: DayRange | null;
  label: string;
  onChange: (range: DayRange | null) => void;
}) {
  const key = rangeKey(value);
  const [draft, setDraft] = useState(() => fieldsOf(value));
  // The range the URL held at the last render, and the one these fields last asked for.
  const [seen, setSeen] = useState(key);
  const [asked, setAsked] = useState<string | null>(null);
  if (key !== seen) {
    setSeen(key);
    setAsked(null);
    // Moved from elsewhere (Clear filters, Back): show what the URL says now.
    if (key !== asked) setDraft(fieldsOf(value));
  }

  const change = (end: 'from' | 'to', day: string) => {
    const typed = { ...draft, [end]: day };
    const next =
      typed.from && typed.to && typed.from > typed.to ? { from: typed.to, to: typed.from } : typed;
    setDraft(next);
    const range = next.from && next.to ? next : null;
    if (range || value) {
      setAsked(rangeKey(range));
      onChange(range);
    }
  };

  return (
    <div className="table-toolbar__range" role="group" aria-label={label}>
      {RANGE_ENDS.map(({ end, text }) => (
        <TextInput
          key={end}
          type="date"
          className="table-toolbar__day"
          prefix={<span className="table-toolbar__prefix">{text}</span>}
          aria-label={`${label}: ${end}`}
          placeholder={text}
          value={draft[end]}
          // The browser's picker offers no From after To, and no To before From.
          min={end === 'to' ? draft.from || undefined : undefined}
          max={end === 'from' ? draft.to || undefined : undefined}
          onChange={(event) => change(end, event.target.value)}
        />
      ))}
    </div>
  );
}

export interface ToolbarSelect {
  label: string;
  value: string | null;
  options: readonly { value: string; label: string }[];
  onChange: (value: string | null) => void;
}

/** The sort on phones, where there are no column headers to click. */
export interface ToolbarSort {
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}

const ALL = 'all';

/**
 * A filter as the browser's own select, its label written inside the box before the choice
 * ("Status: All"), as antd's Select with a prefix drew it: a phone opens its own picker.
 */
function LabelledSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const select = useRef<HTMLSelectElement>(null);
  const openPicker = (event: MouseEvent) => {
    // Not a click on the select or one of its options (Firefox clicks the option picked).
    if (!select.current || select.current.contains(event.target as Node)) return;
    select.current.focus();
    try {
      select.current.showPicker();
    } catch {
      // Not every browser opens a select's picker from script: the focus is there.
    }
  };
  return (
    <span className="table-toolbar__select" onClick={openPicker}>
      <span className="table-toolbar__prefix" aria-hidden="true">
        {label}:
      </span>
      <select
        ref={select}
        aria-label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <DownOutlined className="table-toolbar__arrow" />
    </span>
  );
}

/**
 * A server-side table's toolbar: search, filters, a date range, the sort (phones) and Export
 * CSV. It wraps on narrow screens.
 */
export function TableToolbar({
  search,
  selects,
  range,
  onExport,
  exporting,
  sort,
}: {
  search: { value: string; placeholder: string; onSearch: (text: string) => void };
  selects: readonly ToolbarSelect[];
  range: { value: DayRange | null; label: string; onChange: (range: DayRange | null) => void };
  onExport: () => void;
  exporting: boolean;
  sort?: ToolbarSort;
}) {
  return (
    <div className="table-toolbar" role="search">
      <SearchBox {...search} />
      {selects.map((select) => (
        <LabelledSelect
          key={select.label}
          label={select.label}
          value={select.value ?? ALL}
          options={[{ value: ALL, label: 'All' }, ...select.options]}
          onChange={(value) => select.onChange(value === ALL ? null : value)}
        />
      ))}
      <DayRangeInputs {...range} />
      {sort && (
        <LabelledSelect
          label="Sort"
          value={sort.value}
          options={sort.options}
          onChange={sort.onChange}
        />
      )}
      <Button icon={<DownloadOutlined />} onClick={onExport} loading={exporting}>
        Export CSV
      </Button>
    </div>
  );
}

/** What a hand-edited or stale link asked for that the table could not use. */
export function IgnoredParamsAlert({ ignored }: { ignored: readonly string[] }) {
  if (ignored.length === 0) return null;
  return (
    <Alert
      className="table-alert"
      type="warning"
      title="Some filters in this link were ignored."
      description={
        <ul className="table-alert__list">
          {ignored.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      }
    />
  );
}
