/**
 * The products of a price list in the editor: a picker that adds one product of the catalog, a
 * shortcut that adds every product of a category at one percentage off, and the rows, a page at a
 * time (a list may hold the whole catalog). Each row is an EntryRow.
 */
import { catalogCategories, type SavePriceListInput } from '@portal/domain';
import { Input, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useFieldArray, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import type { ProductWithPrices } from '@/entities/catalog';
import { Button } from '@/components/button';
import { FormField } from '@/components/form-field';
import { TablePager } from '@/components/table/table-pager';
import { EntryRow } from './entry-row';
import {
  categoryEntries,
  firstRowWithError,
  newEntry,
  percentProblem,
  type PriceListFormValues,
} from './price-list-form';

/** Rows shown at a time. */
export const ENTRIES_PAGE_SIZE = 20;

/** The page (from 1) that shows the row at `index`. */
export const pageOfRow = (index: number) => Math.floor(index / ENTRIES_PAGE_SIZE) + 1;

/** The page asked for, kept within the pages `rows` rows make (a list that shrank under it). */
function shownPage(rows: number, page: number): number {
  const pages = Math.max(1, Math.ceil(rows / ENTRIES_PAGE_SIZE));
  return Math.min(Math.max(1, page), pages);
}

type PriceListForm = UseFormReturn<PriceListFormValues, unknown, SavePriceListInput>;

const productLabel = (product: ProductWithPrices) =>
  [product.name, product.sku, product.is_active ? '' : '(inactive)'].filter(Boolean).join(' · ');

/** "Add all products in category…": a category, one percentage off, Add. */
function AddCategory({
  categories,
  onAdd,
}: {
  categories: readonly string[];
  /** Adds the category's products not in the list yet; how many were added and skipped. */
  onAdd: (category: string, percent: string) => { added: number; skipped: number };
}) {
  const [category, setCategory] = useState<string | null>(null);
  const [percent, setPercent] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState('');

  const add = () => {
    const wrong = category === null ? 'Choose a category' : percentProblem(percent);
    setProblem(wrong);
    setDone('');
    if (wrong || category === null) return;
    const { added, skipped } = onAdd(category, percent);
    const already = skipped > 0 ? ` (${skipped} already in the list)` : '';
    setDone(`Added ${added} product${added === 1 ? '' : 's'} of ${category}${already}.`);
  };

  return (
    <fieldset className="price-list-category">
      <legend className="price-list-category__legend">Add all products in category…</legend>
      <div className="price-list-category__inputs">
        <Select<string>
          aria-label="Category"
          className="price-list-category__select"
          placeholder="Category"
          options={categories.map((name) => ({ value: name, label: name }))}
          value={category}
          onChange={setCategory}
          status={problem && category === null ? 'error' : undefined}
        />
        <Input
          aria-label="Percent off for the category"
          className="price-list-category__percent"
          suffix="% off"
          inputMode="decimal"
          autoComplete="off"
          value={percent}
          onChange={(event) => setPercent(event.target.value)}
          onPressEnter={(event) => {
            event.preventDefault();
            add();
          }}
          status={problem && category !== null ? 'error' : undefined}
        />
        <Button onClick={add} disabled={categories.length === 0}>
          Add category
        </Button>
      </div>
      {problem && (
        <span role="alert" className="price-list-error price-list-category__message">
          {problem}
        </span>
      )}
      <span className="price-list-category__message" role="status">
        {done}
      </span>
    </fieldset>
  );
}

export function EntriesField({
  form,
  products,
  page,
  onPageChange,
}: {
  form: PriceListForm;
  products: readonly ProductWithPrices[];
  page: number;
  onPageChange: (page: number) => void;
}) {
  const { control } = form;
  const errors: FieldErrors<PriceListFormValues> = form.formState.errors;
  const { fields, append, remove } = useFieldArray({ control, name: 'entries' });
  const byId = useMemo(() => new Map(products.map((p) => [p.id, p])), [products]);
  const categories = useMemo(() => catalogCategories(products), [products]);
  const inList = useMemo(() => new Set(fields.map((field) => field.product_id)), [fields]);
  const productOptions = useMemo(
    () =>
      products
        .filter((product) => !inList.has(product.id))
        .map((product) => ({ value: product.id, label: productLabel(product) })),
    [products, inList],
  );
  const current = shownPage(fields.length, page);
  const first = (current - 1) * ENTRIES_PAGE_SIZE;
  const listError = errors.entries?.root?.message ?? errors.entries?.message;
  const errorRow = firstRowWithError(errors);
  // A row with a problem on another page than this one: say where.
  const errorPage = errorRow === null ? null : pageOfRow(errorRow);

  const addProduct = (productId: string) => {
    append(newEntry(productId), { focusName: `entries.${fields.length}.value` });
    onPageChange(pageOfRow(fields.length));
  };

  const addCategory = (category: string, percent: string) => {
    const { added, skipped } = categoryEntries(products, category, inList, percent);
    if (added.length > 0) {
      append(added, { shouldFocus: false });
      onPageChange(pageOfRow(fields.length));
    }
    return { added: added.length, skipped };
  };

  return (
    <section className="price-list-entries" aria-labelledby="price-list-entries-title">
      <h3 id="price-list-entries-title" className="price-list-entries__title">
        Products ({fields.length})
      </h3>
      <div className="price-list-entries__tools">
        <FormField id="price-list-add-product" label="Add a product">
          <Select<string | null>
            id="price-list-add-product"
            style={{ width: '100%' }}
            placeholder="Search the catalog by name or SKU"
            showSearch={{ optionFilterProp: 'label' }}
            options={productOptions}
            value={null}
            onChange={(productId) => productId && addProduct(productId)}
            notFoundContent="No product left to add"
          />
        </FormField>
        <AddCategory categories={categories} onAdd={addCategory} />
      </div>
      {listError && (
        <span role="alert" className="price-list-error price-list-entries__error">
          {listError}
        </span>
      )}
      {errorPage !== null && errorPage !== current && (
        <span role="alert" className="price-list-error price-list-entries__error">
          A product on page {errorPage} needs a fix.
        </span>
      )}
      <div className="price-list-entries__rows">
        {fields.slice(first, first + ENTRIES_PAGE_SIZE).map((field, k) => (
          <EntryRow
            key={field.id}
            control={control}
            index={first + k}
            product={byId.get(field.product_id)}
            errors={errors}
            onRemove={() => remove(first + k)}
          />
        ))}
      </div>
      {fields.length > ENTRIES_PAGE_SIZE && (
        <TablePager
          label="Products of the list"
          page={current}
          pageSize={ENTRIES_PAGE_SIZE}
          total={fields.length}
          pageSizes={[ENTRIES_PAGE_SIZE]}
          onChange={(to) => onPageChange(to)}
        />
      )}
    </section>
  );
}
