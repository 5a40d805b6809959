import { SearchOutlined } from '@/components/icons';
import { TextInput } from '@/components/text-input';
import { useMemo } from 'react';
import { MAX_SEARCH_LENGTH, STORE_SORT_LABELS, STORE_SORTS, type StoreSort } from '@portal/domain';
import { NativeSelect } from '@/components/native-select';

interface StoreToolbarProps {
  /** The search box's text (filters as it is typed). */
  search: string;
  onSearch: (text: string) => void;
  /** Enter in the search box: the query goes into the URL at once. */
  onSearchSubmit: () => void;
  category: string;
  categories: readonly string[];
  onCategory: (category: string) => void;
  sort: StoreSort;
  onSort: (sort: StoreSort) => void;
}

const sortOptions = STORE_SORTS.map((sort) => ({ value: sort, label: STORE_SORT_LABELS[sort] }));

/** The store's search box (name or SKU), category filter and sort; stacked on phones. */
export function StoreToolbar({
  search,
  onSearch,
  onSearchSubmit,
  category,
  categories,
  onCategory,
  sort,
  onSort,
}: StoreToolbarProps) {
  const categoryOptions = useMemo(
    () => [
      { value: '', label: 'All categories' },
      ...categories.map((name) => ({ value: name, label: name })),
    ],
    [categories],
  );
  return (
    <div role="search" className="store-toolbar" aria-label="Find products">
      <div className="store-toolbar__field store-toolbar__field--search">
        <label htmlFor="store-search" className="store-toolbar__label">
          Search
        </label>
        <TextInput
          id="store-search"
          size="large"
          value={search}
          maxLength={MAX_SEARCH_LENGTH}
          placeholder="Name, flavor or SKU"
          prefix={<SearchOutlined aria-hidden="true" />}
          autoComplete="off"
          enterKeyHint="search"
          allowClear
          onChange={(event) => onSearch(event.target.value)}
          onPressEnter={onSearchSubmit}
        />
      </div>
      <div className="store-toolbar__field">
        <label htmlFor="store-category" className="store-toolbar__label">
          Category
        </label>
        <NativeSelect
          id="store-category"
          value={category}
          options={categoryOptions}
          onChange={onCategory}
        />
      </div>
      <div className="store-toolbar__field">
        <label htmlFor="store-sort" className="store-toolbar__label">
          Sort by
        </label>
        <NativeSelect id="store-sort" value={sort} options={sortOptions} onChange={onSort} />
      </div>
    </div>
  );
}
