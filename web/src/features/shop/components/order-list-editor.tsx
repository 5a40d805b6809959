import { useId, useMemo, useState, type FormEvent } from 'react';
import {
  normalizeSku,
  ORDER_LIST_LIMITS,
  saveOrderListRequest,
  type OrderList,
} from '@portal/domain';
import { DeleteOutlined, PlusOutlined } from '@/components/icons';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { FormField } from '@/components/form-field';
import { TextInput } from '@/components/text-input';
import type { PricedProduct } from '@/entities/catalog';
import { useSaveOrderList } from '@/entities/order-lists';
import { callableErrorMessage } from '@/lib/callable-errors';
import { useNotify } from '@/lib/notify';

/** The words of the list editor (docs/product.md, Order lists). */
export const ORDER_LIST_EDITOR_TEXTS = {
  editorNew: 'New list',
  editorEdit: (name: string) => `Edit "${name}"`,
  name: 'List name',
  nameHint: 'For example "Main St every 2 weeks".',
  lines: 'Products',
  noLines: 'No products yet: add one below.',
  quantityOf: (name: string) => `Quantity of ${name}`,
  remove: 'Remove',
  removeLabel: (name: string) => `Remove ${name}`,
  addProduct: 'Add a product',
  addProductHint: 'Type a SKU or part of a product’s name, then choose Add.',
  add: 'Add',
  noMatch: (text: string) => `No product in your catalog matches "${text}".`,
  manyMatches: (count: number) => `${count} products match: type more of the name, or the SKU.`,
  alreadyListed: (name: string) => `${name} is on the list already: change its quantity above.`,
  typeProduct: 'Type a SKU or a product name.',
  save: 'Save list',
  cancel: 'Cancel',
  saved: (name: string) => ['List saved', `"${name}" is saved.`] as const,
  saveFailed: 'Could not save the list. Try again.',
} as const;
const T = ORDER_LIST_EDITOR_TEXTS;

interface EditedLine {
  productId: string;
  sku: string;
  name: string;
  /** As typed: checked on save. */
  quantity: string;
}

/**
 * The product a typed text names: an exact SKU, else the one product whose name or SKU contains
 * it; or why none is chosen.
 */
export function findProduct(
  text: string,
  catalog: readonly PricedProduct[],
): { product: PricedProduct } | { problem: string } {
  const typed = text.trim();
  if (!typed) return { problem: T.typeProduct };
  const sku = normalizeSku(typed);
  const exact = catalog.find((product) => product.sku !== '' && normalizeSku(product.sku) === sku);
  if (exact) return { product: exact };
  const words = typed.toLowerCase();
  const matches = catalog.filter(
    (product) =>
      product.name.toLowerCase().includes(words) || product.sku.toLowerCase().includes(words),
  );
  if (matches.length === 1) return { product: matches[0]! };
  if (matches.length === 0) return { problem: T.noMatch(typed) };
  return { problem: T.manyMatches(matches.length) };
}

/**
 * A list's name and lines as an owner or buyer edits them (a new list when `list` is null):
 * quantities, Remove, and Add a product by SKU or part of its name from the buyer's catalog.
 * Saving checks the domain's rules here and saveOrderList checks them again (and the name's
 * uniqueness); the server's refusal shows above the buttons.
 */
export function OrderListEditor({
  list,
  catalog,
  onDone,
}: {
  list: OrderList | null;
  catalog: readonly PricedProduct[];
  /** Saved (with the list's id) or cancelled (null). */
  onDone: (savedId: string | null) => void;
}) {
  const notify = useNotify();
  const saveList = useSaveOrderList();
  const formId = useId();
  const titleId = useId();
  const [name, setName] = useState(list?.name ?? '');
  const [lines, setLines] = useState<EditedLine[]>(
    () =>
      list?.lines.map((line) => ({
        productId: line.product_id,
        sku: line.sku,
        name: line.name,
        quantity: String(line.quantity),
      })) ?? [],
  );
  const [search, setSearch] = useState('');
  const [searchProblem, setSearchProblem] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const busy = saveList.isPending;
  const options = useMemo(() => catalog.filter((product) => product.sku !== ''), [catalog]);

  function addProduct() {
    const found = findProduct(search, catalog);
    if ('problem' in found) {
      setSearchProblem(found.problem);
      return;
    }
    const { product } = found;
    if (lines.some((line) => line.productId === product.id)) {
      setSearchProblem(T.alreadyListed(product.name));
      return;
    }
    setLines([
      ...lines,
      {
        productId: product.id,
        sku: product.sku,
        name: product.name,
        quantity: String(Math.max(product.min_quantity, product.case_pack, 1)),
      },
    ]);
    setSearch('');
    setSearchProblem(null);
    setProblem(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const checked = saveOrderListRequest.safeParse({
      listId: list?.id ?? null,
      name,
      lines: lines.map((line) => ({
        productId: line.productId,
        quantity: /^\d+$/.test(line.quantity.trim()) ? Number(line.quantity) : NaN,
      })),
    });
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? T.saveFailed);
      return;
    }
    setProblem(null);
    try {
      const { listId } = await saveList.mutateAsync(checked.data);
      notify.success(...T.saved(checked.data.name));
      onDone(listId);
    } catch (error) {
      setProblem(callableErrorMessage(error, T.saveFailed));
    }
  }

  const title = list ? T.editorEdit(list.name) : T.editorNew;
  return (
    <form
      id={formId}
      className="order-list-editor"
      aria-labelledby={titleId}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <h2 id={titleId} className="order-list-editor__title">
        {title}
      </h2>
      <FormField id={`${formId}-name`} label={T.name} hint={T.nameHint} className="profile-field">
        {(aria) => (
          <TextInput
            {...aria}
            required
            autoComplete="off"
            maxLength={ORDER_LIST_LIMITS.name}
            disabled={busy}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setProblem(null);
            }}
          />
        )}
      </FormField>
      <h3 className="order-list-editor__subtitle">{T.lines}</h3>
      {lines.length === 0 ? (
        <p className="order-lists__muted">{T.noLines}</p>
      ) : (
        <ul className="order-list-editor__lines" aria-label={T.lines}>
          {lines.map((line, index) => (
            <li key={line.productId} className="order-list-editor__line">
              <span className="order-list-editor__product">
                <code>{line.sku}</code> {line.name}
              </span>
              <TextInput
                className="order-list-editor__quantity"
                inputMode="numeric"
                aria-label={T.quantityOf(line.name)}
                disabled={busy}
                value={line.quantity}
                onChange={(event) => {
                  const quantity = event.target.value;
                  setLines(lines.map((l, i) => (i === index ? { ...l, quantity } : l)));
                  setProblem(null);
                }}
              />
              <Button
                size="small"
                icon={<DeleteOutlined />}
                disabled={busy}
                aria-label={T.removeLabel(line.name)}
                onClick={() => setLines(lines.filter((_, i) => i !== index))}
              >
                {T.remove}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="order-list-editor__add">
        <FormField
          id={`${formId}-add`}
          label={T.addProduct}
          hint={T.addProductHint}
          error={searchProblem ?? undefined}
          className="profile-field"
        >
          {(aria) => (
            <TextInput
              {...aria}
              list={`${formId}-products`}
              autoComplete="off"
              spellCheck={false}
              disabled={busy || lines.length >= ORDER_LIST_LIMITS.lines}
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setSearchProblem(null);
              }}
              onPressEnter={(event) => {
                event.preventDefault();
                addProduct();
              }}
            />
          )}
        </FormField>
        <datalist id={`${formId}-products`}>
          {options.map((product) => (
            <option key={product.id} value={product.sku}>
              {product.name}
            </option>
          ))}
        </datalist>
        <Button
          icon={<PlusOutlined />}
          disabled={busy || lines.length >= ORDER_LIST_LIMITS.lines}
          onClick={addProduct}
        >
          {T.add}
        </Button>
      </div>
      {problem && <Alert type="error" role="alert" title={problem} />}
      <div className="order-list-editor__actions">
        <Button onClick={() => onDone(null)} disabled={busy}>
          {T.cancel}
        </Button>
        <Button type="primary" htmlType="submit" loading={busy}>
          {T.save}
        </Button>
      </div>
    </form>
  );
}
