import {
  BUYER_ROLES,
  DEFAULT_TABLE_PAGE_SIZE,
  rangeProblem,
  SEARCH_TEXT_MAX,
  TABLE_PAGE_SIZES,
  type BuyerRole,
  type DayRange,
} from '@portal/domain';

/**
 * The managers' server-side tables (Orders, Users) keep their search, filters, sort and page in
 * the URL: ?q=&status=&role=&from=&to=&sort=&dir=&page=&size=. Reading never throws: anything
 * unknown falls back to its default and is named in `ignored`, so a hand-edited or stale link
 * still opens the table (with a warning) and never sends the server a request it refuses.
 */
export type SortDirection = 'asc' | 'desc';

export interface TableSpec<Status extends string, SortField extends string> {
  statuses: readonly Status[];
  /** The URL's name of each sortable column, e.g. { date: 'created_at' }. */
  sorts: Readonly<Record<string, SortField>>;
  defaultSort: SortField;
}

export interface TableState<Status extends string, SortField extends string> {
  q: string;
  status: Status | null;
  role: BuyerRole | null;
  range: DayRange | null;
  sort: SortField;
  direction: SortDirection;
  page: number;
  pageSize: number;
}

/** What the table asks the server for, but the page: also what its CSV export asks for. */
export type TableFilter<Status extends string, SortField extends string> = Omit<
  TableState<Status, SortField>,
  'page' | 'pageSize'
>;

export const TABLE_PARAM_KEYS = [
  'q',
  'status',
  'role',
  'from',
  'to',
  'sort',
  'dir',
  'page',
  'size',
] as const;

const MAX_PAGE = 10_000;
const DEFAULT_DIRECTION: SortDirection = 'desc';

export function defaultTableState<Status extends string, SortField extends string>(
  spec: TableSpec<Status, SortField>,
): TableState<Status, SortField> {
  return {
    q: '',
    status: null,
    role: null,
    range: null,
    sort: spec.defaultSort,
    direction: DEFAULT_DIRECTION,
    page: 1,
    pageSize: DEFAULT_TABLE_PAGE_SIZE,
  };
}

/** A value from the URL as the warning quotes it (short, whatever was typed). */
const quoted = (value: string) => `"${value.length > 30 ? `${value.slice(0, 30)}…` : value}"`;

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/** The URL's sort name of a field (the first that maps to it). */
export function sortParamOf<SortField extends string>(
  spec: TableSpec<string, SortField>,
  field: SortField,
): string {
  return Object.entries(spec.sorts).find(([, value]) => value === field)?.[0] ?? field;
}

export function readTableParams<Status extends string, SortField extends string>(
  spec: TableSpec<Status, SortField>,
  params: URLSearchParams,
): { state: TableState<Status, SortField>; ignored: string[] } {
  const state = defaultTableState(spec);
  const ignored: string[] = [];
  const get = (key: (typeof TABLE_PARAM_KEYS)[number]) => params.get(key);

  const q = (get('q') ?? '').trim();
  if (q.length > SEARCH_TEXT_MAX)
    ignored.push(`The search is cut to ${SEARCH_TEXT_MAX} characters.`);
  state.q = q.slice(0, SEARCH_TEXT_MAX);

  const status = get('status');
  if (status) {
    if (isOneOf(spec.statuses, status)) state.status = status;
    else ignored.push(`Unknown status ${quoted(status)}.`);
  }

  const role = get('role');
  if (role) {
    if (isOneOf(BUYER_ROLES, role)) state.role = role;
    else ignored.push(`Unknown role ${quoted(role)}.`);
  }

  const from = get('from');
  const to = get('to');
  if (from || to) {
    const range = { from: from ?? '', to: to ?? '' };
    const problem = rangeProblem(range);
    if (problem) ignored.push(`Dates: ${problem}`);
    else state.range = range;
  }

  const sort = get('sort');
  if (sort) {
    const field = Object.hasOwn(spec.sorts, sort) ? spec.sorts[sort] : undefined;
    if (field) state.sort = field;
    else ignored.push(`Unknown sort ${quoted(sort)}.`);
  }

  const dir = get('dir');
  if (dir) {
    if (dir === 'asc' || dir === 'desc') state.direction = dir;
    else ignored.push(`Unknown sort direction ${quoted(dir)}.`);
  }

  const page = get('page');
  if (page) {
    const n = /^\d{1,6}$/.test(page) ? Number(page) : NaN;
    if (n >= 1 && n <= MAX_PAGE) state.page = n;
    else ignored.push(`Page ${quoted(page)} is not a page number.`);
  }

  const size = get('size');
  if (size) {
    const n = Number(size);
    if (/^\d+$/.test(size) && isOneOf(TABLE_PAGE_SIZES.map(String), size)) state.pageSize = n;
    else ignored.push(`Page size ${quoted(size)} is not one of ${TABLE_PAGE_SIZES.join(', ')}.`);
  }

  return { state, ignored };
}

/**
 * The URL parameters of a table state: the other parameters (the tab) kept, ours rewritten with
 * only what differs from the defaults, so a clean link stays clean.
 */
export function writeTableParams<Status extends string, SortField extends string>(
  spec: TableSpec<Status, SortField>,
  state: TableState<Status, SortField>,
  previous: URLSearchParams,
): URLSearchParams {
  const next = new URLSearchParams(previous);
  for (const key of TABLE_PARAM_KEYS) next.delete(key);
  if (state.q) next.set('q', state.q);
  if (state.status) next.set('status', state.status);
  if (state.role) next.set('role', state.role);
  if (state.range) {
    next.set('from', state.range.from);
    next.set('to', state.range.to);
  }
  if (state.sort !== spec.defaultSort) next.set('sort', sortParamOf(spec, state.sort));
  if (state.direction !== DEFAULT_DIRECTION) next.set('dir', state.direction);
  if (state.page !== 1) next.set('page', String(state.page));
  if (state.pageSize !== DEFAULT_TABLE_PAGE_SIZE) next.set('size', String(state.pageSize));
  return next;
}

/** Whether the table is narrowed by a search or a filter (sort and page do not count). */
export function isFiltered(state: TableState<string, string>): boolean {
  return state.q !== '' || state.status !== null || state.role !== null || state.range !== null;
}

/** The filter of a table state: its search, filters and sort, without the page. */
export function tableFilter<Status extends string, SortField extends string>(
  state: TableState<Status, SortField>,
): TableFilter<Status, SortField> {
  return {
    q: state.q,
    status: state.status,
    role: state.role,
    range: state.range,
    sort: state.sort,
    direction: state.direction,
  };
}
