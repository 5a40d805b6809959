/**
 * The companies a price list goes to: a multi-select that searches companies by name on the
 * server as the manager types (searchCompanies, A to Z), the chosen ones shown as tags. The names
 * of the companies a list already had are read once from their documents; a company chosen here
 * keeps the name the search gave it.
 */
import { useQueries } from '@tanstack/react-query';
import {
  PRICE_LIST_LIMITS,
  ROLE_LABELS,
  type CompanyRow,
  type ProfileStatus,
} from '@portal/domain';
import { Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { companyQueryOptions } from '@/entities/company';
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

/** The names of the companies a list had when the editor opened, by id (null: not found). */
function useInitialNames(ids: readonly string[]): {
  names: ReadonlyMap<string, string | null>;
  loading: boolean;
} {
  const results = useQueries({ queries: ids.map((id) => companyQueryOptions(id)) });
  const names = new Map<string, string | null>();
  ids.forEach((id, index) => {
    const result = results[index];
    if (result?.isSuccess) names.set(id, result.data?.name ?? null);
    else if (result?.isError) names.set(id, null);
  });
  return { names, loading: results.some((result) => result.isPending) };
}

interface Option {
  value: string;
  label: string;
  /** "Retailer · Approved", under the name in the list. */
  detail?: string;
}

const STATUS_LABELS: Readonly<Record<ProfileStatus, string>> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

const rowDetail = (row: CompanyRow) =>
  `${ROLE_LABELS[row.businessType]} · ${STATUS_LABELS[row.status]}`;

export function CompaniesField({
  id,
  value,
  initialIds,
  invalid,
  describedBy,
  onChange,
  onBlur,
}: {
  id: string;
  value: string[];
  /** The list's companies when the editor opened (their names are read once). */
  initialIds: readonly string[];
  invalid: boolean;
  describedBy: string | undefined;
  onChange: (ids: string[]) => void;
  onBlur: () => void;
}) {
  const [typed, setTyped] = useState('');
  const q = useDebounced(typed.trim(), SEARCH_DELAY_MS);
  const search = useSearchCompanies({ q, sort: 'name', direction: 'asc', pageSize: 20 });
  const initial = useInitialNames(initialIds);
  // Names of the companies chosen from a search (a later search may not list them).
  const [picked, setPicked] = useState<ReadonlyMap<string, string>>(new Map());
  const rows = useMemo(() => search.data?.rows ?? [], [search.data]);

  const nameOf = (companyId: string): string => {
    const known =
      picked.get(companyId) ??
      initial.names.get(companyId) ??
      rows.find((row) => row.id === companyId)?.name;
    if (known) return known;
    return initial.loading ? 'Loading…' : `Unknown company (${companyId})`;
  };

  const chosen = new Set(value);
  const options: Option[] = [
    ...value.map((companyId) => ({ value: companyId, label: nameOf(companyId) })),
    ...rows
      .filter((row) => !chosen.has(row.id))
      .map((row) => ({ value: row.id, label: row.name, detail: rowDetail(row) })),
  ];

  const change = (ids: string[]) => {
    const found = rows.filter((row) => ids.includes(row.id) && !picked.has(row.id));
    if (found.length > 0) {
      setPicked((names) => new Map([...names, ...found.map((row) => [row.id, row.name] as const)]));
    }
    onChange(ids);
  };

  return (
    <Select<string[], Option>
      id={id}
      mode="multiple"
      style={{ width: '100%' }}
      placeholder="Search companies by name"
      value={value}
      options={options}
      onChange={change}
      onBlur={onBlur}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      loading={search.isFetching}
      maxCount={PRICE_LIST_LIMITS.companies}
      notFoundContent={search.isFetching ? 'Searching…' : 'No company matches this search'}
      optionRender={(option) => (
        <span className="price-list-company-option">
          <span>{option.data.label}</span>
          {option.data.detail && (
            <span className="price-list-company-option__detail">{option.data.detail}</span>
          )}
        </span>
      )}
      status={invalid ? 'error' : undefined}
      aria-invalid={invalid}
      aria-describedby={describedBy}
    />
  );
}
