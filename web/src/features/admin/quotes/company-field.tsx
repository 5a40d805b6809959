/**
 * The company a new draft is for: a select that searches the approved companies by name on the
 * server as the manager types (searchCompanies, A to Z), each with its tier and cities. The name
 * of the company chosen is kept, so a later search that does not list it still shows it.
 */
import { ROLE_LABELS, type CompanyRow } from '@portal/domain';
import { Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useSearchCompanies } from '../common/search';

/** How long typing pauses before the search goes to the server. */
const SEARCH_DELAY_MS = 300;

function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

interface Option {
  value: string;
  label: string;
  /** "Wholesaler · San Francisco", under the name in the list. */
  detail?: string;
}

const rowDetail = (row: CompanyRow) =>
  [ROLE_LABELS[row.businessType], row.cities.join(', ')].filter(Boolean).join(' · ');

export function CompanyField({
  id,
  value,
  invalid,
  describedBy,
  onChange,
  onBlur,
}: {
  id: string;
  value: string;
  invalid: boolean;
  describedBy: string | undefined;
  onChange: (companyId: string) => void;
  onBlur: () => void;
}) {
  const [typed, setTyped] = useState('');
  const q = useDebounced(typed.trim(), SEARCH_DELAY_MS);
  const search = useSearchCompanies({
    q,
    status: 'approved',
    sort: 'name',
    direction: 'asc',
    pageSize: 20,
  });
  const [picked, setPicked] = useState<Option | null>(null);
  const rows = useMemo(() => search.data?.rows ?? [], [search.data]);
  const options: Option[] = rows.map((row) => ({
    value: row.id,
    label: row.name,
    detail: rowDetail(row),
  }));
  if (picked && picked.value === value && !options.some((option) => option.value === value)) {
    options.unshift(picked);
  }

  return (
    <Select<string, Option>
      id={id}
      style={{ width: '100%' }}
      placeholder="Search approved companies by name"
      value={value || null}
      options={options}
      onChange={(companyId, option) => {
        if (option && !Array.isArray(option)) setPicked(option);
        onChange(companyId);
      }}
      onBlur={onBlur}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      loading={search.isFetching}
      notFoundContent={search.isFetching ? 'Searching…' : 'No approved company matches this search'}
      optionRender={(option) => (
        <span className="quote-company-option">
          <span>{option.data.label}</span>
          {option.data.detail && (
            <span className="quote-company-option__detail">{option.data.detail}</span>
          )}
        </span>
      )}
      status={invalid ? 'error' : undefined}
      aria-invalid={invalid}
      aria-describedby={describedBy}
    />
  );
}
