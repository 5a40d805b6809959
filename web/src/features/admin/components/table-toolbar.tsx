import { DownloadOutlined } from '@ant-design/icons';
import { SEARCH_TEXT_MAX, type DayRange } from '@portal/domain';
import { Alert, Button, DatePicker, Input, Select } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import './admin-tables.css';

/** How long the search box waits after the last key before it searches. */
export const SEARCH_DEBOUNCE_MS = 300;

const DAY_FORMAT = 'YYYY-MM-DD';

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
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    // The URL moved (cleared, Back): show what it says now.
    setShown(value);
    setText(value);
  }
  const latest = useRef(onSearch);
  useEffect(() => {
    latest.current = onSearch;
  }, [onSearch]);

  useEffect(() => {
    if (text.trim() === value) return undefined;
    const timer = setTimeout(() => latest.current(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);

  return (
    <Input.Search
      className="admin-toolbar__search"
      aria-label={placeholder}
      placeholder={placeholder}
      value={text}
      maxLength={SEARCH_TEXT_MAX}
      allowClear
      onChange={(event) => setText(event.target.value)}
      onSearch={(typed) => {
        const trimmed = typed.trim();
        if (trimmed !== value) onSearch(trimmed);
      }}
    />
  );
}

export interface ToolbarSelect {
  label: string;
  value: string | null;
  options: readonly { value: string; label: ReactNode }[];
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
    <div className="admin-toolbar" role="search">
      <SearchBox {...search} />
      {selects.map((select) => (
        <Select<string>
          key={select.label}
          className="admin-toolbar__select"
          aria-label={select.label}
          prefix={`${select.label}:`}
          value={select.value ?? ALL}
          popupMatchSelectWidth={false}
          options={[{ value: ALL, label: 'All' }, ...select.options]}
          onChange={(value) => select.onChange(value === ALL ? null : value)}
        />
      ))}
      <DatePicker.RangePicker
        className="admin-toolbar__range"
        classNames={{ popup: { root: 'admin-range-popup' } }}
        aria-label={range.label}
        placeholder={['From', 'To']}
        format={DAY_FORMAT}
        // Either end may be left empty: with both required, Tab from the empty From field is
        // pulled back into it (the picker locks the focus on a required empty field), a keyboard
        // trap. A half range is no range (onChange below).
        allowEmpty={[true, true]}
        value={range.value ? [dayjs(range.value.from), dayjs(range.value.to)] : null}
        onChange={(days) => {
          const [from, to] = days ?? [];
          range.onChange(
            from && to ? { from: from.format(DAY_FORMAT), to: to.format(DAY_FORMAT) } : null,
          );
        }}
      />
      {sort && (
        <Select<string>
          aria-label="Sort"
          className="admin-toolbar__select"
          prefix="Sort:"
          value={sort.value}
          options={[...sort.options]}
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
      className="admin-table-alert"
      type="warning"
      showIcon
      title="Some filters in this link were ignored."
      description={
        <ul className="admin-table-alert__list">
          {ignored.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      }
    />
  );
}
